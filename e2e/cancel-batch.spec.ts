import { VALID_COOKIES } from '../simulator';
import { queryRunListSchema } from '../src/contract/query-runs';
import { locationSuggestionListSchema } from '../src/contract/locations';
import { apiJson, expect, signIn, test } from './fixtures';

// Issue 12: the operator cancels a running batch of the demo's set-up (its three example
// queries and the simulator's cookies) from the Batches screen. The simulated site answers
// slowly, so the cancel lands while the first query is still paging.

const GUEST_SEARCH = '/jobs-guest/jobs/api/seeMoreJobPostings/search';
const DEMO_QUERIES = [
  { job_title: 'Financial Analyst', place: 'New York', is_ai: false },
  { job_title: 'Software Engineer', place: 'Berlin', is_ai: false },
  { job_title: 'Data scientist working on climate models', place: 'London', is_ai: true },
];

test('cancels a running demo batch; the jobs found so far stay exportable from their run', async ({
  page,
  server,
  simulator,
}) => {
  const token = await server.apiToken();
  await apiJson(server, token, '/settings', {
    method: 'POST',
    body: JSON.stringify({ cookies: VALID_COOKIES, script_time: '09:00' }),
  });
  for (const query of DEMO_QUERIES) {
    const places = locationSuggestionListSchema.parse(
      await apiJson(server, token, `/locations/typeahead?query=${encodeURIComponent(query.place)}`),
    );
    const place = places[0];
    if (!place) throw new Error(`the simulator knows no ${query.place}`);
    await apiJson(server, token, '/queries', {
      method: 'POST',
      body: JSON.stringify({
        job_title: query.job_title,
        location_id: Number(place.id),
        status: 'active',
        is_ai: query.is_ai,
      }),
    });
  }
  simulator.faults.latency(400, { pathPrefix: GUEST_SEARCH });

  await page.goto(`${server.url}/batches`);
  await signIn(page);
  await page.getByRole('button', { name: 'Run Batch' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  const row = page.getByRole('table', { name: 'Batches' }).getByRole('row').nth(1);
  await expect(row.getByText('running')).toBeVisible();
  // Some jobs stored: the progress line counts them.
  await expect(row.getByText(/queries · [1-9]\d* jobs/)).toBeVisible({ timeout: 20_000 });

  await row.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancel Batch' });
  await expect(dialog).toContainText(
    'Are you sure you want to cancel batch 1? It stops after the request in flight; the jobs found so far are kept.',
  );
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();

  // The screen keeps polling and shows the batch failed, with the reason on hover.
  await expect(row.getByText('failed')).toBeVisible({ timeout: 20_000 });
  await expect(row.getByRole('button')).toHaveCount(0);
  await row.getByText('failed').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Cancelled by the operator');

  // Query Runs: the interrupted run completed with what it had; the others failed unstarted.
  const runs = queryRunListSchema.parse(await apiJson(server, token, '/query-runs'));
  expect(runs).toHaveLength(3);
  const interrupted = runs.find((r) => r.job_title === 'Financial Analyst');
  expect(interrupted).toMatchObject({ status: 'completed' });
  expect(interrupted?.jobs_found).toBeGreaterThan(0);
  for (const run of runs.filter((r) => r !== interrupted)) {
    expect(run).toMatchObject({ status: 'failed', error: 'Cancelled by the operator' });
  }

  await page.getByRole('link', { name: 'Query Runs' }).click();
  const runsTable = page.getByRole('table', { name: 'Query Runs' });
  const runRow = runsTable.getByRole('row').filter({ hasText: 'Financial Analyst' });
  await expect(runRow.getByText('completed')).toBeVisible();
  const download = page.waitForEvent('download');
  await runRow.getByRole('button', { name: 'Export' }).click();
  expect((await download).suggestedFilename()).toBe('1-Financial-Analyst.xlsx');
  await expect(
    runsTable.getByRole('row').filter({ hasText: 'Software Engineer' }).getByText('failed'),
  ).toBeVisible();

  // Nothing was searched after the cancel: one search request at most was still in flight.
  const searches = simulator.requests.filter((r) => r.path === GUEST_SEARCH);
  expect(searches.every((r) => r.query.keywords === 'Financial Analyst')).toBe(true);
});
