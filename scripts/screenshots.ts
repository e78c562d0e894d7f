import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { startSimulator } from '../simulator';
import { chromiumLaunchOptions } from '../test/chromium';
import { startServerProcess, TEST_SERVER_PASSWORD } from '../test/server-process';
import {
  DESKTOP_VIEWPORT,
  openScreen,
  PHONE_VIEWPORT,
  seedShowcase,
  SHOWCASE_SCREENS,
} from '../test/showcase-data';

// `npm run screenshots`: the built app on a temporary data folder, against the simulated site,
// seeded as the browser tests seed it, photographed screen by screen in both themes at both
// widths into docs/screenshots/{screen}-{light|dark}-{desktop|phone}.png. The list of screens
// is SHOWCASE_SCREENS (test/showcase-data.ts): a new screen is one line there.
const OUT_DIR = path.resolve(import.meta.dirname, '../docs/screenshots');
const THEMES = ['light', 'dark'] as const;
const WIDTHS = [
  { name: 'desktop', viewport: DESKTOP_VIEWPORT },
  { name: 'phone', viewport: PHONE_VIEWPORT },
] as const;
const MAX_RESULTS = '8';

async function newContext(
  browser: Browser,
  theme: (typeof THEMES)[number],
  viewport: { width: number; height: number },
): Promise<BrowserContext> {
  // A fixed locale and zone, so the pictures don't depend on the machine that takes them.
  const context = await browser.newContext({
    viewport,
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
    colorScheme: theme,
    reducedMotion: 'reduce',
  });
  // The theme as the operator's stored choice, before any page script runs.
  await context.addInitScript((value) => localStorage.setItem('jobscout-theme', value), theme);
  return context;
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const simulator = await startSimulator();
  const server = await startServerProcess({
    env: { LINKEDIN_BASE_URL: simulator.url, SCRAPE_MAX_RESULTS_PER_QUERY: MAX_RESULTS },
  });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    await seedShowcase(server.url, await server.apiToken(), simulator);
    for (const theme of THEMES) {
      for (const { name: width, viewport } of WIDTHS) {
        const context = await newContext(browser, theme, viewport);
        const page = await context.newPage();
        for (const screen of SHOWCASE_SCREENS.filter((s) => s.signedOut)) {
          await openScreen(page, server.url, screen);
          const file = `${screen.name}-${theme}-${width}.png`;
          await page.screenshot({ path: path.join(OUT_DIR, file) });
          console.log(`docs/screenshots/${file}`);
        }
        await page.goto(`${server.url}/sign-in`);
        await page.getByLabel('Password').fill(TEST_SERVER_PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('button', { name: 'Dark mode' }).waitFor();
        for (const screen of SHOWCASE_SCREENS.filter((s) => !s.signedOut)) {
          await openScreen(page, server.url, screen);
          const file = `${screen.name}-${theme}-${width}.png`;
          await page.screenshot({ path: path.join(OUT_DIR, file) });
          console.log(`docs/screenshots/${file}`);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    await simulator.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
