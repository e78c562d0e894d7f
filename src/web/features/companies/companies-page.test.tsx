import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SKELETON_ROWS } from '../../../contract/constants';
import { Toaster } from '../../components/ui/toaster';
import { CompaniesPage } from './companies-page';

const API = 'http://localhost:3000/api/v1';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

function renderPage() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <Toaster>
        <CompaniesPage />
      </Toaster>
    </QueryClientProvider>,
  );
}

type Banned = { id: number; normalized_name: string };

/** A block list the handlers change as the page blocks and unblocks, like the server would. */
function fakeServer(initial: Banned[]) {
  const list = [...initial];
  const calls = { get: 0, ban: [] as number[], unban: [] as number[] };
  server.use(
    http.get(`${API}/companies/banned`, () => {
      calls.get += 1;
      return HttpResponse.json([...list].sort((a, b) => a.id - b.id));
    }),
    http.post(`${API}/companies/:id/ban`, ({ params }) => {
      const id = Number(params.id);
      calls.ban.push(id);
      const row = { id, normalized_name: `company ${id}` };
      if (!list.some((c) => c.id === id)) list.push(row);
      return HttpResponse.json(row);
    }),
    http.delete(`${API}/companies/:id/ban`, ({ params }) => {
      const id = Number(params.id);
      calls.unban.push(id);
      const at = list.findIndex((c) => c.id === id);
      if (at >= 0) list.splice(at, 1);
      return HttpResponse.json({ success: true });
    }),
  );
  return calls;
}

const table = () => screen.getByRole('table', { name: 'Blocked Companies' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const rowTexts = () =>
  bodyRows().map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  );
const idField = () => screen.getByLabelText('Company ID');
const blockButton = () => screen.getByRole('button', { name: /^(Block Company|Blocking\.\.\.)$/ });

describe('CompaniesPage: layout', () => {
  it('shows the heading, both panels, the field and the table columns', async () => {
    fakeServer([]);
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Companies Management' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Block Company' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Blocked Companies' })).toBeInTheDocument();
    const field = idField();
    expect(field).toHaveAttribute('type', 'number');
    expect(field).toHaveAttribute('min', '1');
    expect(field).toBeRequired();
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 2)).toEqual(['ID', 'Company Name']);
    await screen.findByText('No blocked companies found.');
  });
});

