import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordDownloads } from '../../test/downloads';
import { bulkUpdateJobState } from './api/bulk-update-job-state';
import { aJob, API, fakeJobsApi, type FakeJobsApi, location, renderJobs } from './testing';

const api: FakeJobsApi = { jobs: [], listRequests: [], writes: [], pageSize: 50 };
const server = setupServer(...fakeJobsApi(api));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  api.listRequests = [];
  api.writes = [];
  api.pageSize = 50;
  api.jobs = [
    aJob(1, {
      title: 'Senior Data Analyst',
      company_name: 'Acme GmbH',
      company_id: 1441,
      state: 'new',
      seniority: 'Mid-Senior level',
      employment_type: 'Full-time',
      job_function: 'Analyst',
      industries: 'Software Development',
      salary: '€70,000/yr',
      applicants: '87 applicants',
      easy_apply: true,
      description_html:
        '<p>We are <strong>hiring</strong>.</p><ul><li>SQL</li><li>Python</li></ul><p><a href="https://acme.example/jobs">More</a></p>',
      found_by: [
        {
          run_id: 12,
          batch_id: 3,
          query_id: 4,
          search_term: 'Data Analyst',
          search_location: 'Berlin, Germany',
        },
      ],
    }),
    aJob(2, { title: 'BI Developer', company_name: 'Globex', company_id: null }),
    aJob(3, { title: 'Analytics Engineer', company_name: 'Initech', company_id: 77 }),
  ];
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

// The panel is a lazy chunk: on a loaded machine its first load may take more than a second.
const PANEL = { timeout: 5000 };
const highlightedTitle = () =>
  document.querySelector('tr[aria-current="true"] button')?.textContent ?? null;

