import type { Locator, Page } from '@playwright/test';
import { applicationDetailSchema, type ApplicationStage } from '../src/contract/pipeline';
import { FIT_PROFILES } from '../simulator/fit-profiles';
import { fitProfileSchema } from '../src/contract/fit';
import { jobDetailSchema, type JobListItem } from '../src/contract/jobs';
import { axeViolations, contrastFailures } from './contrast';
import {
  apiJson,
  createBerlinQueries,
  expect,
  runBatch,
  signIn,
  startServer,
  storedJobs,
  test,
  type RunningServer,
} from './fixtures';

// Issue 33's Pipeline screen, end to end against the real server: jobs from a real batch against
// the simulated site are put in the pipeline through the API; a card is dragged by the mouse to
// another column and moved by the keyboard (its handle, Space, an arrow, Space), both kept after
// a reload; at 390 px one stage shows at a time with its switcher and moves by its menu; the dark
// theme passes axe's contrast check, and nothing scrolls the page sideways. Issue 39: the
// application's side sheet is padded at both widths and shows the job; Escape cancels an edit
// before it closes the sheet; a move with a next step asks Keep or Clear, a closing move ends the
// step, and Undo (the card's menu, the toast) takes a move back.

// A few results per query keep the batch short: three applications are enough.
const MAX_RESULTS = '6';
const DESKTOP = { width: 1440, height: 900 } as const;
const PHONE = { width: 390, height: 844 } as const;
const THEME_KEY = 'jobscout-theme';

interface Seeded {
  server: RunningServer;
  token: string;
  /** In the pipeline: the first Saved, the second Applied, the third Interviewing. */
  jobs: [JobListItem, JobListItem, JobListItem];
}

/** Puts a job in the pipeline at a stage, as the API's POST /applications does. */
async function putInPipeline(seeded: Omit<Seeded, 'jobs'>, jobId: number, stage: ApplicationStage) {
  applicationDetailSchema.parse(
    await apiJson(seeded.server, seeded.token, '/applications', {
      method: 'POST',
      body: JSON.stringify({ job_id: jobId, stage }),
    }),
  );
}

async function seedPipeline(simulator: { url: string }): Promise<Seeded> {
  const server = await startServer({
    LINKEDIN_BASE_URL: simulator.url,
    SCRAPE_MAX_RESULTS_PER_QUERY: MAX_RESULTS,
  });
  const token = await server.apiToken();
  await createBerlinQueries(server, token, ['Data Analyst']);
  await runBatch(server, token);
  const [saved, applied, interviewing] = await storedJobs(server, token, 'new,seen');
  if (!saved || !applied || !interviewing) throw new Error('the batch stored fewer than 3 jobs');
  await putInPipeline({ server, token }, saved.id, 'saved');
  await putInPipeline({ server, token }, applied.id, 'applied');
  await putInPipeline({ server, token }, interviewing.id, 'interviewing');
  return { server, token, jobs: [saved, applied, interviewing] };
}

/** The application the server holds for a job now. */
async function storedApplication({ server, token }: Seeded, jobId: number) {
  return applicationDetailSchema.parse(await apiJson(server, token, `/applications/${jobId}`));
}

/** The stage the server holds for a job's application now. */
async function storedStage(seeded: Seeded, jobId: number): Promise<string> {
  return (await storedApplication(seeded, jobId)).stage;
}

/** A board column, by its stage's name: its heading says "Applied, 2 applications". */
const column = (page: Page, name: string) =>
  page.getByRole('region', { name: new RegExp(`^${name}, \\d+ applications?$`) });

const card = (scope: Page | Locator, jobId: number) =>
  scope.locator(`article[data-job-id="${jobId}"]`);

/** How far the page itself scrolls sideways (the board's columns scroll inside their own box). */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

