import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatWhen } from '../../../components/application/dates';
import { anApplication, type FakeApplications } from '../../../components/application/testing';
import { aJob, fakeJobsApi, type FakeJobsApi, renderJobs } from '../testing';

const applications: FakeApplications = { items: [], writes: [] };

const api: FakeJobsApi = {
  jobs: [
    aJob(1, {
      title: 'Data Analyst',
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
  ],
  listRequests: [],
  writes: [],
  pageSize: 50,
  applications,
};
const server = setupServer(...fakeJobsApi(api));
/** Every GET /applications/{job_id} the screen made, by path (issue 39). */
const applicationReads: string[] = [];
server.events.on('request:start', ({ request }) => {
  const path = new URL(request.url).pathname;
  if (request.method === 'GET' && path.startsWith('/api/v1/applications/'))
    applicationReads.push(path);
});
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  applications.items = [];
  applications.writes = [];
  applicationReads.length = 0;
  api.jobs = api.jobs.filter((j) => j.id === 1);
});

describe('JobPanel: Found by (issue 30)', () => {
  it('underlines the run and batch links, which differ from the text around them by colour only otherwise', async () => {
    renderJobs('/jobs?job=1');
    const panel = await screen.findByRole('dialog', { name: 'Data Analyst' }, { timeout: 5000 });
    const foundBy = within(panel).getByRole('region', { name: 'Found by' });
    for (const name of ['run #12', 'batch #3']) {
      const link = within(foundBy).getByRole('link', { name });
      // Always, not on hover only: "hover:underline" alone left them marked by colour.
      expect(link.className.split(/\s+/)).toContain('underline');
    }
  });
});

