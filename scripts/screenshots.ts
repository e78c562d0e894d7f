import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { startSimulator } from '../simulator';
import { buildDemoData, demoSimulatorOptions, planHistory } from './demo-history';
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
/** The Overview is photographed on the demo's history (issue 32): weeks of batches to chart. */
const OVERVIEW_DAYS = 90;
const OVERVIEW_ZONE = 'Europe/Berlin';

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
  // `npm run screenshots -- overview` takes the Overview's alone (its history takes a while).
  if (process.argv.includes('overview')) {
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      await photographOverview(browser);
    } finally {
      await browser.close();
    }
    return;
  }
  // `npm run screenshots -- pipeline` (any showcase screens' names) takes those alone.
  const only = SHOWCASE_SCREENS.filter((s) => process.argv.includes(s.name));
  const wanted = (screen: (typeof SHOWCASE_SCREENS)[number]) =>
    only.length === 0 || only.includes(screen);
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
        for (const screen of SHOWCASE_SCREENS.filter((s) => s.signedOut && wanted(s))) {
          await openScreen(page, server.url, screen);
          const file = `${screen.name}-${theme}-${width}.png`;
          await page.screenshot({ path: path.join(OUT_DIR, file) });
          console.log(`docs/screenshots/${file}`);
        }
        await page.goto(`${server.url}/sign-in`);
        await page.getByLabel('Password').fill(TEST_SERVER_PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('button', { name: 'Dark mode' }).waitFor();
        for (const screen of SHOWCASE_SCREENS.filter((s) => !s.signedOut && wanted(s))) {
          await openScreen(page, server.url, screen);
          const file = `${screen.name}-${theme}-${width}.png`;
          await page.screenshot({ path: path.join(OUT_DIR, file) });
          console.log(`docs/screenshots/${file}`);
        }
        await context.close();
      }
    }
    if (only.length === 0) await photographOverview(browser);
  } finally {
    await browser.close();
    await server.stop();
    await simulator.close();
  }
}

/**
 * The Overview over `npm run demo`'s 90 simulated days, whole page, in both themes at both widths:
 * docs/screenshots/overview-{theme}-{width}.png.
 */
async function photographOverview(browser: Browser): Promise<void> {
  const plan = planHistory({
    days: OVERVIEW_DAYS,
    now: Date.now(),
    timeZone: OVERVIEW_ZONE,
    scriptTime: '09:00',
  });
  const simulator = await startSimulator(demoSimulatorOptions(plan));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-screenshots-overview-'));
  await buildDemoData({ dataDir, simulator, plan, timeZone: OVERVIEW_ZONE });
  const server = await startServerProcess({
    dataDir,
    env: { LINKEDIN_BASE_URL: simulator.url, TZ: OVERVIEW_ZONE },
  });
  try {
    for (const theme of THEMES) {
      for (const { name: width, viewport } of WIDTHS) {
        const context = await newContext(browser, theme, viewport);
        const page = await context.newPage();
        await page.goto(`${server.url}/sign-in`);
        await page.getByLabel('Password').fill(TEST_SERVER_PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('button', { name: 'Dark mode' }).waitFor();
        await openScreen(page, server.url, {
          name: 'overview',
          path: '/overview?range=90',
          heading: 'Overview',
        });
        await page.getByRole('heading', { name: 'Site health' }).waitFor();
        const file = `overview-${theme}-${width}.png`;
        await page.screenshot({ path: path.join(OUT_DIR, file), fullPage: true });
        console.log(`docs/screenshots/${file}`);
        await context.close();
      }
    }
  } finally {
    await server.stop();
    await simulator.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
