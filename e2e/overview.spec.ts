import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { buildDemoData, demoSimulatorOptions, planHistory } from '../scripts/demo-history';
import { startSimulator } from '../simulator';
import { overviewHeadlinesSchema } from '../src/contract/overview';
import { startServerProcess } from '../test/server-process';
import { axeViolations } from './contrast';
import {
  apiJson,
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

/** The Overview's days of the demo's history: enough for a drift (decision 054) and its end. */
const HISTORY_DAYS = 24;

/** A chart's legend swatch of a label, as drawn (its style, the query's paint). */
function legendSwatch(page: Page, chart: string, label: string) {
  return page
    .getByRole('region', { name: chart, exact: true })
    .getByRole('list', { name: 'Legend' })
    .getByRole('listitem')
    .filter({ hasText: label })
    .locator('span[aria-hidden="true"]')
    .getAttribute('style');
}

// Issue 39: the Overview as a new operator sees it over weeks of the demo's history (the real
// runner against the simulated site, a salary drift in the middle, the pipeline filled): the
// headline figures against the week before, each field on its own row with its past drift
// marked, the searches' first day drawn cut, each search's outcomes, and a search's colour the
// same in every range.
test('the Overview stays readable over weeks of history: headlines, rows per field, past drift, cut first day, outcomes, colours', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const plan = planHistory({ days: HISTORY_DAYS, now: Date.now(), timeZone, scriptTime: '09:00' });
  const simulator = await startSimulator(demoSimulatorOptions(plan));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-e2e-overview-'));
  const history = await buildDemoData({ dataDir, simulator, plan, timeZone });
  expect(history?.events).toContain(
    `day ${plan.find((d) => d.salaryDropped)?.day}: salary drift started`,
  );
  const server = await startServerProcess({ dataDir, env: { LINKEDIN_BASE_URL: simulator.url } });
  try {
    const token = await server.apiToken();
    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.url}/overview?range=7`);
    await signIn(page);
    await overviewLoaded(page);

    // Headlines: the week against the week before, each figure's change said in words.
    const glance = page.getByRole('region', { name: 'At a glance' });
    const headlines = overviewHeadlinesSchema.parse(
      await apiJson(server, token, '/overview/headlines?range=7'),
    );
    const newJobs = glance.getByRole('term').filter({ hasText: 'New jobs' }).locator('..');
    await expect(newJobs).toContainText(headlines.new_jobs.value?.toLocaleString('en-US') ?? '–');
    await expect(newJobs).toContainText(
      /(Up|Down) [\d,]+ \([+-][\d.]+%\) on the 7 days before \([\d,]+\)|Same as the 7 days before/,
    );
    await expect(glance.getByRole('term')).toHaveText([
      'New jobs',
      'Kept',
      'Saved',
      'Applied',
      'Site requests per new job',
    ]);

    // Over 30 days: the first day (every search's initial import) drawn cut, the days after it
    // on a scale of their own.
    await page.getByRole('combobox', { name: 'Range' }).selectOption('30');
    await overviewLoaded(page);
    const newJobsChart = page.getByRole('region', { name: 'New jobs per day', exact: true });
    await expect(newJobsChart).toContainText(
      /drawn cut so the days after it stay readable: \w+ \d+ \(\d+\)/,
    );
    const cutTotal = Number(/\((\d+)\)\.$/.exec((await newJobsChart.textContent()) ?? '')?.[1]);
    const axisTop = Math.max(
      ...(await newJobsChart.locator('svg g[aria-hidden="true"] text').allTextContents())
        .map(Number)
        .filter(Number.isFinite),
    );
    expect(axisTop).toBeLessThan(cutTotal / 2);

    // Each field on its own row; the salary's drift marked on its days though it recovered since.
    const fills = page.getByRole('region', { name: 'Fields filled per day', exact: true });
    await expect(page.getByRole('region', { name: 'Markup drift' })).toContainText(
      'Every watched field parses as usual.',
    );
    await expect(fills.locator('svg tspan')).toHaveCount(1);
    await expect(fills.locator('svg tspan')).toHaveText(/^ · drifting \w+ \d+/);
    await expect(fills.locator('svg rect[style*="-mark"]')).toHaveCount(5);
    const asTable = fills.getByRole('button', { name: 'Show as table' });
    await asTable.click();
    await expect(
      fills.getByRole('table').getByRole('cell', { name: 'Salary', exact: true }),
    ).toHaveCount(5);
    await asTable.click();

    // Searches: unique jobs, the sightings under them, what the jobs led to on the Pipeline.
    const searches = page.getByRole('table', { name: 'Searches' });
    for (const header of ['Jobs found (unique)', 'Saved', 'Applied', 'Screening or later'])
      await expect(searches.getByRole('columnheader', { name: header })).toBeVisible();
    await expect(searches.getByRole('row').filter({ hasText: 'climate models' })).toContainText(
      /\d[\d,]* sightings/,
    );

    // A search's colour is the same at 30 and 7 days, and in the Searches table.
    const label = 'Data Scientist · London';
    const at30 = await legendSwatch(page, 'New jobs per day', label);
    await page.getByRole('combobox', { name: 'Range' }).selectOption('7');
    await overviewLoaded(page);
    expect(await legendSwatch(page, 'New jobs per day', label)).toBe(at30);
    const row = searches.getByRole('row').filter({ hasText: label });
    expect(await row.locator('span[aria-hidden="true"]').first().getAttribute('style')).toBe(at30);

    // The new parts hold up on a phone in the dark: nothing sideways, no WCAG violation.
    await page.setViewportSize(PHONE);
    await page.evaluate(() => localStorage.setItem('jobscout-theme', 'dark'));
    await page.goto(`${server.url}/overview?range=30`);
    await overviewLoaded(page);
    expect.soft(await sidewaysScroll(page), 'scrolls sideways').toBeLessThanOrEqual(0);
    expect.soft(await axeViolations(page), 'WCAG 2.1 A/AA').toEqual([]);
  } finally {
    await server.stop();
    await simulator.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
