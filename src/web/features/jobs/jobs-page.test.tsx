import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { at } from '../../test/table';
import {
  aJob,
  API,
  fakeJobsApi,
  listItem,
  type FakeJobsApi,
  location,
  renderJobs,
} from './testing';

const api: FakeJobsApi = { jobs: [], listRequests: [], writes: [], pageSize: 50 };
const server = setupServer(...fakeJobsApi(api));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  api.jobs = [];
  api.listRequests = [];
  api.writes = [];
  api.pageSize = 50;
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const lastList = () => at(api.listRequests, api.listRequests.length - 1);
const jobRows = () =>
  within(screen.getByRole('table', { name: 'Jobs' }))
    .getAllByRole('row')
    .slice(1);
const rowOf = (title: string) => {
  const row = screen.getByRole('button', { name: title }).closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return row;
};

describe('JobsPage: loading, empty and error states', () => {
  it('shows the heading and 5 skeleton rows while the first page loads', async () => {
    server.use(
      http.get(`${API}/jobs`, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    renderJobs();
    expect(screen.getByRole('heading', { level: 1, name: 'Jobs' })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: /select all/i })).toBeDisabled(),
    );
  });

  it('tells a new operator how to get jobs when none is stored', async () => {
    renderJobs();
    expect(await screen.findByRole('heading', { name: 'No jobs yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Queries' })).toHaveAttribute('href', '/queries');
    expect(screen.getByRole('link', { name: 'Batches' })).toHaveAttribute('href', '/batches');
  });

  it('says nothing matches when filters are on, and clears them', async () => {
    api.jobs = [aJob(1, { state: 'hidden' })];
    renderJobs('/jobs?easy_apply=true');
    expect(await screen.findByText('No jobs match this search and these filters.')).toBeVisible();
    await userEvent.click(at(screen.getAllByRole('button', { name: 'Clear filters' }), 0));
    await waitFor(() => expect(location()).toBe('/jobs'));
  });

  it('shows a loading error with the server’s message', async () => {
    server.use(
      http.get(`${API}/jobs`, () =>
        HttpResponse.json({ error: 'database is locked' }, { status: 500 }),
      ),
    );
    renderJobs();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading jobs: database is locked',
    );
    expect(screen.queryByRole('table', { name: 'Jobs' })).not.toBeInTheDocument();
  });
});

