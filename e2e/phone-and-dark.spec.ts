import type { Locator, Page } from '@playwright/test';
import {
  DESKTOP_VIEWPORT,
  openScreen,
  PHONE_VIEWPORT,
  seedShowcase,
  SHOWCASE_SCREENS,
  type ShowcaseScreen,
  WORST_POSTINGS,
} from '../test/showcase-data';
import { axeViolations, contrastFailures } from './contrast';
import { expect, signIn, startServer, test, type RunningServer } from './fixtures';

// Issue 12, "Phone and dark mode": every screen usable at 390 × 844 without sideways scrolling,
// the header's menu, tables as labelled cards, and the theme toggle kept after a reload; every
// screen's text meets WCAG AA contrast in both themes (axe-core's color-contrast rule).

type Theme = 'light' | 'dark';
type Viewport = { readonly width: number; readonly height: number };
const THEMES: readonly Theme[] = ['light', 'dark'];
const THEME_KEY = 'jobscout-theme';

// A few results per query keep the seeding batch short; the cards need only some rows.
const MAX_RESULTS = '6';

async function startSeededServer(simulator: Parameters<typeof seedShowcase>[2]) {
  const server = await startServer({
    LINKEDIN_BASE_URL: simulator.url,
    SCRAPE_MAX_RESULTS_PER_QUERY: MAX_RESULTS,
  });
  await seedShowcase(server.url, await server.apiToken(), simulator);
  return server;
}

declare global {
  interface Window {
    transitionsSeen?: string[];
  }
}

/** From now on, notes every CSS transition that starts on the page (its element and property). */
async function watchTransitions(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.transitionsSeen = [];
    document.addEventListener(
      'transitionrun',
      (event) => {
        const target = event.target instanceof Element ? event.target : null;
        const name = target?.getAttribute('aria-label') ?? target?.textContent?.trim() ?? '?';
        window.transitionsSeen?.push(`${target?.tagName ?? '?'} "${name}": ${event.propertyName}`);
      },
      true,
    );
  });
}

/** Waits until the page has rendered two more frames: transition events are sent with a frame. */
async function framesRendered(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** The transitions noted since watchTransitions, then forgets them. */
async function transitionsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => window.transitionsSeen?.splice(0) ?? []);
}

/** Stores the operator's theme choice as the toggle does, and reloads so the page starts in it. */
async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: THEME_KEY,
    value: theme,
  });
  await page.reload();
}

async function signedIn(page: Page, server: RunningServer): Promise<void> {
  await page.goto(`${server.url}/sign-in`);
  await signIn(page);
  // The header's toggle is there at every width (the links may be folded into the menu).
  await expect(page.getByRole('button', { name: 'Dark mode' })).toBeVisible();
}

/**
 * How far anything scrolls sideways: the page itself, or any box inside it that scrolls (a table
 * wrapper that scrolls is no better than a page that does). 0 when everything fits.
 */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.documentElement;
    let worst = root.scrollWidth - root.clientWidth;
    for (const el of document.body.querySelectorAll('*')) {
      const overflowX = getComputedStyle(el).overflowX;
      if (overflowX === 'auto' || overflowX === 'scroll') {
        worst = Math.max(worst, el.scrollWidth - el.clientWidth);
      }
    }
    return worst;
  });
}

/**
 * Badges that reach past the screen's right edge or past their own card or row: a page can hide
 * such an overflow from its scroll width (a clipping box), so the edges themselves are checked.
 */
function badgesPastEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const past: string[] = [];
    for (const badge of document.querySelectorAll('[data-slot="badge"]')) {
      const box = badge.getBoundingClientRect();
      if (box.width === 0) continue;
      const holder = badge.closest('tr, [role="dialog"], li') ?? document.body;
      const edge = Math.min(width, holder.getBoundingClientRect().right);
      if (box.right > edge + 0.5) {
        past.push(
          `"${badge.textContent ?? ''}" ends at ${Math.round(box.right)} px, past ${Math.round(edge)} px`,
        );
      }
    }
    return past;
  });
}

/**
 * On a phone, `row` of `table` is a card that fits the screen, each cell labelled with its
 * column's name (the table keeps its semantics: headers, rows, cells).
 */
