import { fitLlmSettingsAnswerSchema } from '../src/contract/fit-llm';
import { jobListSchema } from '../src/contract/jobs';
import { startFakeLlmServer, FAKE_SCORE } from '../src/server/fit-llm/fake-llm-server';
import { FIT_PROFILES } from '../simulator';
import { axeViolations } from './contrast';
import {
  apiJson,
  createBerlinQueries,
  expect,
  runBatch,
  signIn,
  startServer,
  test,
} from './fixtures';

// Issue 40's second opinion in Chromium against the built server, the simulated site and our own
// fake OpenAI-compatible server: the operator sets the endpoint on Settings (the key masked,
// never shown again), a batch's best new jobs are asked about, and the job's panel shows the
// model's opinion beside the local fit. At 390 and 1440 px, in both themes, axe-core finds
// nothing; the server's own output never holds the key or a 6-character piece of it.

const KEY = 'sk-e2e-Qm4Tz8Lw2Vx6Np0Rb3';
const KEYWORDS = 'Platform engineer';
const THEME_KEY = 'jobscout-theme';
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

test('the second opinion: set on Settings, asked after a batch, read in the job’s panel', async ({
  page,
  simulator,
}) => {
  test.setTimeout(150_000);
  const fake = await startFakeLlmServer();
  // A few jobs: their details are read at the site's pace before the batch completes.
  const server = await startServer({
    LINKEDIN_BASE_URL: simulator.url,
    SCRAPE_MAX_RESULTS_PER_QUERY: '8',
  });
  try {
    const token = await server.apiToken();
    await apiJson(server, token, '/fit-profiles', {
      method: 'POST',
      body: JSON.stringify(FIT_PROFILES.backend.body),
    });
    await createBerlinQueries(server, token, [KEYWORDS]);

    await page.goto(`${server.url}/settings`);
    await signIn(page);
    const card = page.getByRole('region', { name: 'Fit: second opinion' });
    await card.getByLabel('Address (base URL)').fill(fake.url);
    await card.getByLabel('Model').fill('fake-model');
    await card.getByLabel('API key').fill(KEY);
    const topN = card.getByLabel('Jobs a batch');
    await topN.fill('3');
    await card.getByRole('button', { name: 'Save second opinion settings' }).click();
    await expect(card.getByPlaceholder('•••••••• (a key is set)')).toHaveValue('');
    await expect(card).toContainText('On. 0 jobs wait for an answer.');
    await expect(card).not.toContainText(KEY);

    await runBatch(server, token);
    await expect
      .poll(
        async () => {
          const settings = fitLlmSettingsAnswerSchema.parse(
            await apiJson(server, token, '/fit/llm/settings'),
          );
          return settings.queue.pending === 0 ? (settings.usage[0]?.requests ?? 0) : 0;
        },
        { timeout: 30_000 },
      )
      .toBe(3);
    const best = jobListSchema.parse(
      await apiJson(server, token, '/jobs?sort=fit&limit=1&grouped=false'),
    ).items[0];
    if (!best) throw new Error('the batch stored no job');

    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
        key: THEME_KEY,
        value: theme,
      });
      for (const viewport of VIEWPORTS) {
        const at = `${theme}, ${viewport.width} px`;
        await page.setViewportSize(viewport);
        await page.goto(`${server.url}/settings`);
        const settingsCard = page.getByRole('region', { name: 'Fit: second opinion' });
        await expect(
          settingsCard.getByRole('table', { name: /Tokens used per day/ }),
        ).toBeVisible();
        await expect(settingsCard).toContainText('Tokens today:');
        expect.soft(await axeViolations(page), `settings (${at})`).toEqual([]);

        await page.goto(`${server.url}/jobs?job=${best.id}`);
        const panel = page.getByRole('dialog', { name: best.title });
        const opinion = panel.getByRole('region', { name: 'Second opinion' });
        await expect(opinion).toContainText(`fake-model: ${FAKE_SCORE} of 100`);
        await expect(opinion).toContainText(`Local fit ${best.fit?.score ?? ''}`);
        await expect(opinion.locator('q').first()).toBeVisible();
        const box = await opinion.boundingBox();
        expect(box?.width ?? 0).toBeLessThanOrEqual(viewport.width);
        expect.soft(await axeViolations(page), `the panel (${at})`).toEqual([]);
      }
    }

    expect(fake.requests.every((r) => r.authorization === `Bearer ${KEY}`)).toBe(true);
    const output = server.output().toLowerCase();
    for (let i = 0; i + 6 <= KEY.length; i++) {
      expect(output, `the key's piece ${i}`).not.toContain(KEY.slice(i, i + 6).toLowerCase());
    }
  } finally {
    await server.stop();
    await fake.close();
  }
});
