import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, findChart, NEW_JOBS, renderOverview, serveOverview } from './testing';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const PARTS = ['headlines', 'market', 'new-jobs', 'pipeline', 'searches', 'site-health', 'triage'];
const location = () => screen.getByTestId('location').textContent ?? '';

/** The parts asked for with these search params, each once however often it was asked. */
function askedWith(requests: { part: string; params: URLSearchParams }[], search: string) {
  return [...new Set(requests.filter((r) => r.params.toString() === search).map((r) => r.part))]
    .sort()
    .join(',');
}

describe('OverviewPage: the range and the query in the URL', () => {
  it('asks each of the calls for the range and query the URL holds', async () => {
    const requests = serveOverview(server);
    renderOverview('/overview?range=90&query=2');
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    await findChart('New jobs per day');
    await waitFor(() => expect(askedWith(requests, 'range=90&query=2')).toBe(PARTS.join(',')));
    expect(requests.every((r) => r.params.toString() === 'range=90&query=2')).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Range' })).toHaveValue('90');
    // The saved queries fill the select; the URL's query is the one chosen.
    const search = screen.getByRole('combobox', { name: 'Query' });
    await within(search).findByRole('option', { name: 'Financial Analyst · New York' });
    expect(search).toHaveValue('2');
    expect(
      within(search)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All queries',
      'Data Analyst · Berlin, Germany',
      'Financial Analyst · New York',
      'Old search · Paris, France (archived)',
    ]);
  });

  it('asks for 30 days of every query when the URL says nothing, or nothing valid', async () => {
    const requests = serveOverview(server);
    renderOverview('/overview?range=12&query=abc');
    await findChart('New jobs per day');
    await waitFor(() => expect(askedWith(requests, 'range=30')).toBe(PARTS.join(',')));
    expect(requests.every((r) => r.params.toString() === 'range=30')).toBe(true);
  });

  it('puts a new range and query in the URL and asks again with them', async () => {
    const user = userEvent.setup();
    const requests = serveOverview(server);
    renderOverview();
    await findChart('New jobs per day');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'Last 7 days');
    expect(location()).toBe('/overview?range=7');
    await waitFor(() => expect(askedWith(requests, 'range=7')).toBe(PARTS.join(',')));

    const search = screen.getByRole('combobox', { name: 'Query' });
    await within(search).findByRole('option', { name: 'Data Analyst · Berlin, Germany' });
    await user.selectOptions(search, 'Data Analyst · Berlin, Germany');
    expect(location()).toBe('/overview?range=7&query=1');
    await waitFor(() => expect(askedWith(requests, 'range=7&query=1')).toBe(PARTS.join(',')));

    // The default range leaves the URL; "All queries" drops the query.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'Last 30 days');
    await user.selectOptions(search, 'All queries');
    expect(location()).toBe('/overview');
  });

  it('keeps a query from a shared link chosen while the list does not hold it', async () => {
    serveOverview(server);
    renderOverview('/overview?query=77');
    const search = screen.getByRole('combobox', { name: 'Query' });
    await within(search).findByRole('option', { name: 'Data Analyst · Berlin, Germany' });
    expect(search).toHaveValue('77');
    expect(within(search).getByRole('option', { name: 'Query #77' })).toBeInTheDocument();
  });
});

describe('OverviewPage: loading, errors and no data', () => {
  it('shows each section loading on its own, and the others as they come', async () => {
    serveOverview(server);
    server.use(
      http.get(`${API}/overview/market`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderOverview();
    await findChart('New jobs per day');
    const market = screen.getByRole('region', { name: 'Market' });
    expect(market).toHaveAttribute('aria-busy', 'true');
    expect(within(market).getByRole('status')).toHaveTextContent('Loading...');
    expect(await findChart('Triage')).toBeInTheDocument();
  });

  it('shows a failed call in its own section, and the others still draw', async () => {
    serveOverview(server);
    server.use(
      http.get(`${API}/overview/site-health`, () =>
        HttpResponse.json({ error: 'range must be one of 7, 30, 90, all' }, { status: 400 }),
      ),
    );
    renderOverview();
    const health = await screen.findByRole('region', { name: 'Site health' });
    expect(await within(health).findByRole('alert')).toHaveTextContent(
      'Error loading site health: range must be one of 7, 30, 90, all',
    );
    expect(await findChart('New jobs per day')).toBeInTheDocument();
  });

  it('says so in a sentence when a range has no jobs, instead of an empty axis', async () => {
    const zeros = NEW_JOBS.days.map(() => 0);
    serveOverview(server, {
      'new-jobs': {
        ...NEW_JOBS,
        series: [],
        reposts: zeros,
        hidden_by_rules: zeros,
        total: zeros,
      },
    });
    renderOverview();
    const frame = await findChart('New jobs per day');
    expect(frame).toHaveTextContent(
      'No new jobs in this range yet: they appear here once a batch stores some.',
    );
    expect(within(frame).queryByRole('group')).not.toBeInTheDocument();
    expect(within(frame).queryByRole('button', { name: 'Show as table' })).not.toBeInTheDocument();
    expect(within(frame).queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });
});