async function expectLabelledCard(table: Locator, row: Locator, name: string): Promise<void> {
  const headers = (await table.getByRole('columnheader').allTextContents()).map((t) => t.trim());
  const card = await row.evaluate((tr) => ({
    display: getComputedStyle(tr).display,
    right: tr.getBoundingClientRect().right,
    labels: [...tr.querySelectorAll('td')].map((td) =>
      getComputedStyle(td, '::before').content.replace(/^"(.*)"$/, '$1'),
    ),
  }));
  expect(card.display, `${name}: a row is a card`).toBe('flex');
  expect(card.right, `${name}: the card fits the screen`).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
  expect(card.labels, `${name}: labels`).toEqual(headers);
}

/** The screen of SHOWCASE_SCREENS at `path`. */
function showcaseScreen(path: string): ShowcaseScreen {
  const screen = SHOWCASE_SCREENS.find((s) => s.path === path);
  if (!screen) throw new Error(`the showcase lacks ${path}`);
  return screen;
}

/**
 * The rules left out on /api/docs, which is Swagger UI (swagger-ui-dist through
 * @fastify/swagger-ui) rather than the dashboard: every other rule still runs there.
 */
const SWAGGER_UI_EXCEPTIONS: Readonly<Record<string, string>> = {
  'nested-interactive':
    "Swagger UI draws each call's summary as a button holding the copy-path and lock buttons; " +
    'only a fork of its React components could separate them.',
};

/**
 * Every screen, and everything that opens on one (the job's panel, the rule editor, the New Query
 * dialog with its typeahead, the confirmations, the tooltip, the toast, the Settings dialogs and
 * forms, the phone's menu, the API reference), at one width in one theme: nothing scrolls
 * sideways, no badge reaches past its card, and axe-core finds no serious or critical WCAG 2.1 A
 * or AA violation (contrast included). Soft checks: one run lists every failure at once.
 */
