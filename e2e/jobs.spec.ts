import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { batchListSchema } from '../src/contract/batches';
import { exportedJobSchema } from '../src/contract/export-formats';
import { apiJson, createBerlinQueries, expect, signIn, startServer, test } from './fixtures';

// A small cap keeps the batch quick and every job on the first page of the list.
const MAX_RESULTS = '30';
/** Set to write docs/screenshots/jobs.png (the README's picture) from this run. */
const SCREENSHOT_PATH = process.env.JOBS_SCREENSHOT;

const csvRowsSchema = z.array(z.object({ Title: z.string(), Company: z.string() }));

async function readRows(path: string): Promise<Record<string, unknown>[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  const header: string[] = [];
  sheet.getRow(1).eachCell((cell, col) => (header[col] = String(cell.value)));
  const rows: Record<string, unknown>[] = [];
  for (let r = 2; r <= sheet.actualRowCount; r += 1) {
    const row: Record<string, unknown> = {};
    sheet.getRow(r).eachCell((cell, col) => {
      const name = header[col];
      if (name) row[name] = cell.text;
    });
    rows.push(row);
  }
  return rows;
}

test('the operator searches, filters, triages, blocks a company and exports the view', async ({
  page,
  simulator,
}, testInfo) => {
  test.setTimeout(120_000);
  const server = await startServer({
    LINKEDIN_BASE_URL: simulator.url,
    SCRAPE_MAX_RESULTS_PER_QUERY: MAX_RESULTS,
  });
  try {
    // The demo's kind of batch: two searches, run to the end.
    const token = await server.apiToken();
    await createBerlinQueries(server, token, ['Data Analyst', 'Data Engineer']);
    await apiJson(server, token, '/batches', { method: 'POST' });
    await expect
      .poll(
        async () => batchListSchema.parse(await apiJson(server, token, '/batches'))[0]?.status,
        {
          timeout: 60_000,
        },
      )
      .toBe('completed');

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/jobs`);
    await signIn(page);
    await expect(page).toHaveURL(/\/jobs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Jobs' });
    const rows = table.locator('tbody tr[data-job-id]');
    await expect(rows.first()).toBeVisible();
    await expect(rows.first().getByText('new', { exact: true })).toBeVisible();

    // Search: every row left has the word marked.
    await page.getByRole('searchbox', { name: 'Search jobs' }).fill('engineer');
    await expect(page).toHaveURL(/[?&]q=engineer/);
    await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('newest');
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('relevance');
    await expect(page).toHaveURL(/[?&]sort=relevance/);
    await expect(rows.first().locator('mark').first()).toBeVisible();
    const searched = await rows.count();
    expect(searched).toBeGreaterThan(3);

    // Filter: new in batch 1 keeps them all; Easy Apply narrows, and the URL holds both.
    await page.getByRole('combobox', { name: 'New in batch' }).selectOption('1');
    await expect(page).toHaveURL(/new_in_batch=1/);
    // The box shows the URL's value, which the click changes a moment later: click, then wait.
    await page.getByRole('checkbox', { name: 'Easy Apply' }).click();
    await expect(page.getByRole('checkbox', { name: 'Easy Apply' })).toBeChecked();
    await expect(page).toHaveURL(/easy_apply=true/);
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Easy Apply');
    await expect.poll(() => rows.count()).toBeLessThan(searched);
    const filtered = await rows.count();
    expect(filtered).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < filtered; i += 1) await expect(rows.nth(i)).toContainText('Easy Apply');

    // A reload keeps the view.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('engineer');
    await expect(page.getByRole('checkbox', { name: 'Easy Apply' })).toBeChecked();
    await expect(rows).toHaveCount(filtered);

    // Open the first job: everything stored, and Applied.
    const firstTitle = (await rows.nth(0).getByRole('button').first().textContent()) ?? '';
    await rows.nth(0).getByRole('button').first().click();
    const panel = page.getByRole('dialog', { name: firstTitle });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Open on LinkedIn' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    await expect(panel.getByText('Description')).toBeVisible();
    // Rendered markup, not escaped text: the site writes descriptions either as <p> paragraphs or
    // as <br>-separated text, and both have lists.
    await expect(panel.locator('.job-description li').first()).toBeVisible();
    await expect(panel.locator('.job-description script')).toHaveCount(0);
    await expect(panel.getByText('Found by')).toBeVisible();
    if (SCREENSHOT_PATH) await page.screenshot({ path: SCREENSHOT_PATH });
    await panel.getByRole('button', { name: 'Applied' }).click();
    await expect(panel.getByRole('button', { name: 'Applied' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(rows.nth(0)).toContainText('Applied');
    await expect(rows.nth(0).getByText('new', { exact: true })).toHaveCount(0);

    // Hide the second one from the keyboard: it leaves the list.
    // The job just closed keeps the highlight (decision 016), so one `j` reaches the next row.
    const secondTitle = (await rows.nth(1).getByRole('button').first().textContent()) ?? '';
    const secondId = (await rows.nth(1).getAttribute('data-job-id')) ?? '';
    expect(secondId).not.toBe('');
    await expect(table.locator('tr[aria-current="true"]')).toContainText(firstTitle);
    await page.keyboard.press('j');
    await expect(table.locator('tr[aria-current="true"]')).toContainText(secondTitle);
    await page.keyboard.press('h');
    // Titles repeat (several "Data Scientist" jobs): the row is known by its job id.
    await expect(table.locator(`tr[data-job-id="${secondId}"]`)).toHaveCount(0);
    await expect(rows).toHaveCount(filtered - 1);

    // Block a company from the panel of a job whose company id is known.
    let blocked = '';
    for (let i = 1; i < (await rows.count()) && !blocked; i += 1) {
      // Read before opening: the modal sheet hides the table from the accessibility tree.
      const company = (await rows.nth(i).getByRole('cell').nth(2).textContent()) ?? '';
      await rows.nth(i).getByRole('button').first().click();
      const sheet = page.getByRole('dialog');
      const block = sheet.getByRole('button', { name: 'Block company' });
      await expect(sheet.getByText('Description')).toBeVisible();
      if (await block.isEnabled()) {
        blocked = company;
        await block.click();
        const confirm = page.getByRole('alertdialog');
        await expect(confirm).toContainText(`Block ${blocked}?`);
        await confirm.getByRole('button', { name: 'Confirm' }).click();
        await expect(sheet.getByRole('status')).toHaveText('Company blocked successfully!');
        await expect(sheet.getByText('Company blocked', { exact: true })).toBeVisible();
      }
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
    }
    expect(blocked).not.toBe('');
    const companies = table.locator('tbody tr[data-job-id] td:nth-child(3)');
    await expect(companies.filter({ hasText: blocked })).toHaveCount(0);

    // Export this view: the same jobs as the screen, in the same order.
    const shown: { title: string; company: string }[] = [];
    for (let i = 0; i < (await rows.count()); i += 1) {
      const cells = rows.nth(i).getByRole('cell');
      shown.push({
        title: (await rows.nth(i).getByRole('button').first().textContent()) ?? '',
        company: (await cells.nth(2).textContent()) ?? '',
      });
    }
    expect(shown.length).toBeGreaterThan(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export this view' }).click();
    const file = await download;
    const path = testInfo.outputPath('jobs.xlsx');
    await file.saveAs(path);
    const exported = await readRows(path);
    expect(exported.map((r) => ({ title: r.Title, company: r.Company }))).toEqual(shown);
    expect(exported.every((r) => r['Easy Apply'] !== 'No' && r['Easy Apply'] !== false)).toBe(true);

    // The same view as CSV and as NDJSON (issue 18), chosen beside the button.
    const format = page.getByRole('combobox', { name: 'Export format' });
    await format.selectOption({ label: 'CSV (.csv)' });
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export this view' }).click();
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toBe('jobs.csv');
    const csvPath = testInfo.outputPath('jobs.csv');
    await csvFile.saveAs(csvPath);
    const csvRows: unknown = parse(await readFile(csvPath), { bom: true, columns: true });
    expect(
      csvRowsSchema.parse(csvRows).map((r) => ({ title: r.Title, company: r.Company })),
    ).toEqual(shown);

    await format.selectOption({ label: 'JSON lines (.ndjson)' });
    const jsonDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export this view' }).click();
    const jsonFile = await jsonDownload;
    expect(jsonFile.suggestedFilename()).toBe('jobs.ndjson');
    const jsonPath = testInfo.outputPath('jobs.ndjson');
    await jsonFile.saveAs(jsonPath);
    const lines = (await readFile(jsonPath, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => exportedJobSchema.parse(JSON.parse(line)));
    expect(lines.map((l) => ({ title: l.title, company: l.company_name }))).toEqual(shown);
    expect(lines.every((l) => l.easy_apply === true)).toBe(true);
  } finally {
    await server.stop();
  }
});
