import ExcelJS from 'exceljs';
import { queryRunListSchema } from '../src/contract/query-runs';
import { locationSuggestionListSchema } from '../src/contract/locations';
import { EXPORT_COLUMNS } from '../src/server/export';
import { apiJson, expect, signIn, startServer, test } from './fixtures';

// A small cap keeps the batch quick; the paging itself is proven by the scraper's own tests.
const MAX_RESULTS = '25';

async function readSheet(path: string): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  return sheet;
}

function headerOf(sheet: ExcelJS.Worksheet): string[] {
  const values: string[] = [];
  sheet.getRow(1).eachCell((cell) => values.push(String(cell.value)));
  return values;
}

test('runs a batch from the dashboard, watches it finish, and downloads both exports', async ({
  page,
  simulator,
}, testInfo) => {
  const server = await startServer({
    LINKEDIN_BASE_URL: simulator.url,
    SCRAPE_MAX_RESULTS_PER_QUERY: MAX_RESULTS,
  });
  try {
    // A standard query created in the dashboard, and an AI query that must fail: no cookies are saved.
    await page.goto(`${server.url}/queries`);
    await signIn(page);
    await page.getByRole('button', { name: 'New Query' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Query' });
    await dialog.getByRole('textbox', { name: 'Search Term' }).fill('Data Analyst');
    await dialog.getByRole('combobox', { name: 'Location' }).pressSequentially('Berl');
    await page.getByRole('option', { name: 'Berlin, Germany' }).click();
    await dialog.getByRole('button', { name: 'Create Query' }).click();
    await expect(dialog).toBeHidden();

    const token = await server.apiToken();
    const places = locationSuggestionListSchema.parse(
      await apiJson(server, token, '/locations/typeahead?query=London'),
    );
    const london = places[0];
    if (!london) throw new Error('the simulator knows no London');
    await apiJson(server, token, '/queries', {
      method: 'POST',
      body: JSON.stringify({
        job_title: 'Climate data scientist',
        location_id: Number(london.id),
        status: 'active',
        is_ai: true,
      }),
    });

    // Run the batch through its confirmation.
    await page.getByRole('link', { name: 'Batches' }).click();
    await expect(page.getByText('No batches found.')).toBeVisible();
    await page.getByRole('button', { name: 'Run Batch' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(
      'Are you sure you want to start a new batch job? This will begin processing all active queries.',
    );
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Batch started successfully!' }),
    ).toBeVisible();

    // The screen polls while the batch works, and shows it completed without a reload.
    const batchRow = page.getByRole('table', { name: 'Batches' }).getByRole('row').nth(1);
    await expect(batchRow.getByRole('cell').nth(0)).toHaveText('1');
    await expect(batchRow.getByRole('cell').nth(1)).toHaveText('manual');
    await expect(batchRow.getByText('completed')).toBeVisible({ timeout: 30_000 });
    await expect(batchRow.getByRole('cell').nth(4)).not.toHaveText('-');

    const batchDownload = page.waitForEvent('download');
    await batchRow.getByRole('button', { name: 'Export' }).click();
    const batchFile = await batchDownload;
    expect(batchFile.suggestedFilename()).toBe('batch-1.xlsx');
    const batchPath = testInfo.outputPath('batch.xlsx');
    await batchFile.saveAs(batchPath);

    // Query runs: one completed with an export, one failed with its reason on hover.
    await page.getByRole('link', { name: 'Query Runs' }).click();
    const runsTable = page.getByRole('table', { name: 'Query Runs' });
    const goodRow = runsTable.getByRole('row').filter({ hasText: 'Data Analyst' });
    const failedRow = runsTable.getByRole('row').filter({ hasText: 'Climate data scientist' });
    await expect(goodRow.getByText('completed')).toBeVisible();
    await expect(goodRow.getByText('Standard')).toBeVisible();
    await expect(failedRow.getByText('failed')).toBeVisible();
    await expect(failedRow.getByRole('button', { name: 'Export' })).toHaveCount(0);
    await failedRow.getByText('failed').hover();
    await expect(page.getByRole('tooltip')).toContainText(
      'AI-powered search needs valid LinkedIn cookies: paste new ones in Settings',
    );

    const runs = queryRunListSchema.parse(await apiJson(server, token, '/query-runs'));
    const good = runs.find((r) => r.job_title === 'Data Analyst');
    if (!good) throw new Error('no run for Data Analyst');
    expect(good.jobs_found).toBeGreaterThan(0);

    const runDownload = page.waitForEvent('download');
    await goodRow.getByRole('button', { name: 'Export' }).click();
    const runFile = await runDownload;
    expect(runFile.suggestedFilename()).toBe('1-Data-Analyst.xlsx');
    const runPath = testInfo.outputPath('run.xlsx');
    await runFile.saveAs(runPath);

    // Both files: the columns of DESIGN.md, one row per job found, the run's search on each row.
    const expectedHeader = EXPORT_COLUMNS.map((c) => c.header);
    for (const sheet of [await readSheet(batchPath), await readSheet(runPath)]) {
      expect(headerOf(sheet)).toEqual(expectedHeader);
      expect(sheet.actualRowCount - 1).toBe(good.jobs_found);
      const searchTerm = expectedHeader.indexOf('Search Term') + 1;
      const searchLocation = expectedHeader.indexOf('Search Location') + 1;
      for (let r = 2; r <= sheet.actualRowCount; r += 1) {
        expect(sheet.getRow(r).getCell(searchTerm).value).toBe('Data Analyst');
        expect(sheet.getRow(r).getCell(searchLocation).value).toBe('Berlin, Germany');
      }
    }
  } finally {
    await server.stop();
  }
});