async function sweep(page: Page, server: RunningServer, viewport: Viewport, theme: Theme) {
  const phone = viewport.width === PHONE_VIEWPORT.width;
  const at = (what: string) => `${what} (${theme}, ${viewport.width} px)`;
  const check = async (what: string, skip?: Readonly<Record<string, string>>) => {
    expect
      .soft(await sidewaysOverflow(page), `${at(what)}: scrolls sideways`)
      .toBeLessThanOrEqual(0);
    expect.soft(await badgesPastEdge(page), `${at(what)}: badges past the edge`).toEqual([]);
    expect.soft(await axeViolations(page, { skip }), `${at(what)}: WCAG 2.1 A/AA`).toEqual([]);
  };
  const open = async (path: string) => {
    const screen = showcaseScreen(path);
    await openScreen(page, server.url, screen);
    await check(screen.name);
  };
  const confirmation = async (what: string, trigger: Locator) => {
    await trigger.click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toBeVisible();
    await check(what);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
  };

  await page.setViewportSize(viewport);
  await page.goto(`${server.url}/sign-in`);
  await useTheme(page, theme);
  await open('/sign-in');
  await signedIn(page, server);

  await open('/jobs');
  // The keyboard's row has a tinted background: its quieter lines must still read at AA.
  await page.keyboard.press('j');
  await expect(page.locator('tr[aria-current="true"]')).toHaveCount(1);
  await check('jobs, a row highlighted');
  if (phone) {
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(page.getByRole('combobox', { name: 'Batch', exact: true })).toBeVisible();
    await check('jobs, the filters open');
  }
  const [first] = WORST_POSTINGS;
  if (!first) throw new Error('the showcase lacks postings');
  await page
    .getByRole('table', { name: 'Jobs' })
    .getByRole('button', { name: first.title })
    .click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { name: first.title })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Found by' })).toBeVisible();
  await check('jobs, the panel');
  await confirmation('jobs, block company', panel.getByRole('button', { name: 'Block company' }));
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await open('/jobs/rules');
  await page
    .getByRole('listitem', { name: 'Python' })
    .getByRole('button', { name: 'Edit' })
    .click();
  const editor = page.getByRole('dialog', { name: 'Edit rule' });
  await expect(editor.getByRole('radiogroup', { name: 'Label colour' })).toBeVisible();
  await expect(editor.getByRole('region', { name: 'Preview' })).toContainText(/Matches \d+/);
  await check('rules, the editor');
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await confirmation(
    'rules, delete',
    page.getByRole('listitem', { name: 'Python' }).getByRole('button', { name: 'Delete Python' }),
  );

  await open('/query-runs');
  // The failed run's reason, in its tooltip.
  await page.getByRole('table', { name: 'Query Runs' }).getByText('failed').hover();
  await expect(page.getByRole('tooltip')).toBeVisible();
  await check('query runs, a tooltip');

  await open('/batches');
  await confirmation('batches, run batch', page.getByRole('button', { name: 'Run Batch' }));

  await open('/queries');
  await page.getByRole('button', { name: 'New Query' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Query' });
  await dialog.getByRole('combobox', { name: 'Location' }).pressSequentially('Lon');
  await expect(page.getByRole('option').first()).toBeVisible();
  const box = await dialog.boundingBox();
  expect
    .soft(box && box.x >= 0 && box.x + box.width <= viewport.width, at('new query fits'))
    .toBe(true);
  await check('queries, new query with the typeahead');
  await page.keyboard.press('Escape'); // the suggestions
  await page.keyboard.press('Escape'); // the dialog
  await expect(dialog).toBeHidden();
  await confirmation(
    'queries, delete',
    page
      .getByRole('table', { name: 'All Queries' })
      .getByRole('button', { name: 'Delete' })
      .first(),
  );

  await open('/companies');

  await open('/settings');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
  await check('settings, a toast');
  await page.getByRole('button', { name: 'Add channel' }).click();
  const channel = page.getByRole('dialog', { name: 'Add notification channel' });
  await expect(channel).toBeVisible();
  await check('settings, the channel dialog');
  await page.keyboard.press('Escape');
  await expect(channel).toBeHidden();
  await page.getByRole('button', { name: 'New token' }).click();
  const tokenForm = page.getByRole('form', { name: 'New API token' });
  await expect(tokenForm).toBeVisible();
  await check('settings, the new token form');
  await tokenForm.getByRole('textbox', { name: 'Name' }).fill('axe');
  await tokenForm.getByRole('button', { name: 'Create token' }).click();
  const done = page.getByRole('button', { name: 'Done' });
  await expect(done).toBeVisible();
  await check('settings, a new token shown once');
  await done.click();
  await confirmation('settings, revoke a token', page.getByRole('button', { name: 'Revoke axe' }));

  if (phone) {
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await check('the menu');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  }

  await page.goto(`${server.url}/api/docs`);
  await expect(page.locator('#operations-tag-jobs')).toBeVisible();
  await check('the API reference', SWAGGER_UI_EXCEPTIONS);
}

// One test per width and theme, each on its own seeded server: the four run two at a time.
for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
  for (const theme of THEMES) {
    test(`at ${viewport.width} px in the ${theme} theme every screen and everything opened on it fits and passes axe-core's WCAG 2.1 A and AA rules`, async ({
      page,
      simulator,
    }) => {
      // About 25 states, each with axe-core over the worst data: a shared machine needs the room.
      test.setTimeout(150_000);
      const server = await startSeededServer(simulator);
      const cspErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy/i.test(m.text()))
          cspErrors.push(m.text());
      });
      try {
        await sweep(page, server, viewport, theme);
        expect(cspErrors).toEqual([]);
      } finally {
        await server.stop();
      }
    });
  }
}

test('on a phone the navigation folds into a menu that Escape, a link and the focus handle', async ({
  page,
  simulator,
}) => {
  const server = await startServer({ LINKEDIN_BASE_URL: simulator.url });
  try {
    await page.setViewportSize(PHONE_VIEWPORT);
    await signedIn(page, server);
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const signOut = page.getByRole('button', { name: 'Sign Out' });
    await expect(menu).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    await expect(signOut).toBeHidden();

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link')).toHaveText([
      'Overview',
      'Jobs',
      'Pipeline',
      'Query Runs',
      'Batches',
      'Queries',
      'Companies',
      'Settings',
    ]);
    await expect(signOut).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Overview' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');

    await menu.click();
    await nav.getByRole('link', { name: 'Companies' }).click();
    await expect(page).toHaveURL(/\/companies$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Companies Management' }),
    ).toBeVisible();
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();

    // From 640 px up the links are in the header and there is no menu button.
    await page.setViewportSize({ width: 640, height: 800 });
    await expect(menu).toBeHidden();
    await expect(nav.getByRole('link', { name: 'Batches' })).toBeVisible();
    await expect(signOut).toBeVisible();
    // Six links, the theme toggle and Sign Out still fit the narrowest header.
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  } finally {
    await server.stop();
  }
});

