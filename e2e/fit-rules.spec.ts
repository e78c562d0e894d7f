import { FIT_PROFILES, startSimulator } from '../simulator';
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

// Issue 40's "hide poor fits by a rule", in Chromium against the built server and the simulated
// site's fit postings: a profile made through the API, the rule "fit below 40 → hide" written on
// the Rules screen, a batch over the fit postings, and Jobs without the poor fits (each hidden by
// the rule, on its score from the details). The Rules screen and Jobs at 390 and 1440 px, in both
// themes, axe-clean.

const THEME_KEY = 'jobscout-theme';
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
/** The simulator's fit postings' ids start here (simulator/fit-catalogue.ts). */
const FIT_ID_BASE = 4_800_000_000;

test('hide poor fits by a rule: fit below 40 hides them from Jobs', async ({ page }) => {
  test.setTimeout(150_000);
  const simulator = await startSimulator({ fitJobs: 30, jobCount: 300, jobsPerQuery: 40 });
  const server = await startServer({
    LINKEDIN_BASE_URL: simulator.url,
    SCRAPE_MAX_RESULTS_PER_QUERY: '40',
  });
  try {
    const token = await server.apiToken();
    await apiJson(server, token, '/fit-profiles', {
      method: 'POST',
      body: JSON.stringify(FIT_PROFILES.backend.body),
    });
    await createBerlinQueries(server, token, ['fit jobs']);

    // The rule, written on the Rules screen: fit alone, no words.
    await page.setViewportSize(VIEWPORTS[0]);
    await page.goto(`${server.url}/jobs/rules`);
    await signIn(page);
    await page.getByRole('button', { name: 'New rule' }).first().click();
    const editor = page.getByRole('dialog', { name: 'New rule' });
    await editor.getByRole('textbox', { name: 'Name' }).fill('Poor fits');
    await editor.getByRole('combobox', { name: 'Fit condition' }).selectOption('below');
    await expect(editor.getByRole('textbox', { name: 'Fit score' })).toHaveValue('40');
    await expect(editor.getByRole('radio', { name: 'Hide' })).toBeChecked();
    await editor.getByRole('button', { name: 'Add rule' }).click();
    await expect(editor).toBeHidden();
    const rule = page
      .getByRole('list', { name: 'Rules' })
      .getByRole('listitem', { name: 'Poor fits' });
    await expect(rule).toContainText('fit below 40');

    await runBatch(server, token);
    const fits = (await storedJobs(server, token)).filter((job) => job.id >= FIT_ID_BASE);
    const poor = fits.filter(
      (job) => job.fit !== null && job.fit !== undefined && job.fit.score < 40,
    );
    const kept = fits.filter((job) => (job.fit?.score ?? -1) >= 40);
    expect(poor.length).toBeGreaterThan(0);
    expect(kept.length).toBeGreaterThan(0);
    for (const job of poor) {
      expect(job.state, `job ${job.id}`).toBe('hidden');
      expect(job.hidden_by_rule?.name, `job ${job.id}`).toBe('Poor fits');
    }
    for (const job of kept) expect(job.state, `job ${job.id}`).not.toBe('hidden');
    const best = [...kept].sort((a, b) => (b.fit?.score ?? 0) - (a.fit?.score ?? 0))[0];

    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
        key: THEME_KEY,
        value: theme,
      });
      for (const viewport of VIEWPORTS) {
        const at = `${theme}, ${viewport.width} px`;
        await page.setViewportSize(viewport);
        await page.goto(`${server.url}/jobs/rules`);
        await expect(
          page.getByRole('list', { name: 'Rules' }).getByRole('listitem', { name: 'Poor fits' }),
        ).toContainText('fit below 40');
        expect.soft(await axeViolations(page), `rules (${at})`).toEqual([]);

        await page.goto(`${server.url}/jobs`);
        await expect(page.locator(`tr[data-job-id="${best?.id ?? 0}"]`)).toBeVisible();
        for (const job of poor)
          await expect(page.locator(`tr[data-job-id="${job.id}"]`), `job ${job.id}`).toHaveCount(0);
        expect.soft(await axeViolations(page), `jobs (${at})`).toEqual([]);
      }
    }
  } finally {
    await server.stop();
    await simulator.close();
  }
});
