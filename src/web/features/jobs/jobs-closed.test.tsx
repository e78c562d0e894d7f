import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { anApplication, type FakeApplications } from '../../components/application/testing';
import { closedDay } from '../../components/job-facts/closed-badge';
import { aJob, fakeJobsApi, type FakeJobsApi, location, renderJobs } from './testing';

// Issue 41 on the Jobs screen: the Closed badge with the day it was found closed (rows, phone
// cards, the panel), the "Open only" filter (in the URL, a chip, sent to the API), "Apply on the
// company's site" beside the LinkedIn link, and a closed job at Saved moved to Withdrawn in one
// click.

const CLOSED_AT = '2026-10-03T09:30:00.000Z';
const applications: FakeApplications = { items: [], writes: [] };
const api: FakeJobsApi = { jobs: [], listRequests: [], writes: [], pageSize: 50, applications };
const server = setupServer(...fakeJobsApi(api));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  api.listRequests = [];
  api.writes = [];
  applications.items = [anApplication(1, { stage: 'saved' })];
  applications.writes = [];
  api.jobs = [
    aJob(1, {
      title: 'Closed Data Analyst',
      state: 'saved',
      closed_at: CLOSED_AT,
      apply_url: 'https://jobs.acme.example/apply/1?source=LinkedIn',
    }),
    aJob(2, { title: 'Open Data Engineer', closed_at: null, apply_url: null }),
  ];
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('Jobs: closed postings (issue 41)', () => {
  it('marks a closed job’s row with the day it was found closed, and no other row', async () => {
    renderJobs();
    const closedRow = (await screen.findByText('Closed Data Analyst')).closest('tr');
    if (!closedRow) throw new Error('no row');
    const badge = within(closedRow).getByTitle(
      /^Found closed on .*: it no longer takes applications$/,
    );
    expect(badge).toHaveTextContent(`Closed ${closedDay(CLOSED_AT)}`);
    expect(within(badge).getByText(closedDay(CLOSED_AT)).tagName).toBe('TIME');
    expect(within(badge).getByText(closedDay(CLOSED_AT))).toHaveAttribute('datetime', CLOSED_AT);
    const openRow = screen.getByText('Open Data Engineer').closest('tr');
    if (!openRow) throw new Error('no row');
    expect(within(openRow).queryByTitle(/^Found closed on/)).toBeNull();
  });

  it('"Open only" is in the URL, a removable chip, and the API’s open=true', async () => {
    const user = userEvent.setup();
    renderJobs();
    await screen.findByText('Closed Data Analyst');
    await user.click(screen.getByRole('checkbox', { name: 'Open only' }));
    await waitFor(() => expect(location()).toContain('open=true'));
    await waitFor(() => expect(screen.queryByText('Closed Data Analyst')).toBeNull());
    expect(screen.getByText('Open Data Engineer')).toBeInTheDocument();
    expect(api.listRequests.at(-1)?.get('open')).toBe('true');
    const chips = screen.getByRole('list', { name: 'Active filters' });
    await user.click(within(chips).getByRole('button', { name: 'Remove filter Open only' }));
    await waitFor(() => expect(location()).not.toContain('open=true'));
    expect(await screen.findByText('Closed Data Analyst')).toBeInTheDocument();
  });

  it('reads Open only from a shared link', async () => {
    renderJobs('/jobs?open=true');
    expect(await screen.findByText('Open Data Engineer')).toBeInTheDocument();
    expect(screen.queryByText('Closed Data Analyst')).toBeNull();
    expect(
      within(screen.getByRole('list', { name: 'Active filters' })).getByText('Open only'),
    ).toBeInTheDocument();
  });

  it('the panel: the badge, the employer’s address beside the LinkedIn link, in a new tab', async () => {
    renderJobs('/jobs?job=1');
    const panel = await screen.findByRole(
      'dialog',
      { name: 'Closed Data Analyst' },
      { timeout: 5000 },
    );
    expect(within(panel).getAllByText(closedDay(CLOSED_AT)).length).toBeGreaterThan(0);
    const apply = within(panel).getByRole('link', { name: "Apply on the company's site" });
    expect(apply).toHaveAttribute('href', 'https://jobs.acme.example/apply/1?source=LinkedIn');
    expect(apply).toHaveAttribute('target', '_blank');
    expect(apply).toHaveAttribute('rel', 'noopener noreferrer');
    // Beside the LinkedIn link, in the same row of actions.
    const linkedIn = within(panel).getByRole('link', { name: /Open on / });
    expect(linkedIn.parentElement).toBe(apply.parentElement);
  });

  it('shows no employer’s link for a job without one', async () => {
    renderJobs('/jobs?job=2');
    const panel = await screen.findByRole(
      'dialog',
      { name: 'Open Data Engineer' },
      { timeout: 5000 },
    );
    expect(within(panel).queryByRole('link', { name: "Apply on the company's site" })).toBeNull();
    expect(within(panel).queryByText(/no longer takes applications/)).toBeNull();
  });

  it('moves a closed job at Saved to Withdrawn in one click', async () => {
    const user = userEvent.setup();
    renderJobs('/jobs?job=1');
    const panel = await screen.findByRole(
      'dialog',
      { name: 'Closed Data Analyst' },
      { timeout: 5000 },
    );
    // Its own chunk, loaded for a closed job only.
    expect(await within(panel).findByText(/no longer takes applications/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Closed before I applied' }));
    await waitFor(() =>
      expect(applications.writes).toContainEqual({
        method: 'PATCH',
        path: '/applications/1',
        body: { stage: 'withdrawn' },
      }),
    );
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'Moved to Withdrawn: closed before you applied',
    );
    // At Withdrawn, the button goes: nothing more to move.
    await waitFor(() =>
      expect(within(panel).queryByRole('button', { name: 'Closed before I applied' })).toBeNull(),
    );
  });
});