test('on a phone each table row is a card naming every column, with its actions at hand', async ({
  page,
  simulator,
}) => {
  test.setTimeout(90_000);
  const server = await startSeededServer(simulator);
  try {
    await page.setViewportSize(PHONE_VIEWPORT);
    await signedIn(page, server);
    const screens = [
      { path: '/batches', table: 'Batches', action: 'Export' },
      { path: '/query-runs', table: 'Query Runs', action: 'Export' },
      { path: '/queries', table: 'All Queries', action: 'Edit' },
      { path: '/companies', table: 'Blocked Companies', action: 'Unblock' },
    ];
    for (const { path, table: name, action } of screens) {
      const screen = SHOWCASE_SCREENS.find((s) => s.path === path);
      if (!screen) throw new Error(`no showcase screen for ${path}`);
      await openScreen(page, server.url, screen);
      const table = page.getByRole('table', { name });
      // A row with its action (a failed run has no Export, and its empty cell no line in the card).
      const row = table
        .getByRole('row')
        .filter({ has: page.getByRole('button', { name: action }) })
        .first();
      await expect(row).toBeVisible();
      // Each cell shows its column's name (the companies' Actions column is named for screen readers only).
      await expectLabelledCard(table, row, name);
      // And Chromium's own accessibility tree still sees a table of rows and cells.
      const cdp = await page.context().newCDPSession(page);
      const { nodes } = await cdp.send('Accessibility.getFullAXTree');
      const roles = new Set(nodes.map((n) => String(n.role?.value)));
      for (const role of ['table', 'row', 'columnheader', 'cell']) {
        expect(roles, `${name}: the accessibility tree has ${role}s`).toContain(role);
      }
      await cdp.detach();
      const button = row.getByRole('button', { name: action }).first();
      await expect(button).toBeVisible();
      await expect(button).toBeInViewport();
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    }

    // The Jobs list: the search at hand, the other filters behind a button, so the jobs come first.
    const jobsScreen = SHOWCASE_SCREENS.find((s) => s.path === '/jobs');
    if (!jobsScreen) throw new Error('no showcase screen for /jobs');
    await openScreen(page, server.url, jobsScreen);
    await expect(page.getByRole('searchbox', { name: 'Search jobs' })).toBeInViewport();
    const filtersButton = page.getByRole('button', { name: 'Filters' });
    await expect(page.getByRole('combobox', { name: 'Batch', exact: true })).toBeHidden();
    await filtersButton.click();
    await expect(filtersButton).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('combobox', { name: 'Batch', exact: true })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await filtersButton.click();
    await expect(page.getByRole('combobox', { name: 'Batch', exact: true })).toBeHidden();
  } finally {
    await server.stop();
  }
});

/** Where the parts of a job's card are, and how each reads, as the browser lays them out. */
function cardLayout(row: Locator) {
  return row.evaluate((tr) => {
    const box = (el: Element | null) => {
      const r = el?.getBoundingClientRect();
      return r ? { top: r.top, bottom: r.bottom, left: r.left, right: r.right } : null;
    };
    const cell = (part: string) => tr.querySelector(`td[data-part="${part}"]`);
    const lines = (el: Element | null) => (el ? [...el.getClientRects()].map((r) => r.top) : []);
    const style = (el: Element | null) => (el ? getComputedStyle(el) : null);
    return {
      display: getComputedStyle(tr).display,
      card: box(tr),
      checkbox: box(tr.querySelector('input[type="checkbox"]')),
      title: box(tr.querySelector('button')),
      badges: [...tr.querySelectorAll('[data-slot="badge"]')].map((b) => ({
        text: b.textContent ?? '',
        ...box(b),
      })),
      labels: [...tr.querySelectorAll('td')].map((td) =>
        getComputedStyle(td, '::before').content.replace(/^"(.*)"$/, '$1'),
      ),
      companyLines: lines(cell('company')),
      locationLines: lines(cell('location')),
      locationDot: style(cell('location'))
        ? getComputedStyle(cell('location') as Element, '::before').content
        : null,
      placeSize: style(cell('company'))?.fontSize,
      postedTop: box(cell('posted'))?.top ?? null,
      locationBottom: box(cell('location'))?.bottom ?? null,
      factsSize: style(cell('posted'))?.fontSize,
      factsColor: style(cell('posted'))?.color,
      placeColor: style(cell('company'))?.color,
      facts: ['posted', 'salary', 'applicants'].map((p) => {
        const c = cell(p);
        return c && getComputedStyle(c).display !== 'none' ? (c.textContent ?? '') : null;
      }),
    };
  });
}

