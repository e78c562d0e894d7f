import type { Page } from '@playwright/test';
import { jobDetailSchema, jobStateResponseSchema } from '../src/contract/jobs';
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

// Issue 41 in Chromium against the built server and the simulated site: a saved job whose posting
// closed on the site's clock is read again ("fetch details now", the same write as a re-check's)
// and shows Closed with its day on the Jobs row, the phone's card and the panel; "Open only"
// leaves it out (in the URL, a chip); the panel offers the employer's own address beside the
// LinkedIn link, in a new tab, and "Closed before I applied" moves the job to Withdrawn. At 390
// and 1440 px, in both themes, axe-core finds nothing.

const KEYWORDS = 'Closed posting watch';
const HOUR = 3_600_000;
const THEME_KEY = 'jobscout-theme';
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

const row = (page: Page, jobId: number) => page.locator(`tr[data-job-id="${jobId}"]`);
const closedBadge = (page: Page, jobId: number) => row(page, jobId).getByTitle(/^Found closed on/);

test('a closed job: its badge, Open only, the employer’s address, Closed before I applied', async ({
  page,
  simulator,
}) => {
  test.setTimeout(150_000);
  // Both ahead of the search's results; the first closes an hour after it is featured.
  const closing = simulator.feature({
    title: 'Backend Engineer (Payments) – Zürich Søftware Ünited, Team Plattform & Zahlungen',
    companyName: 'Zürich Søftware Ünited',
    hoursAgo: 3,
    easyApply: false,
    keywords: KEYWORDS,
    closesAfterHours: 1,
  });
  const open = simulator.feature({
    title: 'Platform Engineer',
    companyName: 'Zürich Søftware Ünited',
    hoursAgo: 3,
    easyApply: false,
    keywords: KEYWORDS,
  });
  const server = await startServer({
    LINKEDIN_BASE_URL: simulator.url,
    SCRAPE_MAX_RESULTS_PER_QUERY: '6',
  });
  try {
    const token = await server.apiToken();
    await createBerlinQueries(server, token, [KEYWORDS]);
    await runBatch(server, token);
    const ids = (await storedJobs(server, token)).map((j) => j.id);
    expect(ids).toEqual(expect.arrayContaining([Number(closing.id), Number(open.id)]));
    const closedId = Number(closing.id);
    jobStateResponseSchema.parse(
      await apiJson(server, token, `/jobs/${closedId}`, {
        method: 'PATCH',
        body: JSON.stringify({ state: 'saved' }),
      }),
    );
    // The posting closes on the site; its page read again says so.
    simulator.clock.advance(2 * HOUR);
    const reread = jobDetailSchema.parse(
      await apiJson(server, token, `/jobs/${closedId}/details`, { method: 'POST' }),
    );
    expect(reread.closed_at).toEqual(expect.any(String));
    const address = simulator.truth.job(closing.id)?.applyUrl;
    expect(address).toMatch(/^https:\/\//);
    expect(reread.apply_url).toBe(address);

    await page.goto(`${server.url}/jobs`);
    await signIn(page);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
        key: THEME_KEY,
        value: theme,
      });
      for (const viewport of VIEWPORTS) {
        const at = `${theme}, ${viewport.width} px`;
        await page.setViewportSize(viewport);
        await page.goto(`${server.url}/jobs`);
        await expect(closedBadge(page, closedId)).toBeVisible();
        await expect(closedBadge(page, closedId)).toHaveText(/^Closed /);
        await expect(row(page, Number(open.id)).getByTitle(/^Found closed on/)).toHaveCount(0);
        expect.soft(await axeViolations(page), `jobs (${at})`).toEqual([]);

        await row(page, closedId).getByRole('button', { name: closing.title }).click();
        const panel = page.getByRole('dialog', { name: closing.title });
        await expect(panel.getByTitle(/^Found closed on/)).toBeVisible();
        const apply = panel.getByRole('link', { name: "Apply on the company's site" });
        await expect(apply).toBeVisible();
        await expect(apply).toHaveAttribute('href', address ?? '');
        await expect(apply).toHaveAttribute('target', '_blank');
        await expect(apply).toHaveAttribute('rel', 'noopener noreferrer');
        await expect(panel.getByRole('link', { name: 'Open on LinkedIn' })).toBeVisible();
        await expect(panel.getByRole('button', { name: 'Closed before I applied' })).toBeVisible();
        expect.soft(await axeViolations(page), `the panel (${at})`).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(panel).toBeHidden();
      }
    }

    // Open only: in the URL, a chip, the closed job gone; the chip takes it off again.
    await page.setViewportSize(VIEWPORTS[0]);
    await page.goto(`${server.url}/jobs`);
    // The list first: a click while the screen still settles was once lost on a loaded machine.
    await expect(row(page, closedId)).toBeVisible();
    await page.getByRole('checkbox', { name: 'Open only' }).check();
    await expect(page).toHaveURL(/[?&]open=true/);
    await expect(row(page, closedId)).toHaveCount(0);
    await expect(row(page, Number(open.id))).toBeVisible();
    const chips = page.getByRole('list', { name: 'Active filters' });
    await chips.getByRole('button', { name: 'Remove filter Open only' }).click();
    await expect(page).not.toHaveURL(/open=true/);
    await expect(closedBadge(page, closedId)).toBeVisible();

    // One click takes the closed job at Saved to Withdrawn.
    await row(page, closedId).getByRole('button', { name: closing.title }).click();
    const panel = page.getByRole('dialog', { name: closing.title });
    await panel.getByRole('button', { name: 'Closed before I applied' }).click();
    await expect(panel.getByRole('status')).toHaveText(
      'Moved to Withdrawn: closed before you applied',
    );
    await expect(panel.locator('[data-slot="badge"]').first()).toHaveText('Withdrawn');
    await expect(panel.getByRole('button', { name: 'Closed before I applied' })).toHaveCount(0);
  } finally {
    await server.stop();
  }
});
