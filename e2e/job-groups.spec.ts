import { jobListSchema } from '../src/contract/jobs';
import { PHONE_VIEWPORT } from '../test/showcase-data';
import { contrastFailures } from './contrast';
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

// Issue 30: a row standing for one role's jobs in several places says how many jobs and places
// it stands for, and while hidden jobs are listed every job of it can be reached from the list;
// at a phone's width and a desktop's, in both themes.

const SEARCH = 'Platform Engineer';
const COMPANY = 'Quorvex Labs';
const DESKTOP = { width: 1440, height: 900 } as const;
const THEME_KEY = 'jobscout-theme';
const EVERY_STATE = 'new,seen,saved,applied,hidden';

test('a group with hidden jobs: "3 jobs in 2 places", each reachable while hidden jobs are listed', async ({
  page,
  simulator,
}) => {
  test.setTimeout(150_000);
  // One role in two places, three jobs: Berlin twice (the second a look-alike with a gender
  // marker), then Hamburg. Found first by the search, ahead of a few ordinary results.
  const postings = [
    { title: SEARCH, place: 'Berlin, Germany', hoursAgo: 5 },
    { title: `${SEARCH} (m/w/d)`, place: 'Berlin, Germany', hoursAgo: 4 },
    { title: SEARCH, place: 'Hamburg, Germany', hoursAgo: 3 },
  ];
  for (const p of postings)
    simulator.feature({ ...p, companyName: COMPANY, easyApply: false, keywords: SEARCH });
  const server = await startServer({
    LINKEDIN_BASE_URL: simulator.url,
    SCRAPE_MAX_RESULTS_PER_QUERY: '6',
  });
  try {
    const token = await server.apiToken();
    await createBerlinQueries(server, token, [SEARCH]);
    await runBatch(server, token);
    const stored = await storedJobs(server, token);
    const members = stored.filter((j) => j.company_name === COMPANY);
    expect(members).toHaveLength(3);
    expect(members.every((j) => j.group?.jobs === 3 && j.group.size === 2)).toBe(true);
    // The operator hid both Berlin jobs: the Hamburg one stands for the group.
    const berlin = members.filter((j) => j.location === 'Berlin, Germany');
    for (const job of berlin)
      await apiJson(server, token, `/jobs/${job.id}`, {
        method: 'PATCH',
        body: JSON.stringify({ state: 'hidden' }),
      });
    // What the screen should say it holds: every stored job, in fewer rows.
    const view = jobListSchema.parse(
      await apiJson(server, token, `/jobs?grouped=true&limit=100&state=${EVERY_STATE}`),
    );
    expect(view.total_jobs).toBe(stored.length);
    expect(view.total).toBeLessThan(stored.length);

    await page.goto(`${server.url}/jobs`);
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
    const toggle = page.getByRole('button', { name: `3 jobs in 2 places: ${SEARCH}` });
    const others = page.getByRole('list', { name: `Other jobs of ${SEARCH}` });

    for (const viewport of [PHONE_VIEWPORT, DESKTOP]) {
      for (const theme of ['light', 'dark'] as const) {
        const label = `${viewport.width} px, ${theme}`;
        await page.setViewportSize(viewport);
        await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
          key: THEME_KEY,
          value: theme,
        });

        // Hidden jobs not listed: the row still says what the group holds, and how many of
        // its jobs are hidden.
        await page.goto(`${server.url}/jobs`);
        if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
        await toggle.click();
        await expect(others.getByRole('listitem')).toHaveText([
          '2 hidden, listed when State › Hidden is ticked',
        ]);

        // State › Hidden ticked: both Berlin jobs are in the group's list, each opening its panel.
        await page.goto(`${server.url}/jobs?state=${EVERY_STATE}`);
        await expect(
          page.getByText(`${view.total_jobs} jobs · showing ${view.total} of ${view.total} rows`),
        ).toBeVisible();
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
        await toggle.click();
        await expect(others.getByRole('listitem'), label).toHaveCount(2);
        await expect(others.getByRole('listitem').first()).toContainText('Hidden');
        await expect(others.getByRole('listitem').last()).toContainText('Hidden');
        await expect(others).toContainText(`${SEARCH} (m/w/d)`);
        await expect(page.getByText(/hidden or not listed|listed when State/)).toHaveCount(0);
        expect(await contrastFailures(page), label).toEqual([]);
        const sideways = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(sideways, `${label}: sideways scroll`).toBe(0);

        for (const job of berlin) {
          const member = others
            .getByRole('listitem')
            .filter({ hasText: job.title === SEARCH ? /^Berlin, Germany\s*Hidden$/ : job.title });
          await member.getByRole('button', { name: 'Berlin, Germany' }).click();
          await expect(page).toHaveURL(new RegExp(`[?&]job=${job.id}\\b`));
          const panel = page.getByRole('dialog', { name: job.title });
          await expect(panel, label).toBeVisible();
          await expect(panel.getByRole('button', { name: 'Hidden' })).toHaveAttribute(
            'aria-pressed',
            'true',
          );
          await page.keyboard.press('Escape');
          await expect(panel).toHaveCount(0);
          // Closing the panel leaves the group open where it was.
          if (!(await others.isVisible())) await toggle.click();
        }
      }
    }
  } finally {
    await server.stop();
  }
});
