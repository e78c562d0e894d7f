import type { Locator, Page } from '@playwright/test';
import { PHONE_VIEWPORT, SHOWCASE_RULES } from '../test/showcase-data';
import {
  apiJson,
  createBerlinQueries,
  expect,
  runBatch,
  signIn,
  startServer,
  test,
  type RunningServer,
} from './fixtures';

// Issue 30, items 8 and 9: the keyboard's way past the filters to the jobs, links that do not
// rely on colour alone, and what a new operator stumbled on (the flag colours, the API reference,
// the export's format on a phone, a disabled "Apply to stored jobs", the editor's repeated hint).
// Each at a phone's and a wide desktop's width, in both themes.

type Theme = 'light' | 'dark';
const THEMES: readonly Theme[] = ['light', 'dark'];
const WIDE_VIEWPORT = { width: 1440, height: 900 } as const;

/**
 * Runs soft checks and says whether they all held: each area below goes on with its other checks
 * after a failure, and a run lists every one, but a step that depends on a failed one is skipped.
 */
async function held(checks: () => Promise<unknown>): Promise<boolean> {
  const before = test.info().errors.length;
  await checks();
  return test.info().errors.length === before;
}

/** A text a sighted operator can read: laid out at a size, not a 1 px screen-reader-only box. */
async function expectReadable(locator: Locator, what: string): Promise<void> {
  await expect.soft(locator, what).toBeVisible();
  if ((await locator.count()) !== 1) return;
  const box = await locator.boundingBox();
  expect.soft(box && box.width >= 8 && box.height >= 8 ? 'readable' : box, what).toBe('readable');
}

/** Whether the keyboard's focus is on the results: the box holding the Jobs table, or in it. */
function focusOnResults(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return Boolean(el?.querySelector('table[aria-label="Jobs"]') ?? el?.closest('table'));
  });
}

/** How wide the select is drawn against how wide it is when nothing squeezes it. */
function selectWidths(select: Locator) {
  return select.evaluate((el) => {
    const clone = el.cloneNode(true);
    if (!(clone instanceof HTMLElement)) throw new Error('not an element');
    clone.style.cssText =
      'position:absolute;left:0;top:0;visibility:hidden;width:auto;min-width:0;max-width:none;flex:none';
    document.body.append(clone);
    const natural = clone.getBoundingClientRect().width;
    clone.remove();
    const box = el.getBoundingClientRect();
    return { drawn: box.width, natural, right: box.right };
  });
}

async function startWithJobsAndRules(simulator: { url: string }): Promise<RunningServer> {
  const server = await startServer({
    LINKEDIN_BASE_URL: simulator.url,
    SCRAPE_MAX_RESULTS_PER_QUERY: '6',
  });
  const token = await server.apiToken();
  await createBerlinQueries(server, token, ['Data Analyst']);
  for (const rule of SHOWCASE_RULES) {
    await apiJson(server, token, '/rules', { method: 'POST', body: JSON.stringify(rule) });
  }
  await runBatch(server, token);
  return server;
}

async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('jobscout-theme', value), theme);
  await page.reload();
}

/** From the top of /jobs: the header's skip link, the screen's own, then the jobs' keys. */
async function checkSkipLinks(page: Page, server: RunningServer, label: string) {
  await page.goto(`${server.url}/jobs`);
  const jobs = page.getByRole('table', { name: 'Jobs' });
  await expect(jobs.locator('tr[data-job-id]').first()).toBeVisible();
  const skipToMain = page.getByRole('link', { name: 'Skip to main content' });
  const skipToResults = page.getByRole('link', { name: 'Skip to results' });
  const present = await held(async () => {
    await expect.soft(skipToMain, `${label}: a skip link past the header`).toHaveCount(1);
    await expect.soft(skipToResults, `${label}: a skip link to the results`).toHaveCount(1);
  });
  if (!present) return;
  // Out of sight until the keyboard reaches them.
  expect.soft((await skipToResults.boundingBox())?.width, `${label}: hidden until focused`).toBe(1);

  // Before: 33 Tab presses past the header and the filters to the first job.
  let tabs = 0;
  await page.keyboard.press('Tab');
  tabs += 1;
  const first = await held(async () => {
    await expect.soft(skipToMain, `${label}: the page's first stop`).toBeFocused();
    await expect.soft(skipToMain, `${label}: on the screen when focused`).toBeInViewport();
    await expectReadable(skipToMain, `${label}: skip to main content, focused`);
  });
  if (!first) return;
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  tabs += 1;
  const second = await held(async () => {
    await expect.soft(skipToResults, `${label}: the main content's first stop`).toBeFocused();
    await expect.soft(skipToResults, `${label}: on the screen when focused`).toBeInViewport();
    await expectReadable(skipToResults, `${label}: skip to results, focused`);
  });
  if (!second) return;
  await page.keyboard.press('Enter');
  expect.soft(await focusOnResults(page), `${label}: the focus on the results`).toBe(true);
  expect.soft(tabs, `${label}: Tab presses to the results`).toBeLessThanOrEqual(3);
  // From there the list's keys work: j takes the first job, Enter opens it.
  await page.keyboard.press('j');
  const row = jobs.locator('tr[data-job-id]').first();
  await expect.soft(row, `${label}: j takes the first job`).toHaveAttribute('aria-current', 'true');
  const title = (await row.getByRole('button').first().innerText()).trim();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: title });
  await expect.soft(panel, `${label}: Enter opens it`).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
}