describe('JobsPage: the list', () => {
  it('shows each job’s facts, a new marker, and the search terms that found it', async () => {
    const today = new Date();
    const threeDaysAgo = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 3);
    const posted = `${threeDaysAgo.getFullYear()}-${String(threeDaysAgo.getMonth() + 1).padStart(2, '0')}-${String(threeDaysAgo.getDate()).padStart(2, '0')}`;
    api.jobs = [
      aJob(1, {
        title: 'Senior Data Analyst',
        company_name: 'Acme GmbH',
        location: 'Berlin, Germany',
        workplace: 'hybrid',
        posted_at: posted,
        salary: '€70,000/yr - €85,000/yr',
        easy_apply: true,
        applicants: '87 applicants',
        search_terms: ['Data Analyst', 'BI Analyst'],
        state: 'new',
      }),
      aJob(2, { title: 'Engineer', state: 'applied' }),
    ];
    renderJobs();
    await screen.findByRole('button', { name: 'Senior Data Analyst' });
    const row = rowOf('Senior Data Analyst');
    expect(row).toHaveTextContent('Acme GmbH');
    expect(row).toHaveTextContent('Berlin, Germany');
    expect(row).toHaveTextContent('Hybrid');
    expect(row).toHaveTextContent('€70,000/yr - €85,000/yr');
    expect(row).toHaveTextContent('87 applicants');
    expect(row).toHaveTextContent('Easy Apply');
    expect(row).toHaveTextContent('Data Analyst · BI Analyst');
    expect(within(row).getByText('new')).toBeInTheDocument();
    const time = row.querySelector('time');
    expect(time).toHaveTextContent('3 days ago');
    expect(time).toHaveAttribute('dateTime', posted);
    expect(time?.getAttribute('title')).toContain(String(threeDaysAgo.getFullYear()));
    expect(within(rowOf('Engineer')).queryByText('new')).not.toBeInTheDocument();
    expect(within(rowOf('Engineer')).getByText('Applied')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2 jobs')).toBeInTheDocument();
    expect(lastList().get('limit')).toBe('50');
  });

  it('says "1,000+" when the server counted up to its cap', async () => {
    server.use(
      http.get(`${API}/jobs`, () =>
        HttpResponse.json({
          items: [listItem(aJob(1))],
          next_cursor: 'next',
          total: 1000,
          total_capped: true,
          total_jobs: 1000,
          total_jobs_capped: true,
        }),
      ),
    );
    renderJobs();
    expect(await screen.findByText('Showing 1 of 1,000+ jobs')).toBeInTheDocument();
  });

  it('pages with the cursor: "Load more" appends the next page and disappears at the end', async () => {
    api.pageSize = 2;
    api.jobs = [1, 2, 3, 4, 5].map((id) => aJob(id));
    renderJobs();
    await screen.findByRole('button', { name: 'Job 2' });
    expect(jobRows()).toHaveLength(2);
    expect(screen.getByText('Showing 2 of 5 jobs')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('button', { name: 'Job 4' });
    expect(lastList().get('cursor')).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('button', { name: 'Job 5' });
    expect(jobRows()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('highlights the search’s words with <mark>, built from text', async () => {
    api.jobs = [
      aJob(1, { title: 'Data Scientist <script>x</script>', company_name: 'Databricks' }),
    ];
    renderJobs('/jobs?q=data');
    const title = await screen.findByRole('button', { name: /Data Scientist/ });
    expect([...title.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Data']);
    expect(title).toHaveTextContent('Data Scientist <script>x</script>');
    expect(document.querySelector('script')).toBeNull();
    const company = within(rowOf('Data Scientist <script>x</script>')).getByText('Databricks');
    expect(company.tagName).toBe('MARK');
  });
});

describe('JobsPage: filters in the URL', () => {
  it('reads the filters from the URL, shows them, and asks the API with the same names', async () => {
    renderJobs(
      '/jobs?q=data&batch=3&posted=7d&workplace=remote&easy_apply=true&has_salary=true&company=Acme&state=saved,applied&sort=posted',
    );
    await screen.findByText('No jobs match this search and these filters.');
    const params = lastList();
    expect(Object.fromEntries(params)).toEqual({
      q: 'data',
      batch: '3',
      posted: '7d',
      workplace: 'remote',
      easy_apply: 'true',
      has_salary: 'true',
      company: 'Acme',
      state: 'saved,applied',
      sort: 'posted',
      // One row per group: the screen asks for it, the API's default is every job (issue 30).
      grouped: 'true',
      limit: '50',
    });
    expect(screen.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('data');
    expect(screen.getByRole('combobox', { name: 'Posted within' })).toHaveValue('7d');
    expect(screen.getByRole('combobox', { name: 'Batch' })).toHaveValue('3');
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveValue('posted');
    expect(screen.getByRole('checkbox', { name: 'Remote' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Hybrid' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Saved' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'New' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Company' })).toHaveValue('Acme');
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getByText('Past 7 days')).toBeInTheDocument();
    expect(within(chips).getByText('Batch #3')).toBeInTheDocument();
  });

  it('keeps the jobs of one saved query (the Overview’s searches), named on its chip (issue 32)', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(`${API}/query-runs`, () =>
        HttpResponse.json([
          {
            id: 9,
            batch_id: 2,
            query_id: 5,
            job_title: 'Data Engineer',
            location: 'Berlin, Germany',
            is_ai: false,
            status: 'completed',
            start_time: null,
            end_time: null,
            error: null,
          },
        ]),
      ),
    );
    renderJobs('/jobs?query=5');
    await screen.findByText('No jobs match this search and these filters.');
    expect(lastList().get('query')).toBe('5');
    const chips = screen.getByRole('list', { name: 'Active filters' });
    const chip = await within(chips).findByText('Query: Data Engineer · Berlin, Germany');
    await user.click(within(chip.closest('li') ?? chips).getByRole('button'));
    await waitFor(() => expect(lastList().get('query')).toBeNull());
  });

  it('folds the filters behind a Filters button that says whether they are shown (phones)', async () => {
    const user = userEvent.setup();
    renderJobs();
    await screen.findByRole('heading', { name: 'No jobs yet' });
    const button = screen.getByRole('button', { name: 'Filters' });
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).toContainElement(screen.getByRole('combobox', { name: 'Batch' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(panel).toHaveClass('max-sm:hidden');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toHaveClass('max-sm:hidden');
  });

  it('writes the search (debounced) and each filter to the URL, and removes them by chip', async () => {
    const user = userEvent.setup();
    renderJobs();
    await screen.findByRole('heading', { name: 'No jobs yet' });
    await user.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'data eng');
    await waitFor(() => expect(location()).toBe('/jobs?q=data+eng'));
    await waitFor(() => expect(lastList().get('q')).toBe('data eng'));
    // Searching keeps the newest order; relevance can now be chosen.
    expect(screen.getByRole('combobox', { name: 'Sort' })).toHaveValue('newest');
    expect(screen.getByRole('option', { name: 'Relevance' })).toBeEnabled();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Posted within' }), '24h');
    await user.click(screen.getByRole('checkbox', { name: 'Easy Apply' }));
    await user.click(screen.getByRole('checkbox', { name: 'On-site' }));
    await user.click(screen.getByRole('checkbox', { name: 'Hidden' }));
    await waitFor(() =>
      expect(location()).toBe(
        '/jobs?q=data+eng&posted=24h&workplace=on-site&easy_apply=true&state=new%2Cseen%2Csaved%2Capplied%2Chidden',
      ),
    );
    await waitFor(() => expect(lastList().get('state')).toBe('new,seen,saved,applied,hidden'));

    await user.click(screen.getByRole('button', { name: 'Remove filter Past 24 hours' }));
    await waitFor(() => expect(location()).not.toContain('posted='));
    const chips = screen.getByRole('list', { name: 'Active filters' });
    await user.click(within(chips).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location()).toBe('/jobs'));
    expect(screen.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('');
  });
});