describe('CompaniesPage: the blocked list', () => {
  it('shows 5 skeleton rows while loading', async () => {
    server.use(
      http.get(`${API}/companies/banned`, async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    renderPage();
    expect(await screen.findAllByTestId('skeleton-row')).toHaveLength(SKELETON_ROWS);
    expect(SKELETON_ROWS).toBe(5);
  });

  it('shows the empty state', async () => {
    fakeServer([]);
    renderPage();
    expect(await screen.findByText('No blocked companies found.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
  });

  it('lists each company with its id, its name and an Unblock button', async () => {
    fakeServer([
      { id: 1035, normalized_name: 'microsoft' },
      { id: 1441, normalized_name: 'google' },
    ]);
    renderPage();
    await screen.findByText('microsoft');
    expect(rowTexts()).toEqual([
      ['1035', 'microsoft', 'Unblock'],
      ['1441', 'google', 'Unblock'],
    ]);
  });

  it('says the name is not known yet when the server has none', async () => {
    fakeServer([{ id: 77, normalized_name: '' }]);
    renderPage();
    expect(await screen.findByText('Name not known yet')).toBeInTheDocument();
    expect(rowTexts()).toEqual([['77', 'Name not known yet', 'Unblock']]);
  });

  it('shows the loading error', async () => {
    server.use(
      http.get(`${API}/companies/banned`, () =>
        HttpResponse.json({ error: 'boom' }, { status: 500 }),
      ),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading blocked companies. Please try again.',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the loading error when the answer does not match the contract', async () => {
    server.use(http.get(`${API}/companies/banned`, () => HttpResponse.json([{ id: 'x' }])));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading blocked companies. Please try again.',
    );
  });
});

describe('CompaniesPage: blocking', () => {
  it('keeps the button disabled while the field is empty', async () => {
    fakeServer([]);
    const user = userEvent.setup();
    renderPage();
    expect(blockButton()).toBeDisabled();
    await user.type(idField(), '12');
    expect(blockButton()).toBeEnabled();
    await user.clear(idField());
    expect(blockButton()).toBeDisabled();
  });

  it('blocks, reads "Blocking..." while pending, then toasts, clears the field and refreshes the list', async () => {
    const calls = fakeServer([]);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.post(
        `${API}/companies/:id/ban`,
        async () => {
          await gate;
          return undefined; // fall through to fakeServer's handler
        },
        { once: true },
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('No blocked companies found.');
    const getsBefore = calls.get;
    await user.type(idField(), '1441');
    await user.click(blockButton());
    expect(await screen.findByRole('button', { name: 'Blocking...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('status')).toHaveTextContent('Company blocked successfully!');
    expect(calls.ban).toEqual([1441]);
    expect(idField()).toHaveValue(null);
    expect(blockButton()).toHaveTextContent('Block Company');
    expect(blockButton()).toBeDisabled();
    await screen.findByText('company 1441');
    expect(calls.get).toBeGreaterThan(getsBefore);
    expect(rowTexts()).toEqual([['1441', 'company 1441', 'Unblock']]);
  });

  it('blocks on Enter in the field', async () => {
    const calls = fakeServer([]);
    const user = userEvent.setup();
    renderPage();
    await user.type(idField(), '5{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Company blocked successfully!');
    expect(calls.ban).toEqual([5]);
  });

  it.each([['0'], ['-3'], ['1.5']])('sends nothing for "%s"', async (text) => {
    const calls = fakeServer([]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('No blocked companies found.');
    await user.type(idField(), text);
    await user.click(blockButton());
    // Give a request that should not exist the time to arrive.
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.ban).toEqual([]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(idField()).toHaveValue(Number(text));
  });

  it('shows the failure text and keeps the field when the block fails', async () => {
    fakeServer([]);
    server.use(
      http.post(`${API}/companies/:id/ban`, () =>
        HttpResponse.json({ error: 'nope' }, { status: 500 }),
      ),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('No blocked companies found.');
    await user.type(idField(), '99');
    await user.click(blockButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to block company. Please try again.',
    );
    expect(idField()).toHaveValue(99);
    expect(blockButton()).toHaveTextContent('Block Company');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the failure text when the network is down', async () => {
    fakeServer([]);
    server.use(http.post(`${API}/companies/:id/ban`, () => HttpResponse.error()));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage();
    await user.type(idField(), '3');
    await user.click(blockButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to block company. Please try again.',
    );
  });
});

describe('CompaniesPage: unblocking', () => {
  it('reads "Unblocking..." on that row only while pending, then refreshes the list', async () => {
    const calls = fakeServer([
      { id: 1, normalized_name: 'acme' },
      { id: 2, normalized_name: 'globex' },
    ]);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.delete(
        `${API}/companies/:id/ban`,
        async () => {
          await gate;
          return undefined;
        },
        { once: true },
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('acme');
    const [first] = bodyRows();
    if (!first) throw new Error('no rows');
    await user.click(within(first).getByRole('button', { name: 'Unblock' }));
    expect(await within(first).findByRole('button', { name: 'Unblocking...' })).toBeDisabled();
    const second = bodyRows()[1];
    if (!second) throw new Error('no second row');
    expect(within(second).getByRole('button', { name: 'Unblock' })).toBeEnabled();
    release();
    await waitFor(() => expect(screen.queryByText('acme')).not.toBeInTheDocument());
    expect(calls.unban).toEqual([1]);
    expect(rowTexts()).toEqual([['2', 'globex', 'Unblock']]);
  });

  it('fails silently: a warning in the console, nothing on screen', async () => {
    fakeServer([{ id: 1, normalized_name: 'acme' }]);
    server.use(
      http.delete(`${API}/companies/:id/ban`, () =>
        HttpResponse.json({ error: 'down' }, { status: 500 }),
      ),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('acme');
    await user.click(screen.getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(rowTexts()).toEqual([['1', 'acme', 'Unblock']]);
  });
});
