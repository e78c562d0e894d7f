import { startSimulator, type Simulator } from '../simulator';
import type { JobState } from '../src/contract/jobs';
import { queryListSchema } from '../src/contract/queries';
import {
  apiJson,
  createBerlinQueries,
  expect,
  runBatch,
  signIn,
  startServer,
  storedJobs,
  test,
} from './fixtures';

// Issue 17: batches over two simulated days. Jobs the operator triaged on the first day come back
// on the second under new job IDs; the list marks each repost with its first sighting and the
// earlier job's triage state, the panel lists the chain, and the list can leave them out.

const SEARCHES = ['Data Analyst', 'Software Engineer'];

/** A small, busy site: a tenth of the catalogue is posted each day, half of it reposts. */
function busySite(): Promise<Simulator> {
  return startSimulator({
    jobCount: 1000,
    dailyGrowth: 0.1,
    repostShare: 0.5,
    lookalikeShare: 0.05,
    jobsPerQuery: 40,
  });
}

test('a repost is marked with its first sighting and the earlier job’s triage state', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const simulator = await busySite();
  const server = await startServer({ LINKEDIN_BASE_URL: simulator.url });
  try {
    const token = await server.apiToken();
    await createBerlinQueries(server, token, SEARCHES);

    // Day 1: a batch stores the first jobs.
    await runBatch(server, token);
    const day1 = new Set((await storedJobs(server, token)).map((j) => j.id));
    expect(day1.size).toBeGreaterThan(20);

    // The next simulated day brings reposts; the site's truth says which of day 1's jobs return.
    simulator.clock.advanceDays(1);
    const returning = simulator.truth
      .reposts()
      .reposts.filter((r) => day1.has(Number(r.of)) && !day1.has(Number(r.id)));
    expect(returning.length).toBeGreaterThanOrEqual(2);
    const [applied, saved] = returning;
    if (!applied || !saved) throw new Error('the simulated day brought too few reposts');

    // The operator triaged those jobs on day 1.
    const triage = async (id: number | string, state: JobState) =>
      apiJson(server, token, `/jobs/${id}`, { method: 'PATCH', body: JSON.stringify({ state }) });
    await triage(applied.of, 'applied');
    await triage(saved.of, 'saved');

    // Day 2. The server's clock is the real one, so an incremental run would ask only for the
    // last hour of the simulated day; the operator widens the searches to the past month instead
    // (a changed search runs in full), which takes in the whole simulated day.
    for (const query of queryListSchema.parse(await apiJson(server, token, '/queries'))) {
      const { id, job_title, location_id, status, is_ai } = query;
      await apiJson(server, token, `/queries/${id}`, {
        method: 'PUT',
        body: JSON.stringify({
          job_title,
          location_id,
          status,
          is_ai,
          filters: { posted_within: 'past_month' },
        }),
      });
    }
    await runBatch(server, token);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/jobs?sort=newest`);
    await signIn(page);
    const table = page.getByRole('table', { name: 'Jobs' });
    await expect(table.locator('tbody tr[data-job-id]').first()).toBeVisible();

    // The repost of the applied job: marked, and "applied before"; it is not new.
    const appliedRow = table.locator(`tr[data-job-id="${applied.id}"]`);
    await expect(appliedRow).toContainText(
      /Reposted · first seen (just now|\d+ (minute|hour|day)s? ago)/,
    );
    await expect(appliedRow).toContainText('applied before');
    await expect(appliedRow.getByText('new', { exact: true })).toHaveCount(0);

    // The repost of the saved job stays saved and says so.
    const savedRow = table.locator(`tr[data-job-id="${saved.id}"]`);
    await expect(savedRow).toContainText('Reposted · first seen');
    await expect(savedRow).toContainText('earlier saved');
    await expect(savedRow.getByText('Saved', { exact: true })).toBeVisible();

    // The panel lists the chain, oldest first, each with its state, each openable.
    await appliedRow.getByRole('button').first().click();
    const panel = page.getByRole('dialog');
    const chain = panel.getByRole('region', { name: 'Reposts' });
    await expect(chain.getByRole('listitem')).toHaveCount(2);
    await expect(chain.getByRole('listitem').first()).toContainText('Applied');
    await expect(chain.getByRole('listitem').first()).toContainText('First seen');
    await expect(chain.getByRole('listitem').last()).toContainText('(this job)');
    await chain.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`[?&]job=${applied.of}\\b`));
    await expect(panel.getByRole('button', { name: 'Applied' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.keyboard.press('Escape');

    // "Hide reposts of triaged jobs" leaves both out.
    await page.getByRole('checkbox', { name: 'Hide reposts of triaged jobs' }).click();
    await expect(page).toHaveURL(/hide_reposts=true/);
    await expect(appliedRow).toHaveCount(0);
    await expect(savedRow).toHaveCount(0);
    await expect(table.locator('tbody tr[data-job-id]').first()).toBeVisible();
  } finally {
    await server.stop();
    await simulator.close();
  }
});