describe('JobPanel: Pipeline (issue 33)', () => {
  it('shows the application: stage, timeline, next step, notes and contacts', async () => {
    api.jobs = [...api.jobs, aJob(5, { title: 'Data Engineer', state: 'applied' })];
    applications.items = [
      anApplication(5, {
        stage: 'interviewing',
        stage_since: '2025-03-07T10:00:00.000Z',
        history: [
          ...anApplication(5).history,
          {
            id: 3,
            stage: 'interviewing',
            at: '2025-03-07T10:00:00.000Z',
            recorded_at: '2025-03-07T10:00:00.000Z',
            source: 'operator',
          },
        ],
        next_step: { at: '2025-03-12T14:00:00.000Z', what: 'Technical interview' },
        notes: 'Team page: https://example.com/team',
        contacts: [
          { id: 9, name: 'Ana Lima', role: 'Recruiter', email: 'ana@example.com', url: null },
        ],
        contacts_count: 1,
      }),
    ];
    const user = userEvent.setup();
    renderJobs('/jobs?job=5');
    const panel = await screen.findByRole('dialog', { name: 'Data Engineer' }, { timeout: 5000 });
    const pipeline = within(panel).getByRole('region', { name: 'Pipeline' });
    // First the stage and the next step in a line; the whole application loads when asked for.
    const show = await within(pipeline).findByRole('button', { name: 'Show application' });
    expect(pipeline).toHaveTextContent(
      `Interviewing since ${formatWhen('2025-03-07T10:00:00.000Z')}` +
        `Next: Technical interview · ${formatWhen('2025-03-12T14:00:00.000Z')}`,
    );
    expect(within(pipeline).queryByRole('list', { name: 'Timeline' })).not.toBeInTheDocument();
    await user.click(show);
    const stage = await within(pipeline).findByRole('region', { name: 'Stage' }, { timeout: 5000 });
    expect(stage).toHaveTextContent(`Interviewing since ${formatWhen('2025-03-07T10:00:00.000Z')}`);
    // The parts are h4 under the panel's h3 sections.
    expect(within(pipeline).getByRole('heading', { name: 'Timeline', level: 4 })).toBeVisible();
    expect(
      within(within(pipeline).getByRole('list', { name: 'Timeline' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Saved/),
      expect.stringMatching(/^Applied/),
      `Interviewing${formatWhen('2025-03-07T10:00:00.000Z')}Edit date`,
    ]);
    expect(within(pipeline).getByRole('region', { name: 'Next step' })).toHaveTextContent(
      `Technical interview · ${formatWhen('2025-03-12T14:00:00.000Z')}`,
    );
    expect(within(pipeline).getByRole('link', { name: 'https://example.com/team' })).toBeVisible();
    expect(within(pipeline).getByRole('listitem', { name: 'Ana Lima' })).toHaveTextContent(
      'Recruiter',
    );
  });

  it('offers to add a job that is not in the pipeline, and asks again after triage', async () => {
    const user = userEvent.setup();
    api.jobs = [...api.jobs, aJob(6, { title: 'Analyst', state: 'seen' })];
    renderJobs('/jobs?job=6');
    const panel = await screen.findByRole('dialog', { name: 'Analyst' }, { timeout: 5000 });
    const pipeline = within(panel).getByRole('region', { name: 'Pipeline' });
    expect(
      await within(pipeline).findByText('This job is not in the pipeline.'),
    ).toBeInTheDocument();
    // Triage to Applied puts the job in the pipeline on the server: the section asks again.
    applications.items = [anApplication(6, { title: 'Analyst' })];
    await user.click(within(panel).getByRole('button', { name: 'Applied' }));
    await waitFor(() => expect(pipeline).toHaveTextContent('Applied since'));
    expect(within(pipeline).getByRole('button', { name: 'Show application' })).toBeVisible();
  });

  it('puts the job in the pipeline with Add to pipeline', async () => {
    const user = userEvent.setup();
    api.jobs = [...api.jobs, aJob(8, { title: 'Designer', state: 'seen' })];
    renderJobs('/jobs?job=8');
    const panel = await screen.findByRole('dialog', { name: 'Designer' }, { timeout: 5000 });
    await user.click(await within(panel).findByRole('button', { name: 'Add to pipeline' }));
    expect(applications.writes).toEqual([
      { method: 'POST', path: '/applications', body: { job_id: 8 } },
    ]);
    // Added, the whole application opens, asked for once.
    expect(
      await within(panel).findByRole('region', { name: 'Stage' }, { timeout: 5000 }),
    ).toHaveTextContent('Saved since');
    expect(applicationReads).toEqual(['/api/v1/applications/8']);
  });
});

describe('JobPanel: the application asked for once, and only on the board (issue 39)', () => {
  it('asks nothing for a job not on the board, also once opening it marked it seen', async () => {
    api.jobs = [...api.jobs, aJob(6, { title: 'Analyst', state: 'new' })];
    renderJobs('/jobs?job=6');
    const panel = await screen.findByRole('dialog', { name: 'Analyst' }, { timeout: 5000 });
    const pipeline = within(panel).getByRole('region', { name: 'Pipeline' });
    expect(within(pipeline).getByText('This job is not in the pipeline.')).toBeVisible();
    // Opening marked it seen and the job came back (its "new" marker gone): still nothing asked.
    await waitFor(() =>
      expect(api.writes).toContainEqual({
        method: 'PATCH',
        path: '/jobs/6',
        body: { state: 'seen' },
      }),
    );
    await waitFor(() =>
      expect(within(panel).queryByText('new', { selector: '[data-slot="badge"]' })).toBeNull(),
    );
    expect(applicationReads).toEqual([]);
  });

  it('asks once for a job on the board: its line and the whole application share the answer', async () => {
    const user = userEvent.setup();
    api.jobs = [...api.jobs, aJob(5, { title: 'Data Engineer', state: 'applied' })];
    applications.items = [anApplication(5, { stage: 'interviewing' })];
    renderJobs('/jobs?job=5');
    const panel = await screen.findByRole('dialog', { name: 'Data Engineer' }, { timeout: 5000 });
    // The header shows its stage; the triage buttons still show the triage state.
    expect(
      within(panel).getByText('Interviewing', { selector: '[data-slot="badge"]' }),
    ).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Applied' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const pipeline = within(panel).getByRole('region', { name: 'Pipeline' });
    await user.click(await within(pipeline).findByRole('button', { name: 'Show application' }));
    expect(
      await within(pipeline).findByRole('region', { name: 'Stage' }, { timeout: 5000 }),
    ).toHaveTextContent('Interviewing since');
    expect(applicationReads).toEqual(['/api/v1/applications/5']);
  });

  it('asks again after triage moved it, and not once triage took it off the board', async () => {
    const user = userEvent.setup();
    api.jobs = [...api.jobs, aJob(7, { title: 'Engineer', state: 'saved' })];
    applications.items = [anApplication(7, { stage: 'saved' })];
    renderJobs('/jobs?job=7');
    const panel = await screen.findByRole('dialog', { name: 'Engineer' }, { timeout: 5000 });
    const pipeline = within(panel).getByRole('region', { name: 'Pipeline' });
    await waitFor(() => expect(pipeline).toHaveTextContent('Saved since'));
    // Applied moves a Saved application on (the fake does what the server does).
    applications.items = [anApplication(7, { stage: 'applied' })];
    await user.click(within(panel).getByRole('button', { name: 'Applied' }));
    await waitFor(() => expect(pipeline).toHaveTextContent('Applied since'));
    expect(applicationReads).toEqual(['/api/v1/applications/7', '/api/v1/applications/7']);
    // Hidden takes it off the board: the section says so without asking.
    applications.items = [];
    await user.click(within(panel).getByRole('button', { name: 'Hide' }));
    await within(pipeline).findByText('This job is not in the pipeline.');
    expect(applicationReads).toHaveLength(2);
  });
});
