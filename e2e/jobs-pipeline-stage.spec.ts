import type { Page } from '@playwright/test';
import { applicationDetailSchema } from '../src/contract/pipeline';
import { jobStateResponseSchema } from '../src/contract/jobs';
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

// Issue 39, items 5 and 6, against the real server: a job on the pipeline's board shows its stage
// on the Jobs screen (a row, a phone's card, the panel), not its triage state; opening a job asks
// `/applications/{id}` only when the job is on the board, once, so the browser's console holds
// no failed request for a job that is not (a 404 is logged by the browser itself).

const MAX_RESULTS = '6';
const DESKTOP = { width: 1440, height: 900 } as const;
const PHONE = { width: 390, height: 844 } as const;

/** Every console error of the page, and every request for an application, from now on. */
function watch(page: Page) {
  const errors: string[] = [];
  const applicationReads: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'GET' && path.startsWith('/api/v1/applications/'))
      applicationReads.push(path);
  });
  return { errors, applicationReads };
}

/** The row (a card on a phone) of a job in the Jobs list. */
const row = (page: Page, jobId: number) => page.locator(`tr[data-job-id="${jobId}"]`);
/** A row's first badge: its state's (Easy Apply may follow). */
const stateBadge = (page: Page, jobId: number) =>
  row(page, jobId).locator('[data-slot="badge"]').first();

test('a job on the board shows its stage; opening a job asks for its application only on the board, once, with a clean console', async ({
  page,
  simulator,
}) => {
  test.setTimeout(120_000);
  const server = await startServer({
    LINKEDIN_BASE_URL: simulator.url,
    SCRAPE_MAX_RESULTS_PER_QUERY: MAX_RESULTS,
  });
  try {
    const token = await server.apiToken();
    await createBerlinQueries(server, token, ['Data Analyst']);
    await runBatch(server, token);
    const [interviewing, saved, fresh] = await storedJobs(server, token, 'new');
    if (!interviewing || !saved || !fresh) throw new Error('the batch stored fewer than 3 jobs');
    // One taken to Interviewing (its job "applied"), one saved by triage (on the board as Saved),
    // one left new: not on the board.
    applicationDetailSchema.parse(
      await apiJson(server, token, '/applications', {
        method: 'POST',
        body: JSON.stringify({ job_id: interviewing.id, stage: 'interviewing' }),
      }),
    );
    jobStateResponseSchema.parse(
      await apiJson(server, token, `/jobs/${saved.id}`, {
        method: 'PATCH',
        body: JSON.stringify({ state: 'saved' }),
      }),
    );

    const seen = watch(page);
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/jobs`);
    await signIn(page);
    await expect(row(page, interviewing.id)).toBeVisible();
    await expect(stateBadge(page, interviewing.id)).toHaveText('Interviewing');
    await expect(row(page, interviewing.id)).not.toContainText('Applied');
    await expect(stateBadge(page, saved.id)).toHaveText('Saved');
    await expect(stateBadge(page, fresh.id)).toHaveText('new');

    // A new job, not on the board: opening it marks it seen and asks nothing about it.
    await row(page, fresh.id).getByRole('button', { name: fresh.title }).click();
    const panel = page.getByRole('dialog', { name: fresh.title });
    const pipeline = panel.getByRole('region', { name: 'Pipeline' });
    await expect(pipeline).toContainText('This job is not in the pipeline.');
    await expect(panel.getByRole('button', { name: 'Add to pipeline' })).toBeVisible();
    await expect
      .poll(async () => (await storedJobs(server, token, 'seen')).map((j) => j.id))
      .toContain(fresh.id);
    await page.waitForLoadState('networkidle');
    expect(seen.applicationReads).toEqual([]);
    await page.keyboard.press('Escape');

    // The Interviewing one: its stage in the panel's header, Applied still pressed, and its
    // application asked once for the line and the whole panel both.
    await row(page, interviewing.id).getByRole('button', { name: interviewing.title }).click();
    const open = page.getByRole('dialog', { name: interviewing.title });
    await expect(open.locator('[data-slot="badge"]').first()).toHaveText('Interviewing');
    await expect(open.getByRole('button', { name: 'Applied' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const section = open.getByRole('region', { name: 'Pipeline' });
    await expect(section).toContainText('Interviewing since');
    await section.getByRole('button', { name: 'Show application' }).click();
    await expect(section.getByRole('region', { name: 'Stage' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(seen.applicationReads).toEqual([`/api/v1/applications/${interviewing.id}`]);
    expect(seen.errors).toEqual([]);

    // On a phone, the card says the same.
    await page.keyboard.press('Escape');
    await page.setViewportSize(PHONE);
    await expect(stateBadge(page, interviewing.id)).toHaveText('Interviewing');
    await expect(stateBadge(page, interviewing.id)).toBeVisible();
    expect(seen.errors).toEqual([]);
  } finally {
    await server.stop();
  }
});
