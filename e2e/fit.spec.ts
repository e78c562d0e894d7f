import type { Locator, Page } from '@playwright/test';
import { startSimulator, type Simulator } from '../simulator';
import { FIT_PROFILES } from '../simulator/fit-profiles';
import { fitProfileSchema } from '../src/contract/fit';
import { fitStatusSchema } from '../src/contract/fit-api';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT } from '../test/showcase-data';
import { axeViolations } from './contrast';
import {
  apiJson,
  createBerlinQueries,
  expect,
  runBatch,
  signIn,
  startServer,
  test as base,
  type RunningServer,
} from './fixtures';

// Issue 40, the screens: a profile made from a pasted CV on the Fit screen, the bands appearing on
// Jobs, Best fit, and Why this fit in the panel; then every width and theme, axe-clean.

type Theme = 'light' | 'dark';
const THEME_KEY = 'jobscout-theme';
const BACKEND = FIT_PROFILES.backend.body;

// The simulator's labelled fit postings (issue 40), listed first by the "fit backend" search; a
// small catalogue beside them and 25 results a search keep the batch short.
const test = base.extend<{ simulator: Simulator; server: RunningServer }>({
  // Playwright reads a fixture's dependencies from this destructuring: it must be written, empty.
  // eslint-disable-next-line no-empty-pattern
  simulator: async ({}, use) => {
    const simulator = await startSimulator({ fitJobs: 60, jobCount: 40 });
    await use(simulator);
    await simulator.close();
  },
  server: async ({ simulator }, use) => {
    const server = await startServer({
      LINKEDIN_BASE_URL: simulator.url,
      SCRAPE_MAX_RESULTS_PER_QUERY: '25',
    });
    await use(server);
    await server.stop();
  },
});

async function seedJobs(server: RunningServer): Promise<string> {
  const token = await server.apiToken();
  await createBerlinQueries(server, token, ['fit backend']);
  await runBatch(server, token);
  return token;
}

/** Waits until every stored job is scored against the profiles as they are now. */
async function scored(server: RunningServer, token: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const status = fitStatusSchema.parse(await apiJson(server, token, '/fit/status'));
        return !status.rescoring && status.done === status.total && status.total > 0;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
}

/** The fit badges of the Jobs table's rows, top to bottom, as a screen reader names them. */
async function fitBadges(page: Page): Promise<string[]> {
  return page
    .getByRole('table', { name: 'Jobs' })
    .getByRole('img', { name: /^Fit: / })
    .evaluateAll((badges) => badges.map((b) => b.getAttribute('aria-label') ?? ''));
}
const scoreOf = (label: string) => Number(/, (\d+) of 100/.exec(label)?.[1]);

async function addTerms(field: Locator, terms: readonly string[]) {
  for (const term of terms) {
    await field.fill(term);
    await field.press('Enter');
  }
}

