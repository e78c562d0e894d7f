import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { batchListSchema } from '../src/contract/batches';
import { locationSuggestionListSchema } from '../src/contract/locations';
import { jobListSchema } from '../src/contract/jobs';
import { queryRunListSchema } from '../src/contract/query-runs';
import { EXPIRED_COOKIES, VALID_COOKIES } from '../simulator';
import { expect, signIn, startServer, test, type RunningServer } from './fixtures';

// Issue 12, operating it day to day, in Chromium against the built server and the simulated
// site: cancel a running batch, check the cookies, see the schedule, download a backup.

const GUEST_SEARCH = '/jobs-guest/jobs/api/seeMoreJobPostings/search';
const CANCELLED = 'Cancelled by the operator';

async function api(
  server: RunningServer,
  token: string,
  apiPath: string,
  init: RequestInit = {},
): Promise<unknown> {
  const res = await fetch(`${server.url}/api/v1${apiPath}`, {
    ...init,
    // A JSON content type with no body is refused (400), so only a call with a body says JSON.
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      authorization: `Bearer ${token}`,
    },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${apiPath} answered ${res.status}`);
  return res.json();
}

/** Standard queries in Berlin, created through the API as the dashboard would. */
async function createQueries(server: RunningServer, token: string, titles: string[]) {
  const places = locationSuggestionListSchema.parse(
    await api(server, token, '/locations/typeahead?query=Berlin'),
  );
  const berlin = places[0];
  if (!berlin) throw new Error('the simulator knows no Berlin');
  for (const title of titles) {
    await api(server, token, '/queries', {
      method: 'POST',
      body: JSON.stringify({
        job_title: title,
        location_id: Number(berlin.id),
        status: 'active',
        is_ai: false,
      }),
    });
  }
}

async function sheetRowCount(file: string): Promise<number> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  return sheet.actualRowCount - 1;
}

test('cancels a running batch: it ends failed, runs not started fail, stored jobs stay exportable', async ({
  page,
  simulator,
}, testInfo) => {
  test.setTimeout(120_000);
  const server = await startServer({
    LINKEDIN_BASE_URL: simulator.url,
    SCRAPE_MAX_RESULTS_PER_QUERY: '20',
  });
  try {
    const token = await server.apiToken();
    await createQueries(server, token, ['Data Analyst', 'Data Engineer', 'Product Designer']);
    // Each search page answers after a second: the batch is still working when Cancel comes.
    simulator.faults.latency(1_000, { pathPrefix: GUEST_SEARCH });

    await page.goto(`${server.url}/batches`);
    await signIn(page);
    await page.getByRole('button', { name: 'Run Batch' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    // Cancel once the first search has stored its jobs and the second is under way.
    await expect
      .poll(
        async () =>
          queryRunListSchema
            .parse(await api(server, token, '/query-runs'))
            .filter((r) => r.status === 'completed').length,
        { timeout: 60_000 },
      )
      .toBeGreaterThanOrEqual(1);
    const table = page.getByRole('table', { name: 'Batches' });
    const row = table.getByRole('row').filter({ hasText: 'manual' }).first();
    await row.getByRole('button', { name: 'Cancel' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel Batch' });
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    // The runner stops after the request in flight; the row then reads failed, with the reason.
    await expect(row.getByText('failed', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(row.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    const [batch] = batchListSchema.parse(await api(server, token, '/batches'));
    expect(batch?.status).toBe('failed');
    expect(batch?.error).toBe(CANCELLED);
    await row.getByText('failed', { exact: true }).hover();
    await expect(page.getByRole('tooltip')).toContainText(CANCELLED);

    // Runs: the finished one keeps its jobs, the ones not started fail with the same reason.
    const runs = queryRunListSchema.parse(await api(server, token, '/query-runs'));
    expect(runs).toHaveLength(3);
    const done = runs.filter((r) => r.status === 'completed');
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(runs.filter((r) => r.status === 'failed').every((r) => r.error === CANCELLED)).toBe(
      true,
    );
    expect(runs.some((r) => r.status === 'failed')).toBe(true);
    const stored = jobListSchema.parse(await api(server, token, '/jobs?limit=100')).total;
    expect(stored).toBeGreaterThan(0);

    // And a finished run's jobs are exported from Query Runs, as ever.
    await page.goto(`${server.url}/query-runs`);
    const runRow = page
      .getByRole('table', { name: 'Query Runs' })
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: 'Export' }) })
      .first();
    const download = page.waitForEvent('download');
    await runRow.getByRole('button', { name: 'Export' }).click();
    const file = testInfo.outputPath('run.xlsx');
    await (await download).saveAs(file);
    expect(await sheetRowCount(file)).toBeGreaterThan(0);
  } finally {
    await server.stop();
  }
});

test('checks the saved cookies: valid, then rejected once the site no longer honours them', async ({
  page,
  server,
}) => {
  await page.goto(`${server.url}/settings`);
  await signIn(page);
  const status = page.getByTestId('cookie-check-status');
  await expect(status).toHaveText('No cookies saved yet');

  const textarea = page.getByRole('textbox', { name: 'LinkedIn Cookies' });
  const save = async (cookies: string) => {
    await textarea.fill(cookies);
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved successfully!').last()).toBeVisible();
    await expect(status).toHaveText('Not checked since these cookies were saved');
  };

  await save(VALID_COOKIES);
  await page.getByRole('button', { name: 'Check cookies' }).click();
  await expect(status).toHaveText('Valid — checked just now');

  await save(EXPIRED_COOKIES);
  await page.getByRole('button', { name: 'Check cookies' }).click();
  await expect(status).toContainText('Rejected by LinkedIn: paste new cookies');
  // The state is stored: a reload shows it again.
  await page.reload();
  await expect(status).toContainText('Rejected by LinkedIn: paste new cookies');
});

test('shows when the next daily batch starts, and why none would', async ({ page, server }) => {
  await page.goto(`${server.url}/batches`);
  await signIn(page);
  const line = page.getByTestId('next-daily-batch');
  await expect(line).toHaveText('Next daily batch: none: no active queries');
  await createQueries(server, await server.apiToken(), ['Data Analyst']);
  await page.reload();
  await expect(line).toHaveText(
    /^Next daily batch: (today|tomorrow) at \d\d:\d\d \([A-Za-z_]+(\/[A-Za-z_]+)*\)$/,
  );
  await line.hover();
  await expect(page.getByRole('tooltip')).toContainText('script_time');
});

test('downloads a backup from Settings: a whole SQLite database holding the jobs', async ({
  page,
  simulator,
}, testInfo) => {
  test.setTimeout(90_000);
  const server = await startServer({
    LINKEDIN_BASE_URL: simulator.url,
    SCRAPE_MAX_RESULTS_PER_QUERY: '20',
  });
  try {
    const token = await server.apiToken();
    await createQueries(server, token, ['Data Analyst']);
    await api(server, token, '/batches', { method: 'POST' });
    await expect
      .poll(async () => batchListSchema.parse(await api(server, token, '/batches'))[0]?.status, {
        timeout: 60_000,
      })
      .toBe('completed');
    const jobs = jobListSchema.parse(await api(server, token, '/jobs?limit=100')).total;
    expect(jobs).toBeGreaterThan(0);

    await page.goto(`${server.url}/settings`);
    await signIn(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download backup' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/^jobscout-\d{4}-\d{2}-\d{2}\.sqlite$/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-e2e-backup-'));
    const file = path.join(dir, saved.suggestedFilename());
    await saved.saveAs(file);
    await testInfo.attach('backup size', { body: String(fs.statSync(file).size) });

    const db = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(Number(db.prepare('SELECT COUNT(*) FROM jobs').pluck().get())).toBe(jobs);
      expect(Number(db.prepare('SELECT COUNT(*) FROM queries').pluck().get())).toBe(1);
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await server.stop();
  }
});
