import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVE_BATCH_POLL_MS } from '../../../contract/constants';
import { recordDownloads, type RecordedDownloads } from '../../test/downloads';
import { testQueryClient } from '../../test/render';
import { at, bodyRowsOf, cellsOf } from '../../test/table';
import { QueryRunsPage } from './query-runs-page';

const API = 'http://localhost:3000/api/v1';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

function renderPage() {
  const queryClient = testQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <QueryRunsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function run(overrides: Record<string, unknown>) {
  return {
    id: 1,
    batch_id: 1,
    query_id: 1,
    job_title: 'Financial Analyst',
    location: 'San Francisco, CA',
    is_ai: false,
    status: 'completed',
    start_time: '2025-03-04T09:00:00.000Z',
    end_time: '2025-03-04T09:02:00.000Z',
    error: null,
    pages_fetched: 4,
    jobs_found: 90,
    ...overrides,
  };
}

function serveRuns(runs: unknown[]) {
  server.use(http.get(`${API}/query-runs`, () => HttpResponse.json(runs)));
}

describe('QueryRunsPage: the list', () => {
  it('shows the heading and a 5-row skeleton under the real header while loading', async () => {
    server.use(
      http.get(`${API}/query-runs`, async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Query Runs' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Batch ID',
      'Query ID',
      'Search Term',
      'Location',
      'Type',
      'Status',
      'Start Time',
      'End Time',
      'Actions',
    ]);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
  });

  it('shows the empty state', async () => {
    serveRuns([]);
    renderPage();
    expect(await screen.findByText('No query runs found.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
  });

  it('shows the loading error with the server message', async () => {
    server.use(
      http.get(`${API}/query-runs`, () =>
        HttpResponse.json({ error: 'database is locked' }, { status: 500 }),
      ),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Error loading query runs: database is locked$/,
    );
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
  });

  it('shows an unexpected answer as the loading error', async () => {
    server.use(http.get(`${API}/query-runs`, () => HttpResponse.json({ not: 'a list' })));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading query runs: The server sent an unexpected answer for /query-runs',
    );
  });

  it('keeps the server’s order and shows every column, with Export only when completed', async () => {
    serveRuns([
      run({
        id: 12,
        batch_id: 4,
        query_id: 7,
        job_title: 'Data Engineer',
        location: 'Remote',
        is_ai: true,
        status: 'running',
        end_time: null,
      }),
      run({
        id: 11,
        batch_id: 4,
        query_id: 2,
        status: 'failed',
        error: 'Search page could not be parsed',
      }),
      run({ id: 10, batch_id: 3, query_id: 2 }),
      run({
        id: 9,
        batch_id: 2,
        query_id: 2,
        start_time: null,
        end_time: null,
        status: 'running',
        pages_fetched: 0,
        jobs_found: 0,
      }),
    ]);
    renderPage();
    await screen.findByText('Data Engineer');
    const rows = bodyRowsOf('Query Runs');
    expect(rows.map((r) => cellsOf(r)[0])).toEqual(['#4', '#4', '#3', '#2']);
    expect(cellsOf(at(rows, 2))).toEqual([
      '#3',
      '#2',
      'Financial Analyst',
      'San Francisco, CA',
      'Standard',
      'completed90 jobs · 0 new',
      new Date('2025-03-04T09:00:00.000Z').toLocaleString(),
      new Date('2025-03-04T09:02:00.000Z').toLocaleString(),
      'ExportView jobs',
    ]);
    expect(cellsOf(at(rows, 0)).slice(0, 5)).toEqual(['#4', '#7', 'Data Engineer', 'Remote', 'AI']);
    expect(cellsOf(at(rows, 0))[7]).toBe('-');
    expect(cellsOf(at(rows, 3)).slice(6)).toEqual(['-', '-', '']);
    expect(cellsOf(at(rows, 1))[8]).toBe('');

    expect(screen.getAllByRole('button', { name: 'Export' })).toHaveLength(1);
    expect(within(at(rows, 2)).getByRole('button', { name: 'Export' })).toBeInTheDocument();
    // Beside it, the Jobs screen filtered on that run (issue 9).
    expect(screen.getAllByRole('link', { name: 'View jobs' })).toHaveLength(1);
    expect(within(at(rows, 2)).getByRole('link', { name: 'View jobs' })).toHaveAttribute(
      'href',
      '/jobs?run=10',
    );
  });

  it('shows the progress of a running run under its badge, and none once it ended', async () => {
    serveRuns([
      run({ id: 2, status: 'running', pages_fetched: 3, jobs_found: 27, end_time: null }),
      run({ id: 1, status: 'completed', pages_fetched: 3, jobs_found: 27 }),
    ]);
    renderPage();
    expect(await screen.findByText('page 3 · 27 jobs')).toBeInTheDocument();
    const rows = bodyRowsOf('Query Runs');
    expect(within(at(rows, 0)).getAllByRole('cell')).toHaveLength(9);
    expect(at(within(at(rows, 0)).getAllByRole('cell'), 5)).toHaveTextContent(
      /^runningpage 3 · 27 jobs$/,
    );
    expect(at(within(at(rows, 1)).getAllByRole('cell'), 5)).toHaveTextContent(
      /^completed27 jobs · 0 new$/,
    );
  });

  it('says how a completed standard run searched under its badge (issue 10)', async () => {
    serveRuns([
      run({ id: 3, status: 'completed', jobs_found: 31, jobs_new: 12, search_mode: 'incremental' }),
      run({ id: 2, status: 'completed', jobs_found: 940, jobs_new: 940, search_mode: 'full' }),
      run({ id: 1, status: 'completed', jobs_found: 20, jobs_new: 3, search_mode: null }),
    ]);
    renderPage();
    expect(await screen.findByText('incremental: 12 new of 31')).toBeInTheDocument();
    const rows = bodyRowsOf('Query Runs');
    expect(within(at(rows, 0)).getAllByRole('cell')).toHaveLength(9);
    expect(at(within(at(rows, 1)).getAllByRole('cell'), 5)).toHaveTextContent(
      /^completedfull: 940 new of 940$/,
    );
    // An AI run has no search mode: its jobs and how many were new (issue 9).
    expect(at(within(at(rows, 2)).getAllByRole('cell'), 5)).toHaveTextContent(
      /^completed20 jobs · 3 new$/,
    );
  });

  it('shows progress for a run that has not reported any yet', async () => {
    // An older server may leave the progress fields out; the contract counts them as 0.
    const {
      pages_fetched: _p,
      jobs_found: _j,
      ...bare
    } = run({ status: 'running', end_time: null });
    serveRuns([bare]);
    renderPage();
    expect(await screen.findByText('page 0 · 0 jobs')).toBeInTheDocument();
  });

  it('reveals a failed run’s reason on keyboard focus and on hover', async () => {
    const reason = 'The site kept refusing requests for 15 minutes';
    serveRuns([run({ status: 'failed', error: reason })]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('failed');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    await user.tab();
    expect(document.activeElement).toContainElement(screen.getByText('failed'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await user.hover(screen.getByText('failed'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
    expect(within(at(bodyRowsOf('Query Runs'), 0)).getAllByRole('cell')).toHaveLength(9);
  });

  it('marks a run whose batch the site parsed partly, naming the field (issue 32)', async () => {
    serveRuns([
      run({ id: 2, batch_id: 4, parsed_partly: ['salary'] }),
      run({ id: 1, batch_id: 3 }),
    ]);
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByText('completed');
    const rows = bodyRowsOf('Query Runs');
    const status = (row: number) => at(within(at(rows, row)).getAllByRole('cell'), 5);
    const badge = within(status(0)).getByText(/parsed partly/);
    expect(badge).toHaveTextContent(/^parsed partly: Salary$/);
    expect(within(badge).getByText(': Salary')).toHaveClass('sr-only');
    expect(within(status(1)).queryByText(/parsed partly/)).not.toBeInTheDocument();
    expect(within(at(rows, 0)).getAllByRole('cell')).toHaveLength(9);

    await user.tab();
    expect(document.activeElement).toContainElement(badge);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'The site’s pages no longer gave this field: Salary. See the Overview’s site health.',
    );
  });
});

describe('QueryRunsPage: export', () => {
  let downloads: RecordedDownloads;
  beforeEach(() => {
    downloads = recordDownloads();
  });

  it('downloads {batch_id}-{name}.xlsx with spaces as "-" and the title cut to 40 characters', async () => {
    serveRuns([
      run({
        id: 21,
        batch_id: 12,
        job_title: 'Senior Data Engineer for Payments and Risk Platform Berlin',
      }),
      run({ id: 20, batch_id: 7, job_title: 'Financial Analyst' }),
    ]);
    const requested: string[] = [];
    server.use(
      http.get(`${API}/query-runs/:id/export`, ({ params }) => {
        requested.push(String(params.id));
        return new HttpResponse(`xlsx-of-run-${String(params.id)}`);
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const buttons = await screen.findAllByRole('button', { name: 'Export' });
    await user.click(at(buttons, 0));
    await waitFor(() => expect(downloads.names).toHaveLength(1));
    await user.click(at(buttons, 1));
    await waitFor(() => expect(downloads.names).toHaveLength(2));
    expect(downloads.names).toEqual([
      '12-Senior-Data-Engineer-for-Payments-and-Ri.xlsx',
      '7-Financial-Analyst.xlsx',
    ]);
    expect(requested).toEqual(['21', '20']);
    expect(await at(downloads.blobs, 0).text()).toBe('xlsx-of-run-21');
  });

  it('fails silently: a console.warn only, no message on screen', async () => {
    serveRuns([run({ id: 5 })]);
    server.use(http.get(`${API}/query-runs/:id/export`, () => HttpResponse.error()));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(String(warn.mock.calls[0]?.[0])).toContain('query run 5');
    expect(downloads.names).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });
});

describe('QueryRunsPage: polling', () => {
  it('refreshes every 3 s while a run is running and stops once none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      [
        run({ id: 2, status: 'running', pages_fetched: 1, jobs_found: 10, end_time: null }),
        run({ id: 1 }),
      ],
      [
        run({ id: 2, status: 'running', pages_fetched: 3, jobs_found: 27, end_time: null }),
        run({ id: 1 }),
      ],
      [run({ id: 2, status: 'failed', error: 'Session expired' }), run({ id: 1 })],
    ];
    let calls = 0;
    server.use(
      http.get(`${API}/query-runs`, () => {
        const answer = answers[Math.min(calls, answers.length - 1)];
        calls += 1;
        return HttpResponse.json(answer);
      }),
    );
    renderPage();
    expect(await screen.findByText('page 1 · 10 jobs')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(ACTIVE_BATCH_POLL_MS - 500));
    expect(calls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(await screen.findByText('page 3 · 27 jobs')).toBeInTheDocument();
    expect(calls).toBe(2);

    await act(() => vi.advanceTimersByTimeAsync(ACTIVE_BATCH_POLL_MS));
    expect(await screen.findByText('failed')).toBeInTheDocument();
    expect(screen.queryByText(/^page /)).not.toBeInTheDocument();
    expect(calls).toBe(3);

    await act(() => vi.advanceTimersByTimeAsync(ACTIVE_BATCH_POLL_MS * 5));
    expect(calls).toBe(3);
  });

  it('does not poll when no run is running', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    server.use(
      http.get(`${API}/query-runs`, () => {
        calls += 1;
        return HttpResponse.json([run({ id: 1 }), run({ id: 2, status: 'failed', error: 'x' })]);
      }),
    );
    renderPage();
    await screen.findByText('completed');
    await act(() => vi.advanceTimersByTimeAsync(ACTIVE_BATCH_POLL_MS * 10));
    expect(calls).toBe(1);
  });
});