test('a profile from a pasted CV: bands on Jobs, best fit first, and why', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  const token = await seedJobs(server);
  await page.setViewportSize(DESKTOP_VIEWPORT);
  await page.goto(`${server.url}/sign-in`);
  await signIn(page);

  // No profile yet: no bands, and one line says where to make one.
  await page.getByRole('link', { name: 'Jobs', exact: true }).first().click();
  await expect(page.getByRole('table', { name: 'Jobs' }).getByRole('row').nth(1)).toBeVisible();
  expect(await fitBadges(page)).toEqual([]);
  await page.getByRole('link', { name: 'make a fit profile' }).click();
  await expect(page).toHaveURL(/\/jobs\/fit$/);
  await page.getByRole('button', { name: 'New profile' }).first().click();

  const form = page.getByRole('region', { name: 'New profile' });
  await form.getByRole('textbox', { name: 'Name' }).fill(BACKEND.name);
  await form.getByRole('textbox', { name: 'CV or summary' }).fill(BACKEND.cv_text);
  await addTerms(form.getByRole('textbox', { name: 'Must-have skills' }), BACKEND.must_skills);
  await addTerms(form.getByRole('textbox', { name: 'Plus skills' }), BACKEND.plus_skills);
  await addTerms(form.getByRole('textbox', { name: 'Dealbreakers' }), BACKEND.dealbreakers);
  await form.getByRole('checkbox', { name: 'Mid-Senior' }).check();
  await form.getByRole('spinbutton', { name: 'Years of experience' }).fill('6');
  await form.getByRole('checkbox', { name: 'English' }).check();
  await form.getByRole('checkbox', { name: 'Remote' }).check();
  await form.getByRole('checkbox', { name: 'Hybrid' }).check();
  await form.getByRole('combobox', { name: 'Places' }).pressSequentially('Berlin');
  await page.getByRole('option', { name: 'Berlin, Germany' }).click();
  await form.getByRole('textbox', { name: 'Amount' }).fill('70000');
  expect(await axeViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('listitem', { name: BACKEND.name })).toContainText('Default');
  await scored(server, token);

  // The bands appear, and Best fit puts the best first.
  await page.getByRole('link', { name: 'Jobs', exact: true }).first().click();
  await expect.poll(async () => (await fitBadges(page)).length).toBeGreaterThan(0);
  await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Best fit' });
  await expect(page).toHaveURL(/sort=fit/);
  await expect
    .poll(async () => {
      const scores = (await fitBadges(page)).map(scoreOf);
      return scores.length > 1 && scores.every((s, i) => i === 0 || (scores[i - 1] ?? 0) >= s);
    })
    .toBe(true);
  const best = (await fitBadges(page))[0] ?? '';
  expect(best).toMatch(/^Fit: Strong, \d+ of 100$/);

  // Why the first one scored as it did.
  await page
    .getByRole('table', { name: 'Jobs' })
    .getByRole('row')
    .nth(1)
    .getByRole('button')
    .first()
    .click();
  const why = page.getByRole('dialog').getByRole('region', { name: 'Why this fit' });
  const article = why.getByRole('article', { name: BACKEND.name });
  await expect(article.getByRole('img', { name: best })).toBeVisible();
  const parts = article.getByRole('list', { name: `Parts of the ${BACKEND.name} score` });
  await expect(
    parts.getByRole('listitem').filter({ hasText: 'Must-have: TypeScript' }),
  ).toContainText(/Matched/);
  await expect(parts.locator('mark').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('a CV read from a file offers its skills; a file of another kind is refused beside the field', async ({
  page,
  server,
}) => {
  await page.setViewportSize(DESKTOP_VIEWPORT);
  await page.goto(`${server.url}/sign-in`);
  await signIn(page);
  await expect(page.getByRole('button', { name: 'Dark mode' })).toBeVisible();
  await page.goto(`${server.url}/jobs/fit?edit=new`);
  const form = page.getByRole('region', { name: 'New profile' });
  const cv = form.getByRole('textbox', { name: 'CV or summary' });
  await form.getByLabel('CV file').setInputFiles({
    name: 'cv.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(BACKEND.cv_text, 'utf8'),
  });
  await expect(cv).toHaveValue(BACKEND.cv_text);
  const found = form.getByRole('list', { name: 'Skills found in the CV' });
  await expect(found.getByRole('listitem').filter({ hasText: 'TypeScript' })).toBeVisible();
  await form.getByRole('button', { name: 'Add TypeScript as a must-have skill' }).click();
  await expect(form.getByRole('list', { name: 'Must-have skills' })).toContainText('TypeScript');
  await expect(found.getByRole('listitem').filter({ hasText: 'TypeScript' })).toHaveCount(0);

  await form.getByLabel('CV file').setInputFiles({
    name: 'cv.png',
    mimeType: 'image/png',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  });
  await expect(cv).toHaveAccessibleDescription(
    /Could not read cv\.png: The CV must be a \.txt, \.pdf or \.docx file; cv\.png is not\./,
  );
  await expect(cv).toHaveValue(BACKEND.cv_text);
});

for (const viewport of [PHONE_VIEWPORT, DESKTOP_VIEWPORT]) {
  for (const theme of ['light', 'dark'] as const satisfies readonly Theme[]) {
    test(`the fit screens at ${viewport.width} px, ${theme}: readable, nothing sideways, axe-clean`, async ({
      page,
      server,
    }) => {
      test.setTimeout(120_000);
      const token = await seedJobs(server);
      const profile = fitProfileSchema.parse(
        await apiJson(server, token, '/fit-profiles', {
          method: 'POST',
          body: JSON.stringify(BACKEND),
        }),
      );
      await scored(server, token);
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/sign-in`);
      await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
        key: THEME_KEY,
        value: theme,
      });
      await page.reload();
      await signIn(page);
      await expect(page.getByRole('button', { name: 'Dark mode' })).toBeVisible();
      const at = (what: string) => `${what} (${theme}, ${viewport.width} px)`;
      const check = async (what: string) => {
        expect.soft(await sideways(page), `${at(what)}: scrolls sideways`).toBeLessThanOrEqual(0);
        expect.soft(await axeViolations(page), `${at(what)}: WCAG 2.1 A/AA`).toEqual([]);
      };

      await page.goto(`${server.url}/jobs?sort=fit`);
      await expect.poll(async () => (await fitBadges(page)).length).toBeGreaterThan(0);
      await check('jobs by best fit');
      await page
        .getByRole('table', { name: 'Jobs' })
        .getByRole('row')
        .nth(1)
        .getByRole('button')
        .first()
        .click();
      await expect(
        page.getByRole('dialog').getByRole('region', { name: 'Why this fit' }),
      ).toBeVisible();
      await check('jobs, why this fit');
      await page.keyboard.press('Escape');

      await page.goto(`${server.url}/jobs/fit`);
      await expect(page.getByRole('listitem', { name: BACKEND.name })).toBeVisible();
      await page
        .getByRole('region', { name: 'Aliases' })
        .getByRole('button', { name: 'Edit aliases' })
        .click();
      await expect(page.getByRole('list', { name: 'Alias groups' })).toBeVisible();
      await check('fit, the profiles and the aliases');
      await page.goto(`${server.url}/jobs/fit?edit=${profile.id}`);
      await expect(page.getByRole('region', { name: `Edit ${BACKEND.name}` })).toBeVisible();
      await check('fit, the form');

      // The query form's Fit profile select, below SPEC.md's fields.
      await page.goto(`${server.url}/queries`);
      await page.getByRole('button', { name: 'New Query' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Query' });
      await expect(dialog.getByRole('combobox', { name: 'Fit profile' })).toHaveValue('');
      await expect(dialog.getByRole('combobox', { name: 'Fit profile' })).toContainText(
        `Default profile · ${BACKEND.name}`,
      );
      await check('queries, the Fit profile select');
    });
  }
}

/** How far anything scrolls sideways (the page, or a box inside it); 0 when everything fits. */
function sideways(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.documentElement;
    let worst = root.scrollWidth - root.clientWidth;
    for (const el of document.body.querySelectorAll('*')) {
      const overflowX = getComputedStyle(el).overflowX;
      if (overflowX === 'auto' || overflowX === 'scroll')
        worst = Math.max(worst, el.scrollWidth - el.clientWidth);
    }
    return worst;
  });
}
