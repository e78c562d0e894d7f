import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { axeViolations } from './contrast';
import {
  createBerlinQueries,
  expect,
  runBatch,
  signIn,
  startServer,
  storedJobs,
  test,
} from './fixtures';

// Issue 32's Overview, end to end: after one real batch against the simulated site (a 429 on
// the way, so the trouble chart has something to draw), every chart draws its data, a day's
// tooltip is reached by the keyboard, the table alternative shows the same figures and the CSV
// download holds them; at 390 px and in the dark theme nothing scrolls the page sideways.

// A few results per query keep the batch short; the charts need only some jobs.
const MAX_RESULTS = '10';
const SEARCH_PATH = '/jobs-guest/jobs/api/seeMoreJobPostings';

/** Every chart of the screen, by its heading: each must draw (not say it has no data). */
const CHARTS = [
  'New jobs per day',
  'Top companies by new jobs',
  'Workplace mix per day',
  'Yearly salaries by currency',
  'Seniority',
  'Employment type',
  'Triage',
  'Fields filled per day',
  'Site requests per day',
  'Trouble per day',
] as const;

const DESKTOP = { width: 1440, height: 900 } as const;
const PHONE = { width: 390, height: 844 } as const;

/** How far the page scrolls sideways (0 when everything fits its width). */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** The charts drawn per day: new jobs, workplace mix, fields filled, requests and trouble. */
const DAY_CHARTS = 5;

/** Waits until every section has answered and drawn: nothing loading, nothing busy. */
async function overviewLoaded(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  await page.waitForFunction(
    (dayCharts) =>
      document.querySelectorAll('main [aria-busy="true"], main [role="status"]').length === 0 &&
      document.querySelectorAll('main svg[role="group"]').length === dayCharts,
    DAY_CHARTS,
  );
}

test('the Overview draws every chart from a real batch, by mouse, keyboard, table and CSV, on a phone and in the dark', async ({
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
    await createBerlinQueries(server, token, ['Data Analyst', 'Backend Engineer']);
    // The site refuses the first search once and asks for a second's wait: a 429, a retry and a
    // pause for the trouble chart.
    simulator.faults.rateLimit(1, { retryAfterSeconds: 1, pathPrefix: SEARCH_PATH });
    await runBatch(server, token);
    const stored = (await storedJobs(server, token)).length;
    expect(stored).toBeGreaterThan(0);

    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/overview`);
    await signIn(page);
    await expect(page).toHaveURL(`${server.url}/overview`);
    await overviewLoaded(page);
    await expect(page.getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // Every chart draws its data: its table and CSV buttons are there only when it has some.
    for (const title of CHARTS) {
      const chart = page.getByRole('region', { name: title, exact: true });
      await expect(chart.getByRole('button', { name: 'Show as table' }), title).toBeVisible();
      await expect(
        chart.locator('svg[role="group"], ul[aria-label]:not([aria-label="Legend"])').first(),
        `${title}: drawn`,
      ).toBeVisible();
    }
    // Labelled axes, in the drawing.
    const newJobs = page.getByRole('region', { name: 'New jobs per day', exact: true });
    await expect(newJobs.locator('svg').getByText('New jobs', { exact: true })).toBeVisible();
    await expect(newJobs.locator('svg').getByText('Day', { exact: true })).toBeVisible();
    // The searches, each opening its jobs.
    const searches = page.getByRole('table', { name: 'Searches' });
    await expect(searches.getByRole('link', { name: /^Data Analyst · / })).toHaveAttribute(
      'href',
      /\/jobs\?query=\d+$/,
    );
    await expect(searches.getByRole('link', { name: /^Backend Engineer · / })).toBeVisible();

    // The keyboard: Tab from the chart's last button enters its days at today, whose tooltip
    // adds up every job the batch stored and describes the focused day.
    await newJobs.getByRole('button', { name: 'Download CSV' }).focus();
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveAttribute('role', 'img');
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText(new RegExp(`All new jobs:\\s*${stored}$`));
    const tooltipId = await tooltip.getAttribute('id');
    expect(tooltipId).toBeTruthy();
    await expect(focused).toHaveAttribute('aria-describedby', tooltipId ?? '');
    // Yesterday had no batch.
    await page.keyboard.press('ArrowLeft');
    await expect(tooltip).toContainText(/All new jobs:\s*0$/);
    await page.keyboard.press('Escape');
    await expect(tooltip).toBeHidden();

    // The table alternative: a row a day of the last 30, today's total last.
    await newJobs.getByRole('button', { name: 'Show as table' }).click();
    const table = newJobs.getByRole('table', { name: 'New jobs per day' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(31);
    await expect(table.getByRole('row').last().getByRole('cell').last()).toHaveText(String(stored));

    // Its CSV: the same table, a header first.
    const download = page.waitForEvent('download');
    await newJobs.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('overview-new-jobs-30d.csv');
    const lines = fs
      .readFileSync(await file.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toMatch(/^Day,.*Data Analyst.*,Reposts,Hidden by rules,Total$/);
    expect(lines).toHaveLength(32);
    expect(lines[30]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2},.*,${stored}$`));

    // A phone and the dark theme: the charts take their box's width, nothing scrolls the page
    // sideways, and no WCAG 2.1 A/AA violation (contrast included).
    for (const [viewport, theme] of [
      [PHONE, 'light'],
      [PHONE, 'dark'],
      [DESKTOP, 'dark'],
    ] as const) {
      const at = `${theme}, ${viewport.width} px`;
      await page.setViewportSize(viewport);
      await page.evaluate((value) => localStorage.setItem('jobscout-theme', value), theme);
      await page.reload();
      await overviewLoaded(page);
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/);
      expect.soft(await sidewaysScroll(page), `${at}: scrolls sideways`).toBeLessThanOrEqual(0);
      const widest = await page.evaluate(() =>
        Math.max(
          ...[...document.querySelectorAll('svg[role="group"]')].map(
            (svg) => svg.getBoundingClientRect().right,
          ),
        ),
      );
      expect.soft(widest, `${at}: charts within the screen`).toBeLessThanOrEqual(viewport.width);
      expect.soft(await axeViolations(page), `${at}: WCAG 2.1 A/AA`).toEqual([]);
    }
  } finally {
    await server.stop();
  }
});