async function openPipeline(page: Page, server: RunningServer): Promise<void> {
  await page.goto(`${server.url}/pipeline`);
  await signIn(page);
  await expect(page).toHaveURL(`${server.url}/pipeline`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pipeline' })).toBeVisible();
}

test('a card moves by the mouse and by the keyboard, and stays where it went after a reload', async ({
  page,
  simulator,
}) => {
  test.setTimeout(120_000);
  const seeded = await seedPipeline(simulator);
  const [saved, applied, interviewing] = seeded.jobs;
  try {
    await page.setViewportSize(DESKTOP);
    await openPipeline(page, seeded.server);
    await expect(page.getByRole('link', { name: 'Pipeline' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The board (its own chunk) draws the three in their columns, with the counts.
    await expect(page.getByRole('group', { name: 'Board' })).toBeVisible();
    await expect(column(page, 'Saved')).toHaveAccessibleName('Saved, 1 application');
    await expect(column(page, 'Applied')).toHaveAccessibleName('Applied, 1 application');
    await expect(column(page, 'Screening')).toHaveAccessibleName('Screening, 0 applications');
    await expect(column(page, 'Interviewing')).toHaveAccessibleName('Interviewing, 1 application');
    await expect(card(column(page, 'Saved'), saved.id)).toContainText(saved.title);
    await expect(card(column(page, 'Saved'), saved.id)).toContainText('In Saved since today');
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    // The mouse: the Saved card, held and carried over Screening, in small steps as a hand does.
    // Held by its "In Saved since today" line, away from the title's link and the menu.
    const from = await card(page, saved.id).locator('time').first().boundingBox();
    const to = await column(page, 'Screening').boundingBox();
    if (!from || !to) throw new Error('the card or the column has no box');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 16, from.y + 12, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 12 });
    await page.mouse.up();
    await expect(card(column(page, 'Screening'), saved.id)).toBeVisible();
    await expect(column(page, 'Saved')).toHaveAccessibleName('Saved, 0 applications');
    // The toast, with its Undo (dnd-kit's own live region says "… was moved from Saved to
    // Screening." too).
    await expect(
      page.getByRole('status').filter({ hasText: /^Moved .+ to ScreeningUndo$/ }),
    ).toBeVisible();
    await expect.poll(() => storedStage(seeded, saved.id)).toBe('screening');
    await page.reload();
    await expect(card(column(page, 'Screening'), saved.id)).toBeVisible();
    await expect(card(column(page, 'Screening'), saved.id)).toContainText(
      'In Screening since today',
    );

    // The keyboard: the Applied card's handle, Space to pick it up, → to Screening, Space to drop.
    const handle = card(page, applied.id).getByRole('button', { name: /^Drag / });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await expect(column(page, 'Screening')).toHaveAttribute('class', /border-focus/);
    await page.keyboard.press('Space');
    await expect(card(column(page, 'Screening'), applied.id)).toBeVisible();
    // The focus stays on the moved card's handle, in its new column.
    await expect(
      card(column(page, 'Screening'), applied.id).getByRole('button', { name: /^Drag / }),
    ).toBeFocused();
    await expect.poll(() => storedStage(seeded, applied.id)).toBe('screening');
    await page.reload();
    await expect(column(page, 'Screening')).toHaveAccessibleName('Screening, 2 applications');
    await expect(column(page, 'Applied')).toHaveAccessibleName('Applied, 0 applications');

    // Escape puts a picked-up card back, and nothing is sent.
    await card(page, interviewing.id)
      .getByRole('button', { name: /^Drag / })
      .focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await expect(card(column(page, 'Interviewing'), interviewing.id)).toBeVisible();
    expect(await storedStage(seeded, interviewing.id)).toBe('interviewing');

    // The table: the same applications, soonest next step first, kept in the URL.
    await page.getByRole('button', { name: 'Table' }).click();
    await expect(page).toHaveURL(`${seeded.server.url}/pipeline?view=table`);
    const table = page.getByRole('table', { name: 'Applications' });
    await expect(table.locator('tbody tr')).toHaveCount(3);
    await expect(table.getByRole('columnheader', { name: /Next step/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  } finally {
    await seeded.server.stop();
  }
});

test('on a phone one stage shows at a time with its switcher, moves by its menu, and the dark theme reads well', async ({
  page,
  simulator,
}) => {
  test.setTimeout(120_000);
  const seeded = await seedPipeline(simulator);
  const [, applied, interviewing] = seeded.jobs;
  try {
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: 'dark' });
    await openPipeline(page, seeded.server);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);

    const switcher = page.getByRole('combobox', { name: 'Stage' });
    await expect(switcher).toBeVisible();
    await expect(page.getByRole('group', { name: 'Board' })).toHaveCount(0);
    await expect(switcher.getByRole('option')).toHaveText([
      'Saved (1)',
      'Applied (1)',
      'Screening (0)',
      'Interviewing (1)',
      'Offer (0)',
      'Accepted (0)',
      'Rejected (0)',
      'Withdrawn (0)',
      'No answer (0)',
    ]);
    // It opens on the first stage holding a card; no handles on a phone, the menu moves.
    await expect(switcher).toHaveValue('saved');
    await expect(page.getByRole('button', { name: /^Drag / })).toHaveCount(0);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    await switcher.selectOption('interviewing');
    await expect(page).toHaveURL(`${seeded.server.url}/pipeline?stage=interviewing`);
    await expect(card(page, interviewing.id)).toBeVisible();
    await expect(card(page, applied.id)).toHaveCount(0);
    // The card's compact Move menu (it loads when first pressed).
    await card(page, interviewing.id)
      .getByRole('button', { name: /^Move .* to…$/ })
      .click();
    await page.getByRole('menuitem', { name: 'Offer' }).click();
    await expect(card(page, interviewing.id)).toHaveCount(0);
    await expect(switcher).toBeFocused();
    await expect(switcher.getByRole('option', { name: 'Offer (1)' })).toBeAttached();
    await expect.poll(() => storedStage(seeded, interviewing.id)).toBe('offer');

    // After a reload the URL still shows Interviewing, now empty; the card waits in Offer.
    await page.reload();
    await expect(page.getByText('No applications in Interviewing.')).toBeVisible();
    await switcher.selectOption('offer');
    await expect(card(page, interviewing.id)).toBeVisible();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await contrastFailures(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    // The table on a phone: labelled cards, sorted by the select above them.
    await page.getByRole('button', { name: 'Table' }).click();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toBeVisible();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    // The desktop board in the dark: its columns scroll inside their box, the page does not.
    await page.evaluate((key) => localStorage.setItem(key, 'dark'), THEME_KEY);
    await page.setViewportSize(DESKTOP);
    await page.goto(`${seeded.server.url}/pipeline`);
    await expect(page.getByRole('group', { name: 'Board' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(column(page, 'Offer')).toHaveAccessibleName('Offer, 1 application');
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await contrastFailures(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await seeded.server.stop();
  }
});

/** Sets an application's fields through the API, as the panel does. */
async function patchApplication(seeded: Seeded, jobId: number, body: object) {
  return applicationDetailSchema.parse(
    await apiJson(seeded.server, seeded.token, `/applications/${jobId}`, {
      method: 'PATCH',
      body: JSON.stringify(body),
    }),
  );
}

const stepIn = (days: number) => ({
  at: new Date(Date.now() + days * 86_400_000).toISOString(),
  what: 'Phone screen',
});

/** Every box of `inner` lies inside `outer`'s, `margin` px from its left and right edges. */
async function insideBox(outer: Locator, inner: Locator, margin: number): Promise<string[]> {
  const box = await outer.boundingBox();
  if (!box) throw new Error('no box for the sheet');
  const outside: string[] = [];
  for (const item of await inner.all()) {
    const b = await item.boundingBox();
    if (!b) continue;
    if (b.x < box.x + margin || b.x + b.width > box.x + box.width - margin)
      outside.push(`${(await item.textContent()) ?? ''} at x ${b.x}..${b.x + b.width}`);
  }
  return outside;
}

test('the application sheet: padded at both widths, the job itself, and Escape cancels an edit first', async ({
  page,
  simulator,
}) => {
  test.setTimeout(120_000);
  const seeded = await seedPipeline(simulator);
  const [, , interviewing] = seeded.jobs;
  try {
    await patchApplication(seeded, interviewing.id, { next_step: stepIn(2) });
    await page.setViewportSize(DESKTOP);
    await openPipeline(page, seeded.server);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto(`${seeded.server.url}/pipeline?job=${interviewing.id}`);
      const sheet = page.getByRole('dialog', { name: interviewing.title });
      const body = sheet.locator('[data-sheet-body]');
      await expect(sheet.getByRole('list', { name: 'Timeline' })).toBeVisible();
      // The timeline's bullets whole, and the headings, fields and buttons off the sheet's edge.
      const bullets = sheet.locator('ol[aria-label="Timeline"] > li > span[aria-hidden="true"]');
      await expect(bullets.first()).toBeVisible();
      expect(await insideBox(body, bullets, 8), `${size.width} px`).toEqual([]);
      const edges = sheet.locator('[data-sheet-body] :is(h3, button, input, select)');
      expect(await insideBox(body, edges, 16), `${size.width} px`).toEqual([]);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(await axeViolations(page)).toEqual([]);
    }

    // The job: its posting, its panel on Jobs, and its description only when shown.
    await page.setViewportSize(DESKTOP);
    await page.goto(`${seeded.server.url}/pipeline?job=${interviewing.id}`);
    const sheet = page.getByRole('dialog', { name: interviewing.title });
    const job = sheet.getByRole('region', { name: 'Job' });
    await expect(job.getByRole('link', { name: 'Open the posting on LinkedIn' })).toHaveAttribute(
      'href',
      interviewing.url,
    );
    const read = page.waitForResponse((r) => r.url().endsWith(`/api/v1/jobs/${interviewing.id}`));
    await job.getByRole('button', { name: 'Description' }).click();
    expect((await read).status()).toBe(200);
    await expect(job.getByRole('button', { name: 'Description' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(job.locator('.job-description')).not.toBeEmpty();

    // Escape in the notes cancels the edit; the sheet stays; the second Escape closes it.
    await sheet.getByRole('button', { name: 'Edit notes' }).click();
    await page.keyboard.type('Not saved');
    await page.keyboard.press('Escape');
    await expect(sheet.getByRole('form', { name: 'Edit notes' })).toHaveCount(0);
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('button', { name: 'Edit notes' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(`${seeded.server.url}/pipeline`);
    expect(
      applicationDetailSchema.parse(
        await apiJson(seeded.server, seeded.token, `/applications/${interviewing.id}`),
      ).notes,
    ).toBe('');

    // Its panel on Jobs.
    await page.goto(`${seeded.server.url}/pipeline?job=${interviewing.id}`);
    await sheet
      .getByRole('region', { name: 'Job' })
      .getByRole('link', { name: 'Open in Jobs' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/jobs\\?.*job=${interviewing.id}`));
    await expect(page.getByRole('dialog', { name: interviewing.title })).toBeVisible();
  } finally {
    await seeded.server.stop();
  }
});

test('a move with a next step asks to keep it, a closing one ends it, and Undo takes a move back', async ({
  page,
  simulator,
}) => {
  test.setTimeout(120_000);
  const seeded = await seedPipeline(simulator);
  const [, applied, interviewing] = seeded.jobs;
  try {
    await patchApplication(seeded, applied.id, { next_step: stepIn(1) });
    await patchApplication(seeded, interviewing.id, { next_step: stepIn(3) });
    await page.setViewportSize(DESKTOP);
    await openPipeline(page, seeded.server);

    // The keyboard: Applied → Screening asks; Clear is one Shift+Tab from Keep.
    await card(page, applied.id)
      .getByRole('button', { name: /^Drag / })
      .focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await expect(column(page, 'Screening')).toHaveAttribute('class', /border-focus/);
    await page.keyboard.press('Space');
    const question = page.getByRole('alertdialog', { name: 'Keep the next step?' });
    await expect(question.getByRole('button', { name: 'Keep next step' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(question.getByRole('button', { name: 'Clear next step' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(card(column(page, 'Screening'), applied.id)).toBeVisible();
    await expect(
      card(column(page, 'Screening'), applied.id).getByRole('button', { name: /^Drag / }),
    ).toBeFocused();
    await expect(card(page, applied.id)).not.toContainText('Next step');
    await expect(
      page.getByRole('status').filter({ hasText: /to Screening and cleared its next step/ }),
    ).toBeVisible();
    await expect
      .poll(async () => (await storedApplication(seeded, applied.id)).next_step)
      .toBeNull();

    // Undo from the card's menu, by the keyboard: the stage and the step come back.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(card(page, applied.id).getByRole('button', { name: /^Move / })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Undo move to Screening' }).waitFor();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect(card(column(page, 'Applied'), applied.id)).toContainText('Phone screen');
    await expect(
      card(column(page, 'Applied'), applied.id).getByRole('button', { name: /^Move / }),
    ).toBeFocused();
    const undone = await storedApplication(seeded, applied.id);
    expect(undone.stage).toBe('applied');
    expect(undone.next_step?.what).toBe('Phone screen');

    // Rejected asks nothing: the step ends with the move, in the board and in the table.
    await card(page, interviewing.id)
      .getByRole('button', { name: /^Move / })
      .click();
    await page.getByRole('menuitem', { name: 'Rejected' }).click();
    await expect(question).toHaveCount(0);
    await expect(card(column(page, 'Rejected'), interviewing.id)).not.toContainText('Next step');
    const toast = page
      .getByRole('status')
      .filter({ hasText: /to Rejected and ended its next step/ });
    await expect(toast).toBeVisible();
    await page.getByRole('button', { name: 'Table' }).click();
    const row = page
      .getByRole('table', { name: 'Applications' })
      .locator(`tr[data-job-id="${interviewing.id}"]`);
    await expect(row).toContainText('Rejected');
    await expect(row).toContainText('None');
    // Undo from the toast, by the mouse.
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(row).toContainText('Interviewing');
    await expect(row).toContainText('Phone screen');
    expect((await storedApplication(seeded, interviewing.id)).stage).toBe('interviewing');
  } finally {
    await seeded.server.stop();
  }
});

// Issues 40 and 41 on the board: a card shows its job's fit band and a closed posting's day; the
// application panel shows the Closed badge and the employer's own address beside the posting's
// link. The worst data (the longest title, non-Latin company names), at both widths, both themes.
test('the job’s facts on the board: the fit band and Closed on a card, Closed and the employer’s address in the panel', async ({
  page,
  simulator,
}) => {
  test.setTimeout(180_000);
  const keywords = 'Board facts watch';
  // Both ahead of the search's results; the first closes an hour after it is featured.
  const closing = simulator.feature({
    title:
      'Senior Staff Software Engineer, Distributed Data Platform & Developer Productivity Infrastructure (Remote, EMEA)',
    companyName: '株式会社サクラテック・グローバルデータソリューションズ',
    hoursAgo: 3,
    easyApply: false,
    keywords,
    closesAfterHours: 1,
  });
  const open = simulator.feature({
    title:
      'データサイエンティスト（機械学習・大規模言語モデル・推薦システム）シニアリードエンジニア',
    companyName: 'شركة البيانات المتقدمة للحلول الرقمية',
    hoursAgo: 3,
    easyApply: false,
    keywords,
  });
  const server = await startServer({
    LINKEDIN_BASE_URL: simulator.url,
    SCRAPE_MAX_RESULTS_PER_QUERY: MAX_RESULTS,
  });
  try {
    const token = await server.apiToken();
    // A profile before the batch: the batch scores each job as it stores it.
    fitProfileSchema.parse(
      await apiJson(server, token, '/fit-profiles', {
        method: 'POST',
        body: JSON.stringify(FIT_PROFILES.backend.body),
      }),
    );
    await createBerlinQueries(server, token, [keywords]);
    await runBatch(server, token);
    const closedId = Number(closing.id);
    const openId = Number(open.id);
    await putInPipeline({ server, token }, closedId, 'saved');
    await putInPipeline({ server, token }, openId, 'applied');
    // The posting closes on the site; its page read again says so.
    simulator.clock.advance(2 * 3_600_000);
    const reread = jobDetailSchema.parse(
      await apiJson(server, token, `/jobs/${closedId}/details`, { method: 'POST' }),
    );
    expect(reread.closed_at).toEqual(expect.any(String));
    // The employer's address as the batch read it from the open page, where the simulator gives one.
    const addressOf = (id: string) => simulator.truth.job(id)?.applyUrl ?? null;
    expect(
      [closing, open].some((j) => addressOf(j.id)),
      'one of the two postings names the employer’s address',
    ).toBe(true);
    for (const id of [closedId, openId]) {
      const application = applicationDetailSchema.parse(
        await apiJson(server, token, `/applications/${id}`),
      );
      expect(application.fit?.band, `job ${id}'s fit`).toEqual(expect.any(String));
    }

    await page.goto(`${server.url}/pipeline`);
    await signIn(page);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
        key: THEME_KEY,
        value: theme,
      });
      for (const viewport of [DESKTOP, PHONE]) {
        const at = `${theme}, ${viewport.width} px`;
        await page.setViewportSize(viewport);
        await page.goto(`${server.url}/pipeline`);
        await expect(page.locator('html')).toHaveClass(
          theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/,
        );
        // The Saved card (a phone opens on Saved, the first stage holding a card).
        const closedCard = card(page, closedId);
        await expect(closedCard.getByTitle(/^Found closed on /)).toHaveText(/^Closed /);
        await expect(closedCard.getByRole('img', { name: /^Fit: \w+, \d+ of 100/ })).toBeVisible();
        if (viewport === DESKTOP) {
          const openCard = card(column(page, 'Applied'), openId);
          await expect(openCard.getByRole('img', { name: /^Fit: \w+, \d+ of 100/ })).toBeVisible();
          await expect(openCard.getByTitle(/^Found closed on /)).toHaveCount(0);
        }
        expect.soft(await sidewaysScroll(page), `the board (${at})`).toBeLessThanOrEqual(0);
        expect.soft(await axeViolations(page), `the board (${at})`).toEqual([]);

        for (const job of [closing, open]) {
          await page.goto(`${server.url}/pipeline?job=${job.id}`);
          const sheet = page.getByRole('dialog', { name: job.title });
          const part = sheet.getByRole('region', { name: 'Job' });
          await expect(
            part.getByRole('link', { name: 'Open the posting on LinkedIn' }),
          ).toBeVisible();
          const closedBadge = part.getByTitle(/^Found closed on /);
          if (job === closing) await expect(closedBadge).toHaveText(/^Closed /);
          else await expect(closedBadge).toHaveCount(0);
          const apply = part.getByRole('link', { name: "Apply on the company's site" });
          const address = addressOf(job.id);
          if (address) {
            await expect(apply).toBeVisible();
            await expect(apply).toHaveAttribute('href', address);
            await expect(apply).toHaveAttribute('target', '_blank');
            await expect(apply).toHaveAttribute('rel', 'noopener noreferrer');
          } else {
            await expect(apply).toHaveCount(0);
          }
          expect.soft(await sidewaysScroll(page), `the panel (${at})`).toBeLessThanOrEqual(0);
          expect.soft(await axeViolations(page), `the panel (${at})`).toEqual([]);
        }
      }
    }
  } finally {
    await server.stop();
  }
});
