import ExcelJS from 'exceljs';
import { guestFiltersFromUrl } from '../simulator';
import { EXPORT_COLUMNS } from '../src/server/export';
import { expect, signIn, startServer, test } from './fixtures';

// Issue 10 in the browser: filters set in the modal show as chips, the batch asks the site
// for them, and the export holds only jobs that match them.

const MAX_RESULTS = '25';
const BERLIN = '103035651';
/** The simulator matches many jobs for this search, so the filtered set is not empty. */
const TERM = 'Product Manager';

async function readRows(path: string): Promise<Array<Record<string, unknown>>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  const headers = EXPORT_COLUMNS.map((c) => c.header);
  const rows: Array<Record<string, unknown>> = [];
  for (let r = 2; r <= sheet.actualRowCount; r += 1) {
    const row = sheet.getRow(r);
    rows.push(Object.fromEntries(headers.map((h, i) => [h, row.getCell(i + 1).value])));
  }
  return rows;
}

test('sets filters in the modal, sees the chips, and exports only matching jobs', async ({
  page,
  simulator,
}, testInfo) => {
  const server = await startServer({
    LINKEDIN_BASE_URL: simulator.url,
    SCRAPE_MAX_RESULTS_PER_QUERY: MAX_RESULTS,
  });
  try {
    await page.goto(`${server.url}/queries`);
    await signIn(page);
    await page.getByRole('button', { name: 'New Query' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Query' });
    await dialog.getByRole('textbox', { name: 'Search Term' }).fill(TERM);
    await dialog.getByRole('combobox', { name: 'Location' }).pressSequentially('Berl');
    await page.getByRole('option', { name: 'Berlin, Germany' }).click();

    const filtersToggle = dialog.getByRole('button', { name: 'Filters' });
    await expect(filtersToggle).toHaveAttribute('aria-expanded', 'false');
    await filtersToggle.click();
    await dialog.getByRole('combobox', { name: 'Posted within' }).selectOption('Past month');
    const workplace = dialog.getByRole('group', { name: 'Workplace' });
    await workplace.getByRole('checkbox', { name: 'Remote' }).check();
    await workplace.getByRole('checkbox', { name: 'Hybrid' }).check();
    await dialog
      .getByRole('group', { name: 'Job type' })
      .getByRole('checkbox', { name: 'Full-time' })
      .check();
    await dialog.getByRole('checkbox', { name: 'Easy Apply only' }).check();
    await dialog.getByRole('button', { name: 'Create Query' }).click();
    await expect(dialog).toBeHidden();

    const chips = page.getByRole('list', { name: `Filters of ${TERM}` });
    await expect(chips.getByRole('listitem')).toHaveText([
      'Past month',
      'Remote',
      'Hybrid',
      'Full-time',
      'Easy Apply',
    ]);

    // The dashboard's batch, against the simulated site.
    await page.getByRole('link', { name: 'Batches' }).click();
    await page.getByRole('button', { name: 'Run Batch' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    const batchRow = page.getByRole('table', { name: 'Batches' }).getByRole('row').nth(1);
    await expect(batchRow.getByText('completed')).toBeVisible({ timeout: 30_000 });
    await expect(batchRow.getByText(/^full: \d+ new of \d+$/)).toBeVisible();

    // The site was asked with the filters' parameters.
    const searches = simulator.requests.filter((r) =>
      r.path.endsWith('/seeMoreJobPostings/search'),
    );
    expect(searches.length).toBeGreaterThan(0);
    for (const r of searches)
      expect(r.query).toMatchObject({ f_TPR: 'r2592000', f_WT: '2,3', f_JT: 'F', f_AL: 'true' });

    const download = page.waitForEvent('download');
    await batchRow.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    const path = testInfo.outputPath('batch.xlsx');
    await file.saveAs(path);
    const rows = await readRows(path);

    // Only matching jobs, and every matching job the cap allowed, by the simulator's truth.
    const truth = simulator.search.guest(
      TERM,
      BERLIN,
      guestFiltersFromUrl(new URLSearchParams('f_TPR=r2592000&f_WT=2,3&f_JT=F&f_AL=true')),
    );
    expect(rows.length).toBe(Math.min(Number(MAX_RESULTS), truth.total));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const job = simulator.catalogue.jobById(String(row['Job ID']));
      expect(job?.workplace === 'remote' || job?.workplace === 'hybrid').toBe(true);
      expect(row['Employment type']).toBe('Full-time');
      expect(row['Easy Apply']).toBe('Yes');
      expect(row['Search Term']).toBe(TERM);
    }

    // A day later on the site, the next batch asks only for what is new.
    simulator.clock.advanceDays(1);
    await page.getByRole('button', { name: 'Run Batch' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    const secondRow = page.getByRole('table', { name: 'Batches' }).getByRole('row').nth(1);
    await expect(secondRow.getByRole('cell').nth(0)).toHaveText(/^2/);
    await expect(secondRow.getByText(/^incremental: \d+ new of \d+$/)).toBeVisible({
      timeout: 30_000,
    });
  } finally {
    await server.stop();
  }
});
