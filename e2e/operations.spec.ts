import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqliteFile } from '../src/db/sqlite-file';
import { batchListSchema } from '../src/contract/batches';
import { jobListSchema } from '../src/contract/jobs';
import { EXPIRED_COOKIES, VALID_COOKIES } from '../simulator';
import { apiJson, createBerlinQueries, expect, signIn, startServer, test } from './fixtures';

// Issue 12, operating it day to day, in Chromium against the built server and the simulated
// site: check the cookies, see the schedule, download a backup (cancelling a batch has its own
// spec, cancel-batch.spec.ts).

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
  await createBerlinQueries(server, await server.apiToken(), ['Data Analyst']);
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
    await createBerlinQueries(server, token, ['Data Analyst']);
    await apiJson(server, token, '/batches', { method: 'POST' });
    await expect
      .poll(
        async () => batchListSchema.parse(await apiJson(server, token, '/batches'))[0]?.status,
        {
          timeout: 60_000,
        },
      )
      .toBe('completed');
    const jobs = jobListSchema.parse(await apiJson(server, token, '/jobs?limit=100')).total;
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

    const db = openSqliteFile(file, { readonly: true, fileMustExist: true });
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