async function checkJobsScreen(page: Page, server: RunningServer, label: string) {
  await page.goto(`${server.url}/jobs`);
  const row = page.getByRole('table', { name: 'Jobs' }).locator('tr[data-job-id]').first();
  const title = row.getByRole('button').first();
  const name = (await title.innerText()).trim();
  await title.click();
  const panel = page.getByRole('dialog', { name });
  await expect(panel).toBeVisible();

  // "Found by": run #N and batch #N are underlined, not told apart by their colour alone.
  const foundBy = panel.getByRole('region', { name: 'Found by' });
  for (const link of [
    foundBy.getByRole('link', { name: /^run #\d+$/ }).first(),
    foundBy.getByRole('link', { name: /^batch #\d+$/ }).first(),
  ]) {
    await expect(link).toBeVisible();
    expect
      .soft(
        await link.evaluate((el) => getComputedStyle(el).textDecorationLine),
        `${label}: ${await link.innerText()} underlined`,
      )
      .toContain('underline');
  }
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // The export's format beside "Export this view" shows its whole name, on the screen.
  const format = page.getByRole('combobox', { name: 'Export format' });
  await expect(format).toHaveValue('xlsx');
  const widths = await selectWidths(format);
  expect
    .soft(widths.drawn, `${label}: "Excel (.xlsx)" drawn whole`)
    .toBeGreaterThanOrEqual(widths.natural - 0.5);
  expect
    .soft(widths.right, `${label}: the format on the screen`)
    .toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

async function checkRulesScreen(page: Page, server: RunningServer, label: string) {
  await page.goto(`${server.url}/jobs/rules`);
  // A disabled rule's "Apply to stored jobs" says why it cannot be pressed, in words on screen.
  const agencies = page.getByRole('listitem', { name: 'Agencies' });
  const apply = agencies.getByRole('button', { name: 'Apply to stored jobs' });
  await expect(apply).toBeDisabled();
  const why = 'Enable the rule to apply it to stored jobs.';
  await expectReadable(agencies.getByText(why), `${label}: why Apply is disabled`);
  await expect.soft(apply, `${label}: Apply described`).toHaveAccessibleDescription(why);

  await page
    .getByRole('listitem', { name: 'Python' })
    .getByRole('button', { name: 'Edit' })
    .click();
  const editor = page.getByRole('dialog', { name: 'Edit rule' });
  await expect(editor).toBeVisible();
  // The hint on how to write a condition, once.
  await expect
    .soft(editor.getByText(/^Words or a “quoted phrase”/), `${label}: one hint`)
    .toHaveCount(1);
  // The flag's colours right under Flag (not under Mute), each named on screen.
  const colours = editor.getByRole('radiogroup', { name: 'Label colour' });
  await expect(colours).toBeVisible();
  const [flag, colourBox, mute] = await Promise.all([
    editor.getByRole('radio', { name: 'Flag' }).boundingBox(),
    colours.boundingBox(),
    editor.getByRole('radio', { name: 'Mute' }).boundingBox(),
  ]);
  if (!flag || !colourBox || !mute) throw new Error(`${label}: the actions are not laid out`);
  expect.soft(colourBox.y, `${label}: colours under Flag`).toBeGreaterThan(flag.y);
  expect
    .soft(colourBox.y + colourBox.height, `${label}: colours above Mute`)
    .toBeLessThanOrEqual(mute.y);
  for (const name of ['Blue', 'Green', 'Amber', 'Red', 'Violet', 'Grey']) {
    await expect.soft(colours.getByRole('radio', { name })).toHaveCount(1);
    await expectReadable(colours.getByText(name, { exact: true }), `${label}: ${name} on screen`);
  }
  await expect.soft(colours.getByRole('radio', { name: 'Green' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
}

async function checkSettingsScreen(page: Page, server: RunningServer, label: string) {
  await page.goto(`${server.url}/settings`);
  await expect(page.getByRole('link', { name: 'API reference' })).toHaveCount(1);
  // The API reference is where tokens are made, not a footnote under the last card.
  const tokens = page.getByRole('region', { name: 'API tokens' });
  const reference = tokens.getByRole('link', { name: 'API reference' });
  await expectReadable(reference, `${label}: the API reference in the tokens card`);
  await expect.soft(tokens.getByRole('link', { name: 'openapi.json' })).toBeVisible();
  const anywhere = page.getByRole('link', { name: 'API reference' });
  await expect(anywhere).toHaveAttribute('href', `${server.url}/api/docs`);
  expect
    .soft(
      await anywhere.evaluate((el) => getComputedStyle(el).textDecorationLine),
      `${label}: the API reference underlined`,
    )
    .toContain('underline');
}

for (const viewport of [PHONE_VIEWPORT, WIDE_VIEWPORT]) {
  test(`at ${viewport.width} px, in both themes: skip links to the jobs, underlined links in Found by, and the rules, export and API reference as a new operator needs them`, async ({
    page,
    simulator,
  }) => {
    test.setTimeout(120_000);
    const server = await startWithJobsAndRules(simulator);
    try {
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/sign-in`);
      await signIn(page);
      await expect(page.getByRole('button', { name: 'Dark mode' })).toBeVisible();
      for (const theme of THEMES) {
        await useTheme(page, theme);
        const label = `${theme}, ${viewport.width} px`;
        await checkSkipLinks(page, server, label);
        await checkJobsScreen(page, server, label);
        await checkRulesScreen(page, server, label);
        await checkSettingsScreen(page, server, label);
      }
    } finally {
      await server.stop();
    }
  });
}
