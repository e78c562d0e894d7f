import { spawn } from 'node:child_process';
import { freePort } from '../test/server-process';
import { expect, test } from './fixtures';

// Issue 5: `npm run demo` prints the URL and password, seeds three queries, and Run Batch
// produces a downloadable spreadsheet within a minute. This runs the real script (the build is
// done by `npm test` first, as `npm run demo` does it itself).
test('the demo signs in with its printed password and exports a batch within a minute', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const port = await freePort();
  const demo = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], {
    env: { ...process.env, PORT: String(port) },
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

    await page.goto(`http://127.0.0.1:${port}/`);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Queries' }).click();
    await expect(page.getByRole('table', { name: 'All Queries' }).getByRole('row')).toHaveCount(4);

    await page.getByRole('link', { name: 'Batches' }).click();
    const started = Date.now();
    await page.getByRole('button', { name: 'Run Batch' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    const row = page.getByRole('table', { name: 'Batches' }).getByRole('row').nth(1);
    await expect(row.getByText('completed')).toBeVisible({ timeout: 60_000 });
    expect(Date.now() - started).toBeLessThan(60_000);
    const download = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Export' }).click();
    expect((await download).suggestedFilename()).toBe('batch-1.xlsx');
  } finally {
    const exited = new Promise((r) => demo.once('exit', r));
    demo.kill('SIGINT');
    await exited;
  }
});