test('on a phone a job is a card that reads like a job, with the worst titles and every badge, in both themes', async ({
  page,
  simulator,
}) => {
  test.setTimeout(120_000);
  const server = await startSeededServer(simulator);
  try {
    await page.setViewportSize(PHONE_VIEWPORT);
    await signedIn(page, server);
    const jobsScreen = SHOWCASE_SCREENS.find((s) => s.path === '/jobs');
    if (!jobsScreen) throw new Error('no showcase screen for /jobs');
    for (const theme of THEMES) {
      await useTheme(page, theme);
      await openScreen(page, server.url, jobsScreen);
      const jobs = page.getByRole('table', { name: 'Jobs' });
      const seen = new Set<string>();
      for (const posting of WORST_POSTINGS) {
        const label = `${posting.title} (${theme})`;
        // The checkbox is named for its job, so a screen reader knows what it selects.
        const checkbox = page.getByRole('checkbox', { name: `Select ${posting.title}` });
        const row = jobs.locator('tr[data-job-id]').filter({ has: checkbox });
        await row.scrollIntoViewIfNeeded();
        const card = await cardLayout(row);
        if (!card.card || !card.title || !card.checkbox) throw new Error(`${label}: no card`);
        expect(card.display, `${label}: a card`).toBe('block');
        expect(card.card.right, `${label}: fits the screen`).toBeLessThanOrEqual(
          PHONE_VIEWPORT.width,
        );
        // No "JOB", "COMPANY", … labels: it reads as a job, not as a form.
        const columns = ['Select', 'Job', 'Company', 'Location', 'Posted', 'Salary', 'Applicants'];
        expect(
          card.labels.filter((l) => columns.includes(l)),
          label,
        ).toEqual([]);
        // The checkbox in the top right corner, the title first, its badges under it.
        expect(card.checkbox.right, `${label}: checkbox right`).toBeGreaterThan(
          card.card.right - 32,
        );
        expect(card.checkbox.top, `${label}: checkbox top`).toBeLessThan(card.card.top + 32);
        expect(card.title.top, `${label}: title first`).toBeLessThan(card.card.top + 24);
        expect(card.title.right, `${label}: title clear of the checkbox`).toBeLessThanOrEqual(
          card.checkbox.left,
        );
        for (const badge of card.badges) {
          // A fit badge reads its band and score ("Weak50"): one kind of badge, whatever the score.
          seen.add(/^(Strong|Good|Weak|Poor)\d+$/.test(badge.text) ? 'Fit' : badge.text);
          expect(badge.top, `${label}: "${badge.text}" under the title`).toBeGreaterThanOrEqual(
            card.title.bottom - 1,
          );
          expect(badge.right, `${label}: "${badge.text}" inside the card`).toBeLessThanOrEqual(
            card.card.right,
          );
        }
        expect(card.badges.map((b) => b.text)).toContain('Easy Apply');
        // "company · location": the location goes on from the company's last line, after a dot.
        expect(card.locationDot, `${label}: dot`).toBe('"·"');
        expect(card.locationLines[0], `${label}: company · location on one line`).toBeCloseTo(
          card.companyLines.at(-1) ?? -1,
          0,
        );
        // Then posted · salary · applicants, on a quieter line of its own.
        expect(card.postedTop ?? 0, `${label}: facts under the place`).toBeGreaterThanOrEqual(
          (card.locationBottom ?? Infinity) - 1,
        );
        expect(parseFloat(card.factsSize ?? '0')).toBeLessThan(parseFloat(card.placeSize ?? '0'));
        expect(card.factsColor).not.toBe(card.placeColor);
        expect(card.facts[2], `${label}: applicants`).toBe(posting.applicantsText);
        expect(card.facts[1], `${label}: salary`).toBe(posting.salary ?? null);
      }
      // Every badge a job can carry at once on this screen: a job on the pipeline's board shows
      // its stage where its triage state would be (issue 39), so the showcase's Screening and
      // Interviewing postings read so, not "Applied"; each job scored by the showcase's fit
      // profiles carries its band (issue 40).
      expect([...seen].sort()).toEqual([
        'Easy Apply',
        'Fit',
        'Interviewing',
        'Saved',
        'Screening',
        'new',
      ]);
      expect(await sidewaysOverflow(page), `jobs ${theme}`).toBeLessThanOrEqual(0);
      expect(await badgesPastEdge(page), `jobs ${theme}`).toEqual([]);

      // The card itself opens the panel: a tap on its quiet line, away from the title.
      const [first, second] = WORST_POSTINGS;
      if (!first || !second) throw new Error('the showcase lacks postings');
      const firstRow = jobs
        .locator('tr[data-job-id]')
        .filter({ has: page.getByRole('checkbox', { name: `Select ${first.title}` }) });
      await firstRow.scrollIntoViewIfNeeded();
      const facts = await firstRow.locator('td[data-part="applicants"]').boundingBox();
      if (!facts) throw new Error('no quiet line');
      await page.mouse.click(facts.x + 4, facts.y + facts.height / 2);
      const panel = page.getByRole('dialog');
      await expect(panel.getByRole('heading', { name: first.title })).toBeVisible();
      expect(await sidewaysOverflow(page), `panel ${theme}`).toBeLessThanOrEqual(0);
      expect(await badgesPastEdge(page), `panel ${theme}`).toEqual([]);
      expect(await contrastFailures(page), `panel ${theme}`).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();

      // The checkbox selects without opening anything.
      const secondBox = page.getByRole('checkbox', { name: `Select ${second.title}` });
      await secondBox.click();
      await expect(secondBox).toBeChecked();
      await expect(panel).toBeHidden();
      // And the keyboard: from the checkbox, Tab reaches the card's title, and Enter opens it.
      await page.keyboard.press('Tab');
      await expect(
        jobs
          .locator('tr[data-job-id]')
          .filter({ has: secondBox })
          .getByRole('button', { name: second.title }),
      ).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(panel.getByRole('heading', { name: second.title })).toBeVisible();
      await page.keyboard.press('Escape');
      await secondBox.uncheck();
    }
  } finally {
    await server.stop();
  }
});