describe('JobsPage: the detail panel', () => {
  it('opens from the title with everything stored, renders the sanitised description, and marks it seen', async () => {
    const user = userEvent.setup();
    renderJobs();
    await user.click(await screen.findByRole('button', { name: 'Senior Data Analyst' }));
    const panel = await screen.findByRole('dialog', { name: 'Senior Data Analyst' }, PANEL);
    expect(location()).toBe('/jobs?job=1');
    await within(panel).findByText('Mid-Senior level');
    for (const text of [
      'Acme GmbH',
      'ID 1441',
      'Berlin, Germany',
      '87 applicants',
      '€70,000/yr',
      'Full-time',
      'Analyst',
      'Software Development',
    ])
      expect(within(panel).getAllByText(text).length).toBeGreaterThan(0);
    const description = panel.querySelector('.job-description');
    expect(description?.querySelectorAll('li')).toHaveLength(2);
    expect(description?.querySelector('strong')).toHaveTextContent('hiring');
    expect(within(panel).getByRole('link', { name: 'run #12' })).toHaveAttribute(
      'href',
      '/jobs?run=12',
    );
    expect(within(panel).getByRole('link', { name: 'batch #3' })).toHaveAttribute(
      'href',
      '/jobs?batch=3',
    );
    const open = within(panel).getByRole('link', { name: 'Open on LinkedIn' });
    expect(open).toHaveAttribute('href', 'https://www.linkedin.com/jobs/view/1');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    await waitFor(() =>
      expect(api.writes).toContainEqual({
        method: 'PATCH',
        path: '/jobs/1',
        body: { state: 'seen' },
      }),
    );
    // Escape closes it, and focus goes back to the title that opened it.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/jobs');
    expect(screen.getByRole('button', { name: 'Senior Data Analyst' })).toHaveFocus();
  });

  it('opens from a shared link, and does not mark a job that is not new', async () => {
    renderJobs('/jobs?job=3');
    expect(
      await screen.findByRole('dialog', { name: 'Analytics Engineer' }, PANEL),
    ).toBeInTheDocument();
    expect(api.writes).toEqual([]);
  });

  it('Save, Applied and Hide change the state; pressing the current one takes it back to seen', async () => {
    const user = userEvent.setup();
    renderJobs('/jobs?job=3');
    const panel = await screen.findByRole('dialog', { name: 'Analytics Engineer' }, PANEL);
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(panel).getByRole('status')).toHaveTextContent('Saved: Analytics Engineer'),
    );
    expect(await within(panel).findByRole('button', { name: 'Saved' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(panel).getByRole('button', { name: 'Saved' }));
    await user.click(await within(panel).findByRole('button', { name: 'Applied' }));
    await waitFor(() =>
      expect(api.writes.map((w) => w.body)).toEqual([
        { state: 'saved' },
        { state: 'seen' },
        { state: 'applied' },
      ]),
    );
    await user.click(within(panel).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(api.writes.at(-1)?.body).toEqual({ state: 'hidden' }));
    // A hidden job leaves the default view once the list is fetched again.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Analytics Engineer' })).not.toBeInTheDocument(),
    );
  });

  it('blocks the company after the confirmation, and its jobs leave the list', async () => {
    const user = userEvent.setup();
    renderJobs('/jobs?job=3');
    const panel = await screen.findByRole('dialog', { name: 'Analytics Engineer' }, PANEL);
    await user.click(within(panel).getByRole('button', { name: 'Block company' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Block Initech?');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.writes).toEqual([]);
    await user.click(within(panel).getByRole('button', { name: 'Block company' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() =>
      expect(within(panel).getByRole('status')).toHaveTextContent('Company blocked successfully!'),
    );
    expect(api.writes).toContainEqual({ method: 'POST', path: '/companies/77/ban', body: null });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Analytics Engineer' })).not.toBeInTheDocument(),
    );
    expect(await within(panel).findByText('Company blocked')).toBeInTheDocument();
  });

  it('disables Block company, with the reason, when the company id is unknown', async () => {
    renderJobs('/jobs?job=2');
    const panel = await screen.findByRole('dialog', { name: 'BI Developer' }, PANEL);
    const button = await within(panel).findByRole('button', { name: 'Block company' });
    expect(button).toBeDisabled();
    expect(within(panel).getByText('ID unknown')).toBeInTheDocument();
    // The tooltip's wrapper: a disabled button gets no pointer events of its own.
    const trigger = button.parentElement;
    if (!trigger) throw new Error('the button has no tooltip wrapper');
    await userEvent.hover(trigger);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('ID is unknown');
  });
});

describe('JobsPage: keyboard', () => {
  it('j/k move the highlighted row, Enter opens it, s/a/h triage it, o opens it on the site', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderJobs();
    await screen.findByRole('button', { name: 'BI Developer' });
    await user.keyboard('j');
    expect(highlightedTitle()).toBe('Senior Data Analyst');
    await user.keyboard('jj');
    expect(highlightedTitle()).toBe('Analytics Engineer');
    await user.keyboard('j');
    expect(highlightedTitle()).toBe('Analytics Engineer');
    await user.keyboard('k');
    expect(highlightedTitle()).toBe('BI Developer');
    expect(screen.getByText('2 of 3: BI Developer at Globex')).toBeInTheDocument();

    await user.keyboard('s');
    await waitFor(() =>
      expect(api.writes).toContainEqual({
        method: 'PATCH',
        path: '/jobs/2',
        body: { state: 'saved' },
      }),
    );
    await user.keyboard('a');
    await waitFor(() => expect(api.writes.at(-1)?.body).toEqual({ state: 'applied' }));
    await user.keyboard('o');
    expect(open).toHaveBeenCalledWith(
      'https://www.linkedin.com/jobs/view/2',
      '_blank',
      'noopener,noreferrer',
    );
    await user.keyboard('h');
    await waitFor(() => expect(api.writes.at(-1)?.body).toEqual({ state: 'hidden' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'BI Developer' })).not.toBeInTheDocument(),
    );

    await user.keyboard('k{Enter}');
    expect(
      await screen.findByRole('dialog', { name: 'Senior Data Analyst' }, PANEL),
    ).toBeInTheDocument();
    // In the panel, j moves on to the next job.
    await user.keyboard('j');
    expect(
      await screen.findByRole('dialog', { name: 'Analytics Engineer' }, PANEL),
    ).toBeInTheDocument();
  });

  it('acts on the open job even when the list does not hold it (a hidden job from a link)', async () => {
    api.jobs.push(aJob(9, { title: 'Old Hidden Job', state: 'hidden' }));
    const user = userEvent.setup();
    renderJobs('/jobs?job=9');
    const panel = await screen.findByRole('dialog', { name: 'Old Hidden Job' }, PANEL);
    expect(await within(panel).findByRole('button', { name: 'Hidden' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.keyboard('h');
    await waitFor(() =>
      expect(api.writes).toEqual([{ method: 'PATCH', path: '/jobs/9', body: { state: 'seen' } }]),
    );
    expect(await within(panel).findByRole('button', { name: 'Hide' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('ignores the keys while the operator types in a field', async () => {
    const user = userEvent.setup();
    renderJobs();
    await screen.findByRole('button', { name: 'BI Developer' });
    await user.type(screen.getByRole('textbox', { name: 'Company' }), 'jash');
    expect(highlightedTitle()).toBeNull();
    await waitFor(() => expect(location()).toBe('/jobs?company=jash'));
    expect(api.writes).toEqual([]);
  });

  it('keeps working after ticking a row’s checkbox', async () => {
    const user = userEvent.setup();
    renderJobs();
    await user.click(await screen.findByRole('checkbox', { name: 'Select BI Developer' }));
    expect(screen.getByRole('checkbox', { name: 'Select BI Developer' })).toHaveFocus();
    // A click on a row highlights it; the keys go on from there.
    expect(highlightedTitle()).toBe('BI Developer');
    await user.keyboard('j');
    expect(highlightedTitle()).toBe('Analytics Engineer');
  });
});

describe('JobsPage: bulk changes and export', () => {
  it('changes the state of the selected rows in one call', async () => {
    const user = userEvent.setup();
    renderJobs();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Senior Data Analyst' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Analytics Engineer' }));
    const bar = screen.getByRole('group', { name: 'Selected jobs' });
    expect(bar).toHaveTextContent('2 selected');
    await user.click(within(bar).getByRole('button', { name: 'Mark hidden' }));
    await waitFor(() =>
      expect(api.writes).toEqual([
        { method: 'POST', path: '/jobs/state', body: { ids: [1, 3], state: 'hidden' } },
      ]),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Hidden: 2 jobs');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Analytics Engineer' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('group', { name: 'Selected jobs' })).not.toBeInTheDocument();
  });

  it('selects every row on the page at once', async () => {
    const user = userEvent.setup();
    renderJobs();
    await user.click(await screen.findByRole('checkbox', { name: 'Select all jobs on this page' }));
    expect(screen.getByRole('group', { name: 'Selected jobs' })).toHaveTextContent('3 selected');
    await user.click(screen.getByRole('button', { name: 'Mark saved' }));
    await waitFor(() =>
      expect(api.writes).toEqual([
        { method: 'POST', path: '/jobs/state', body: { ids: [1, 2, 3], state: 'saved' } },
      ]),
    );
  });

  it('"Export this view" downloads the export with the current filters', async () => {
    const downloads = recordDownloads();
    const requested: URLSearchParams[] = [];
    server.use(
      http.get(`${API}/jobs/export`, ({ request }) => {
        requested.push(new URL(request.url).searchParams);
        return new HttpResponse('PK-xlsx-bytes', {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          },
        });
      }),
    );
    const user = userEvent.setup();
    renderJobs('/jobs?q=data&state=saved&job=1');
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Export this view' }));
    await waitFor(() => expect(downloads.names).toEqual(['jobs.xlsx']));
    // The open job is not a filter: the export holds the whole view.
    expect(requested.map((p) => Object.fromEntries(p))).toEqual([{ q: 'data', state: 'saved' }]);
  });
});

describe('bulkUpdateJobState', () => {
  it('splits more than 500 ids into calls the API accepts', async () => {
    api.jobs = [];
    const ids = Array.from({ length: 1201 }, (_, i) => i + 1);
    await expect(bulkUpdateJobState({ ids, state: 'seen' })).resolves.toBe(1201);
    const sizes = api.writes.map(({ body }) =>
      typeof body === 'object' && body !== null && 'ids' in body && Array.isArray(body.ids)
        ? body.ids.length
        : -1,
    );
    expect(sizes).toEqual([500, 500, 201]);
  });
});
