import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { scheduleHandler } from './test-schedule';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVE_BATCH_POLL_MS } from '../../../contract/constants';
import { recordDownloads, type RecordedDownloads } from '../../test/downloads';
import { testQueryClient } from '../../test/render';
import { at, bodyRowsOf, cellsOf } from '../../test/table';
import { Toaster } from '../../components/ui/toaster';
import { BatchesPage } from './batches-page';

const API = 'http://localhost:3000/api/v1';
const CONFIRMATION =
  'Are you sure you want to start a new batch job? This will begin processing all active queries.';

const server = setupServer(scheduleHandler(API));
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
        <Toaster>
          <BatchesPage />
        </Toaster>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const completed = {
  id: 3,
  kind: 'manual',
  status: 'completed',
  started_at: '2025-03-04T09:00:00.000Z',
  finished_at: '2025-03-04T09:12:30.000Z',
};

function serveBatches(batches: unknown[]) {
  server.use(http.get(`${API}/batches`, () => HttpResponse.json(batches)));
}

describe('BatchesPage: the list', () => {
  it('shows when the next daily batch starts, above the table', async () => {
    server.use(http.get(`${API}/batches`, () => HttpResponse.json([])));
    renderPage();
    expect(
      await screen.findByText('Next daily batch: tomorrow at 09:00 (Europe/Berlin)'),
    ).toBeInTheDocument();
  });

  it('shows the heading and a 5-row skeleton under the real header while loading', async () => {
    server.use(
      http.get(`${API}/batches`, async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Batches' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Batch ID', 'Type', 'Status', 'Start Time', 'End Time', 'Actions']);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    expect(screen.queryByText('No batches found.')).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    serveBatches([]);
    renderPage();
    expect(await screen.findByText('No batches found.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
  });

  it('shows the loading error with the server message', async () => {
    server.use(
      http.get(`${API}/batches`, () =>
        HttpResponse.json({ error: 'database is locked' }, { status: 500 }),
      ),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading batches: database is locked',
    );
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
  });

  it('shows a network failure as the loading error', async () => {
    server.use(http.get(`${API}/batches`, () => HttpResponse.error()));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading batches: Network error',
    );
  });

  it('sorts by id descending and shows kind, status, local times or "-", and Export only when completed', async () => {
    serveBatches([
      {
        id: 1,
        kind: 'daily',
        status: 'failed',
        started_at: '2025-03-01T09:00:00.000Z',
        finished_at: null,
        error: 'x',
      },
      completed,
      {
        id: 2,
        kind: 'daily',
        status: 'enriching',
        started_at: '2025-03-02T09:00:00.000Z',
        finished_at: null,
      },
      { id: 4, kind: 'manual', status: 'running', started_at: null, finished_at: null },
    ]);
    renderPage();
    await screen.findByText('enriching');
    const rows = bodyRowsOf('Batches');
    expect(rows.map((r) => cellsOf(r)[0])).toEqual(['4', '3', '2', '1']);

    // A working batch offers Cancel instead (issue 12).
    expect(cellsOf(at(rows, 0))).toEqual(['4', 'manual', 'running', '-', '-', 'Cancel']);
    expect(cellsOf(at(rows, 1))).toEqual([
      '3',
      'manual',
      'completed0 jobs · 0 new',
      new Date(completed.started_at).toLocaleString(),
      new Date(completed.finished_at).toLocaleString(),
      'ExportView jobs',
    ]);
    expect(cellsOf(at(rows, 2))).toEqual([
      '2',
      'daily',
      'enriching',
      new Date('2025-03-02T09:00:00.000Z').toLocaleString(),
      '-',
      'Cancel',
    ]);
    expect(cellsOf(at(rows, 3))[2]).toBe('failed');

    // Export for the completed batch only.
    expect(screen.getAllByRole('button', { name: 'Export' })).toHaveLength(1);
    expect(within(at(rows, 1)).getByRole('button', { name: 'Export' })).toBeInTheDocument();
    // Beside it, the Jobs screen filtered on that batch (issue 9).
    expect(screen.getAllByRole('link', { name: 'View jobs' })).toHaveLength(1);
    expect(within(at(rows, 1)).getByRole('link', { name: 'View jobs' })).toHaveAttribute(
      'href',
      '/jobs?batch=3',
    );
    // The machine-readable time stays on the element.
    expect(at(within(at(rows, 1)).getAllByRole('cell'), 3).querySelector('time')).toHaveAttribute(
      'datetime',
      completed.started_at,
    );
  });

  it('gives each status its own colour', async () => {
    serveBatches(
      (['running', 'enriching', 'completed', 'failed'] as const).map((status, i) => ({
        id: i + 1,
        kind: 'daily',
        status,
        started_at: null,
        finished_at: null,
      })),
    );
    renderPage();
    await screen.findByText('enriching');
    const classes = ['running', 'enriching', 'completed', 'failed'].map(
      (s) => screen.getByText(s).className,
    );
    expect(new Set(classes).size).toBe(4);
  });

  it('shows a missing kind as daily and a missing status as running', async () => {
    serveBatches([{ id: 9, started_at: null, finished_at: null }]);
    renderPage();
    await screen.findByText('daily');
    expect(cellsOf(at(bodyRowsOf('Batches'), 0))).toEqual([
      '9',
      'daily',
      'running',
      '-',
      '-',
      'Cancel',
    ]);
  });

  it('shows progress under the badge of a running or enriching batch, and none once finished', async () => {
    const progress = {
      runs_total: 5,
      runs_done: 2,
      jobs_found: 140,
      jobs_to_enrich: 120,
      jobs_enriched: 40,
    };
    serveBatches([
      { id: 3, kind: 'manual', status: 'running', started_at: null, finished_at: null, progress },
      { id: 2, kind: 'manual', status: 'enriching', started_at: null, finished_at: null, progress },
      { ...completed, id: 1, progress },
    ]);
    renderPage();
    expect(await screen.findByText('2/5 queries · 140 jobs')).toBeInTheDocument();
    expect(screen.getByText('enriching 40/120')).toBeInTheDocument();
    const rows = bodyRowsOf('Batches');
    // Same six columns; the progress sits inside the Status cell.
    expect(within(at(rows, 0)).getAllByRole('cell')).toHaveLength(6);
    expect(at(within(at(rows, 0)).getAllByRole('cell'), 2)).toHaveTextContent(
      'running2/5 queries · 140 jobs',
    );
    // Once finished, the progress gives way to the batch's job counts.
    expect(at(within(at(rows, 2)).getAllByRole('cell'), 2)).toHaveTextContent(
      /^completed0 jobs · 0 new$/,
    );
  });

  it('says how a completed batch searched under its badge (issue 10)', async () => {
    serveBatches([
      { ...completed, id: 3, jobs_new: 12, jobs_total: 31, search_mode: 'incremental' },
      { ...completed, id: 2, jobs_new: 5, jobs_total: 80, search_mode: 'mixed' },
      { ...completed, id: 1, jobs_new: 900, jobs_total: 900, search_mode: 'full' },
    ]);
    renderPage();
    expect(await screen.findByText('incremental: 12 new of 31')).toBeInTheDocument();
    expect(screen.getByText('partly incremental: 5 new of 80')).toBeInTheDocument();
    const rows = bodyRowsOf('Batches');
    expect(within(at(rows, 2)).getAllByRole('cell')).toHaveLength(6);
    expect(at(within(at(rows, 2)).getAllByRole('cell'), 2)).toHaveTextContent(
      /^completedfull: 900 new of 900$/,
    );
  });

  it('reveals a failed batch’s reason on keyboard focus and on hover', async () => {
    const reason = 'The site rejected the stored cookies';
    serveBatches([
      {
        id: 5,
        kind: 'daily',
        status: 'failed',
        started_at: null,
        finished_at: null,
        error: reason,
      },
    ]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('failed');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(within(at(bodyRowsOf('Batches'), 0)).getAllByRole('cell')).toHaveLength(6);

    await screen.findByText(/^Next daily batch:/);
    await user.tab(); // Run Batch
    await user.tab(); // the schedule line's tooltip (issue 12)
    await user.tab();
    expect(document.activeElement).toContainElement(screen.getByText('failed'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await user.hover(screen.getByText('failed'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
  });

  it('marks a batch the site parsed partly beside its status, naming the fields (issue 32)', async () => {
    serveBatches([
      { ...completed, id: 3, parsed_partly: ['posted_at', 'salary'] },
      // An older server sends no such field; a field this client does not know is left out.
      { ...completed, id: 2 },
      { ...completed, id: 1, parsed_partly: ['salary', 'favicon'] },
    ]);
    const user = userEvent.setup();
    renderPage();
    await screen.findAllByText('completed');
    const rows = bodyRowsOf('Batches');
    const status = (row: number) => at(within(at(rows, row)).getAllByRole('cell'), 2);
    // The badge reads "parsed partly"; a screen reader hears the fields with it.
    const badge = within(status(0)).getByText('parsed partly', { exact: false });
    expect(badge).toHaveTextContent(/^parsed partly: Posted date, Salary$/);
    expect(within(badge).getByText(': Posted date, Salary')).toHaveClass('sr-only');
    expect(within(status(1)).queryByText(/parsed partly/)).not.toBeInTheDocument();
    expect(within(status(2)).getByText(/parsed partly/)).toHaveTextContent(
      /^parsed partly: Salary$/,
    );
    // Still the six columns: the mark sits in the Status cell, beside the badge.
    expect(within(at(rows, 0)).getAllByRole('cell')).toHaveLength(6);
    expect(status(0)).toHaveTextContent(
      /^completedparsed partly: Posted date, Salary0 jobs · 0 new$/,
    );

    // Named on hover and on keyboard focus.
    await user.hover(badge);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'The site’s pages no longer gave these fields: Posted date, Salary. See the Overview’s site health.',
    );
    await user.unhover(badge);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    await screen.findByText(/^Next daily batch:/);
    await user.tab(); // Run Batch
    await user.tab(); // the schedule line's tooltip (issue 12)
    await user.tab();
    expect(document.activeElement).toContainElement(badge);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'no longer gave these fields: Posted date, Salary',
    );
  });
});

describe('BatchesPage: Run Batch', () => {
  it('asks for confirmation with the exact text, and Cancel sends nothing', async () => {
    serveBatches([]);
    const posted = vi.fn();
    server.use(
      http.post(`${API}/batches`, () => {
        posted();
        return HttpResponse.json({ ...completed, id: 10 });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('No batches found.');
    await user.click(screen.getByRole('button', { name: 'Run Batch' }));
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByText(CONFIRMATION)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();
  });

  it('reads "Starting..." while pending, then toasts success and refreshes the list', async () => {
    let listed = 0;
    let started = false;
    const newBatch = {
      id: 10,
      kind: 'manual',
      status: 'running',
      started_at: '2025-03-05T10:00:00.000Z',
      finished_at: null,
    };
    let releasePost: () => void = () => {};
    server.use(
      http.get(`${API}/batches`, () => {
        listed += 1;
        return HttpResponse.json(started ? [completed, newBatch] : [completed]);
      }),
      http.post(`${API}/batches`, async ({ request }) => {
        expect(await request.text()).toBe('');
        await new Promise<void>((resolve) => (releasePost = resolve));
        started = true;
        return HttpResponse.json(newBatch, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('completed');
    expect(listed).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Run Batch' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }),
    );
    const pending = await screen.findByRole('button', { name: 'Starting...' });
    expect(pending).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Run Batch' })).not.toBeInTheDocument();

    act(() => releasePost());
    expect(await screen.findByRole('status')).toHaveTextContent('Batch started successfully!');
    expect(await screen.findByText('10')).toBeInTheDocument();
    expect(listed).toBe(2);
    expect(screen.getByRole('button', { name: 'Run Batch' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  async function startAndFail(respond: () => Response) {
    serveBatches([completed]);
    server.use(http.post(`${API}/batches`, respond));
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('completed');
    await user.click(screen.getByRole('button', { name: 'Run Batch' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }),
    );
    return user;
  }

  it('shows a 409 as "Error starting batch: A batch is already running"', async () => {
    await startAndFail(() =>
      HttpResponse.json({ error: 'A batch is already running' }, { status: 409 }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Error starting batch: A batch is already running$/,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // The list stays as it was.
    expect(bodyRowsOf('Batches')).toHaveLength(1);
  });

  it('shows "An unknown error occurred" in place of the message when the server gave none', async () => {
    await startAndFail(() => new HttpResponse('upstream exploded', { status: 502 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Error starting batch: An unknown error occurred$/,
    );
  });

  it('shows a dropped connection as "Error starting batch: Network error"', async () => {
    await startAndFail(() => HttpResponse.error());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Error starting batch: Network error$/,
    );
  });

  it('clears the previous error when the operator tries again and succeeds', async () => {
    let attempts = 0;
    const user = await startAndFail(() => {
      attempts += 1;
      return attempts === 1
        ? HttpResponse.json({ error: 'A batch is already running' }, { status: 409 })
        : HttpResponse.json({ ...completed, id: 11, status: 'running' });
    });
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Run Batch' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Batch started successfully!');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('BatchesPage: export', () => {
  let downloads: RecordedDownloads;
  beforeEach(() => {
    downloads = recordDownloads();
  });

  it('downloads a completed batch as batch-{id}.xlsx', async () => {
    serveBatches([completed]);
    const requested: string[] = [];
    server.use(
      http.get(`${API}/batches/:id/export`, ({ request }) => {
        requested.push(new URL(request.url).pathname + new URL(request.url).search);
        return new HttpResponse('PK-xlsx-bytes', {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          },
        });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await waitFor(() => expect(downloads.names).toEqual(['batch-3.xlsx']));
    expect(requested).toEqual(['/api/v1/batches/3/export?format=xlsx']);
    expect(await at(downloads.blobs, 0).text()).toBe('PK-xlsx-bytes');
  });

  it('fails silently: a console.warn only, no message on screen', async () => {
    serveBatches([completed]);
    server.use(
      http.get(`${API}/batches/:id/export`, () =>
        HttpResponse.json({ error: 'boom' }, { status: 500 }),
      ),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(String(warn.mock.calls[0]?.[0])).toContain('batch 3');
    expect(downloads.names).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });
});

describe('BatchesPage: polling', () => {
  it('refreshes every 3 s while a batch is running or enriching and stops once it ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const progress = {
      runs_total: 2,
      runs_done: 1,
      jobs_found: 25,
      jobs_to_enrich: 25,
      jobs_enriched: 10,
    };
    const states = [
      { status: 'running', finished_at: null, progress },
      { status: 'enriching', finished_at: null, progress },
      { status: 'completed', finished_at: '2025-03-04T09:12:30.000Z', progress },
    ];
    let calls = 0;
    server.use(
      http.get(`${API}/batches`, () => {
        const state = states[Math.min(calls, states.length - 1)];
        calls += 1;
        return HttpResponse.json([
          { id: 7, kind: 'manual', started_at: '2025-03-04T09:00:00.000Z', ...state },
        ]);
      }),
    );
    renderPage();
    expect(await screen.findByText('1/2 queries · 25 jobs')).toBeInTheDocument();
    expect(calls).toBe(1);

    // Not before the interval is up.
    await act(() => vi.advanceTimersByTimeAsync(ACTIVE_BATCH_POLL_MS - 500));
    expect(calls).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(await screen.findByText('enriching 10/25')).toBeInTheDocument();
    expect(calls).toBe(2);

    await act(() => vi.advanceTimersByTimeAsync(ACTIVE_BATCH_POLL_MS));
    expect(await screen.findByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByText('completed')).toBeInTheDocument();
    expect(calls).toBe(3);

    // Nothing is active any more: no further requests.
    await act(() => vi.advanceTimersByTimeAsync(ACTIVE_BATCH_POLL_MS * 5));
    expect(calls).toBe(3);
  });

  it('does not poll when no batch is active', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    server.use(
      http.get(`${API}/batches`, () => {
        calls += 1;
        return HttpResponse.json([completed, { ...completed, id: 2, status: 'failed' }]);
      }),
    );
    renderPage();
    await screen.findByText('completed');
    await act(() => vi.advanceTimersByTimeAsync(ACTIVE_BATCH_POLL_MS * 10));
    expect(calls).toBe(1);
  });
});