test('dark mode follows the system, is toggled in the header, and is kept after a reload', async ({
  page,
  server,
}) => {
  const html = page.locator('html');
  await page.emulateMedia({ colorScheme: 'dark' });
  await signedIn(page, server);
  const toggle = page.getByRole('button', { name: 'Dark mode' });
  // No choice yet: the system's dark preference rules.
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  // The colours change at once: no button fades from the old theme's text colour, which for a
  // moment would read light-on-light (an axe check caught one at 1.23:1 mid-fade).
  await watchTransitions(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await framesRendered(page);
  expect(await transitionsSeen(page), 'transitions started by the switch').toEqual([]);

  const canvas = () =>
    page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const lightCanvas = await canvas();
  await toggle.hover();
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().length), { timeout: 2_000 })
    .toBe(0);
  await transitionsSeen(page);
  await toggle.click();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(await canvas()).not.toBe(lightCanvas);
  await framesRendered(page);
  expect(await transitionsSeen(page), 'transitions started by the toggle').toEqual([]);

  await page.reload();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(html).toHaveClass(/\bdark\b/);
  // The choice outranks the system's light preference, and the page really is dark.
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe(
    'dark',
  );

  // Applied before the app's code runs: with every script file refused, the page is still dark.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.unroute('**/assets/*.js');

  await page.reload();
  await toggle.click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
});
