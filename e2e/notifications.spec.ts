import ExcelJS from 'exceljs';
import { z } from 'zod';
import { locationSuggestionListSchema } from '../src/contract/locations';
import { startReceiver, type Receiver } from '../src/server/notifications/notification-test-kit';
import { expect, signIn, startServer, test, type RunningServer } from './fixtures';

// Issue 11: a webhook channel added on the Settings screen, a Send test that is delivered,
// and a batch against the simulated site whose batch-finished message reaches the receiver
// with the right number of new jobs.

const PUBLIC_URL = 'http://scout.example.test';

async function api(server: RunningServer, token: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}`);
  return res;
}

/** The number of rows the batch's own export marks New (first seen in this batch). */
async function newJobsInExport(server: RunningServer, token: string, batchId: number) {
  const res = await api(server, token, `/batches/${batchId}/export`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  const headers: string[] = [];
  sheet.getRow(1).eachCell((cell) => headers.push(String(cell.value)));
  const newColumn = headers.indexOf('New') + 1;
  let count = 0;
  sheet.eachRow((row, n) => {
    if (n > 1 && row.getCell(newColumn).value === 'Yes') count += 1;
  });
  return count;
}

let receiver: Receiver;
test.beforeEach(async () => {
  receiver = await startReceiver();
});
test.afterEach(async () => {
  await receiver.close();
});

test('adds a webhook channel, sends a test, and hears of the finished batch', async ({
  page,
  simulator,
}) => {
  test.setTimeout(90_000);
  const server = await startServer({
    LINKEDIN_BASE_URL: simulator.url,
    SCRAPE_MAX_RESULTS_PER_QUERY: '25',
    PUBLIC_URL,
  });
  try {
    await page.goto(`${server.url}/settings`);
    await signIn(page);
    // SPEC.md's cookie form is still first, unchanged.
    await expect(page.getByLabel('LinkedIn Cookies')).toBeVisible();
    const card = page.getByRole('region', { name: 'Notifications' });
    await expect(card.getByText('No notification channels yet.')).toBeVisible();

    await card.getByRole('button', { name: 'Add channel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add notification channel' });
    await dialog.getByLabel('Name').fill('Local receiver');
    await dialog.getByLabel('Kind').selectOption('webhook');
    await dialog.getByLabel('Webhook URL').fill(`${receiver.url}/hook/t0k3n`);
    await dialog.getByRole('button', { name: 'Save channel' }).click();
    await expect(dialog).toBeHidden();

    const row = card.getByRole('listitem', { name: 'Local receiver' });
    // The URL is write-only: only its host and last four characters come back.
    await expect(row).toContainText(`${new URL(receiver.url).host} …0k3n`);
    await row.getByRole('button', { name: 'Send test' }).click();
    await expect(row.getByText('Delivered (HTTP 200)')).toBeVisible();
    expect(receiver.requests[0]?.json).toMatchObject({ version: 1, event: 'test' });
    await expect(
      card.getByRole('table', { name: 'Recent notifications' }).getByRole('row').nth(1),
    ).toContainText('Local receiver');

    // Two active standard queries, as the demo seeds them, then Run Batch on the Batches screen.
    const token = await server.apiToken();
    for (const [jobTitle, place] of [
      ['Financial Analyst', 'New York'],
      ['Software Engineer', 'Berlin'],
    ] as const) {
      const places = locationSuggestionListSchema.parse(
        await (await api(server, token, `/locations/typeahead?query=${place}`)).json(),
      );
      await api(server, token, '/queries', {
        method: 'POST',
        body: JSON.stringify({
          job_title: jobTitle,
          location_id: Number(places[0]?.id),
          status: 'active',
          is_ai: false,
        }),
      });
    }
    await page.getByRole('link', { name: 'Batches' }).click();
    await page.getByRole('button', { name: 'Run Batch' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    const batchRow = page.getByRole('table', { name: 'Batches' }).getByRole('row').nth(1);
    await expect(batchRow.getByText('completed')).toBeVisible({ timeout: 60_000 });

    const [, finished] = await receiver.waitFor(2, 30_000);
    const expected = await newJobsInExport(server, token, 1);
    expect(expected).toBeGreaterThan(0);
    expect(finished?.path).toBe('/hook/t0k3n');
    expect(finished?.json).toMatchObject({
      version: 1,
      event: 'batch_finished',
      batch: { id: 1, status: 'completed' },
      new_jobs_count: expected,
      jobs_url: `${PUBLIC_URL}/jobs?batch=1`,
      title: `Batch #1 finished: ${expected} new jobs`,
    });
    expect(
      z.object({ new_jobs: z.array(z.unknown()) }).parse(finished?.json).new_jobs,
    ).toHaveLength(Math.min(10, expected));

    // The card's recent list shows it delivered.
    await page.getByRole('link', { name: 'Settings' }).click();
    const recent = page.getByRole('table', { name: 'Recent notifications' });
    await expect(recent.getByRole('row').nth(1)).toContainText('Batch finished #1');
    await expect(recent.getByRole('row').nth(1)).toContainText('Delivered');
  } finally {
    await server.stop();
  }
});
