import { spawn } from 'node:child_process';
import { DEMO_QUERIES } from '../scripts/demo-history';
import { freePort } from '../test/server-process';
import { expect, test } from './fixtures';

// Issue 5: `npm run demo` prints the URL and password, seeds the example queries, and Run Batch
// produces a downloadable spreadsheet within a minute. Issue 32: the history of daily batches
// before it, here three days of it (DEMO_DAYS; 90 by default). This runs the real script (the
// build is done by `npm test` first, as `npm run demo` does it itself).
test('the demo signs in with its printed password and exports a batch within a minute', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const port = await freePort();
  const demo = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], {
    env: { ...process.env, PORT: String(port), DEMO_DAYS: '3' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  demo.stdout.on('data', (d: Buffer) => (output += d.toString()));
  demo.stderr.on('data', (d: Buffer) => (output += d.toString()));
  try {
    await expect
      .poll(() => /Password:\s+(\S+)/.exec(output)?.[1], { timeout: 30_000 })
      .toBeTruthy();
    const password = /Password:\s+(\S+)/.exec(output)?.[1] ?? '';
    expect(output).toContain(`Dashboard:  http://127.0.0.1:${port}/`);
    expect(output).toContain(`Overview:   http://127.0.0.1:${port}/overview`);
    expect(output).toMatch(/day 3\/3 \(\d{4}-\d\d-\d\d\): 3 batches completed/);

    await page.goto(`http://127.0.0.1:${port}/`);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Queries' }).click();
    await expect(page.getByRole('table', { name: 'All Queries' }).getByRole('row')).toHaveCount(
      DEMO_QUERIES.length + 1,
    );

    await page.getByRole('link', { name: 'Batches' }).click();
    // The history's three daily batches, then the one run here.
    const batches = page.getByRole('table', { name: 'Batches' });
    await expect(batches.getByRole('row')).toHaveCount(4);
    await expect(batches.getByText('daily', { exact: true })).toHaveCount(3);
    const started = Date.now();
    await page.getByRole('button', { name: 'Run Batch' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    const row = batches.getByRole('row').filter({ has: page.getByText('manual', { exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(batches.getByRole('row').nth(1)).toHaveText(/manual/);
    await expect(row.getByText('completed')).toBeVisible({ timeout: 60_000 });
    expect(Date.now() - started).toBeLessThan(60_000);
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Export' }).click();
    expect((await download).suggestedFilename()).toBe('batch-4.xlsx');
  } finally {
    const exited = new Promise((r) => demo.once('exit', r));
    demo.kill('SIGINT');
    await exited;
  }
});
