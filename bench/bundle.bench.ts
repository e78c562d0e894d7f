import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { atMost, context, type BenchSuite } from './report';
import { chromiumLaunchOptions } from '../test/chromium';
import { startServerProcess } from '../test/server-process';

const SCREENS = [
  '/jobs',
  '/jobs/rules',
  '/query-runs',
  '/batches',
  '/queries',
  '/companies',
  '/settings',
];

/**
 * What the browser really loads: a fresh browser context (a first visit, empty cache) opens the
 * page, and every JS and CSS response it receives is gzipped and counted.
 */
async function loadedKb(browser: Browser, url: string, token?: string): Promise<number> {
  const ctx = await browser.newContext();
  if (token) {
    await ctx.addInitScript((t) => window.localStorage.setItem('auth_token', t), token);
  }
  const page = await ctx.newPage();
  let bytes = 0;
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then(
        (body) => {
          bytes += gzipSync(body, { level: 9 }).length;
        },
        () => undefined,
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await ctx.close();
  return bytes / 1000;
}

export const bundleSuite: BenchSuite = {
  name: 'bundle',
  async run() {
    const server = await startServerProcess({ env: { LOG_LEVEL: 'warn' } });
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const figures = [
        atMost(
          'JS + CSS (gzip) loaded by /sign-in, first visit',
          round(await loadedKb(browser, `${server.url}/sign-in`)),
          'kB',
          100,
        ),
      ];
      const token = await server.apiToken();
      for (const screen of SCREENS) {
        figures.push(
          atMost(
            `JS + CSS (gzip) loaded by ${screen}, first visit`,
            round(await loadedKb(browser, `${server.url}${screen}`, token)),
            'kB',
            150,
          ),
        );
      }
      figures.push(context('for comparison: shadcn-admin sign-in / dashboard', 222, 'kB / 374 kB'));
      return figures;
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
