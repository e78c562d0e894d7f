import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { APPLICATION_STAGE_LABELS, APPLICATION_STAGES } from '../src/contract';
import { BatchStore } from '../src/runner/batch-store';
import { BERLIN, LONDON, openTempDatabase, seedQueries } from '../src/runner/runner-test-kit';
import { chromiumLaunchOptions } from '../test/chromium';
import { startServerProcess } from '../test/server-process';
import { figure as firstVisit, loaded } from './bundle.bench';
import { card, details, storeCards, storeDetails } from './jobs.bench';
import { putIntoPipeline, STAGE_SHARES } from './pipeline.bench';
import { atMost, context, machinePaceMs, type BenchFigure, type BenchSuite } from './report';

// Issue 39: the Pipeline board at volume, in Chromium against the built server. 2,400 jobs stored
// as the runner stores them, 2,000 of them in the pipeline (400 in Saved). Three figures, each
// beside its budget: how soon the board is interactive on a first visit, how soon a keyboard move
// shows the card in its new column, and how long a phone's page is per stage before "Show all".

const JOBS = 2_400;
const VISITS = 5;
const MOVES = 10;
const INTERACTIVE_MS = 500;
const KEYBOARD_MOVE_MS = 100;
const PHONE_SCREENS = 5;
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

declare global {
  interface Window {
    /** When the board's cards were drawn and the page could next take input (ms from navigation). */
    __boardInteractive?: number;
    /** The last keyboard drop: from its key to the card drawn in its new column (ms). */
    __dropMs?: number;
  }
}

async function seedBoard(): Promise<{ dataDir: string; seconds: number }> {
  const started = performance.now();
  const { database, dataDir } = await openTempDatabase(
    fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-bench-board-')),
  );
  const store = new BatchStore(database.sqlite);
  seedQueries(
    database,
    Array.from({ length: 10 }, (_, i) => ({
      jobTitle: `Data role ${i}`,
      ...(i % 2 ? LONDON : BERLIN),
    })),
  );
  const claim = store.claimBatch('manual', Date.UTC(2026, 8, 1));
  if (!claim.claimed) throw new Error('board bench: could not claim a batch');
  const cards = Array.from({ length: JOBS }, () => card(0));
  const { clock } = storeCards(store, claim.batch.id, cards, Date.UTC(2026, 8, 1));
  store.setEnriching(claim.batch.id);
  const after = storeDetails(store, claim.batch.id, cards.map(details), clock);
  store.finishBatch(claim.batch.id, 'completed', null, after);
  await database.close();
  putIntoPipeline(dataDir);
  return { dataDir, seconds: (performance.now() - started) / 1000 };
}

/**
 * Interactive: the board's cards are drawn (a handle is in a column), that frame painted, and the
 * page ran its next task: from then on a key or a click is answered at once. Measured in the
 * page, from the navigation's start, on a first visit (a fresh context, nothing cached).
 */
async function interactiveMs(browser: Browser, url: string, token: string): Promise<number> {
  const ctx = await browser.newContext({ viewport: DESKTOP });
  try {
    await ctx.addInitScript((t) => {
      window.localStorage.setItem('auth_token', t);
      const observer = new MutationObserver(() => {
        if (!document.querySelector('section[data-stage] [aria-roledescription="draggable"]'))
          return;
        observer.disconnect();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => (window.__boardInteractive = performance.now());
          channel.port2.postMessage(0);
        });
      });
      observer.observe(document, { childList: true, subtree: true });
    }, token);
    const page = await ctx.newPage();
    await page.goto(`${url}/pipeline`);
    await page.waitForFunction(() => window.__boardInteractive !== undefined, null, {
      timeout: 30_000,
    });
    return await page.evaluate(() => window.__boardInteractive ?? Number.NaN);
  } finally {
    await ctx.close();
  }
}

/**
 * A keyboard move: the handle of the first card in Rejected (no next step, so no question),
 * Space, → to Withdrawn, Space. Timed in the page from the drop's key to the frame after the card
 * shows in Withdrawn; the move's request and the list asked again are left to settle between.
 */
async function keyboardMoves(page: Page): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < MOVES; i += 1) {
    const from = page.locator('section[data-stage="rejected"] article').first();
    const jobId = (await from.getAttribute('data-job-id')) ?? '';
    await from.getByRole('button', { name: /^Drag / }).focus();
    await page.keyboard.press('Space');
    // dnd-kit says it picked the card up once its keyboard sensor listens for the arrows.
    await page.getByText(/^Picked up /).waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowRight');
    await page.locator('section[data-stage="withdrawn"].border-focus').waitFor();
    await page.evaluate((id) => {
      window.__dropMs = undefined;
      const target = document.querySelector('section[data-stage="withdrawn"]');
      let pressed = 0;
      window.addEventListener(
        'keydown',
        (event) => {
          pressed = event.timeStamp;
        },
        { capture: true, once: true },
      );
      const observer = new MutationObserver(() => {
        if (!target?.querySelector(`article[data-job-id="${id}"]`)) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => (window.__dropMs = performance.now() - pressed);
          channel.port2.postMessage(0);
        });
      });
      if (target) observer.observe(target, { childList: true, subtree: true });
    }, jobId);
    const settled = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/applications') && r.request().method() === 'GET',
    );
    await page.keyboard.press('Space');
    await page.waitForFunction(() => window.__dropMs !== undefined);
    times.push(await page.evaluate(() => window.__dropMs ?? Number.NaN));
    await settled;
  }
  return times;
}

/** On a phone, each stage in turn: the page's height in screens, before "Show all". */
async function phoneScreens(browser: Browser, url: string, token: string) {
  const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  try {
    await ctx.addInitScript((t) => window.localStorage.setItem('auth_token', t), token);
    const page = await ctx.newPage();
    await page.goto(`${url}/pipeline`);
    const switcher = page.getByRole('combobox', { name: 'Stage' });
    const screens: { stage: string; screens: number }[] = [];
    for (const stage of APPLICATION_STAGES) {
      await switcher.selectOption(stage);
      await page.locator(`section[data-stage="${stage}"]`).waitFor();
      screens.push({
        stage: APPLICATION_STAGE_LABELS[stage],
        screens: await page.evaluate(
          () => document.documentElement.scrollHeight / window.innerHeight,
        ),
      });
    }
    await page.goto(`${url}/pipeline?view=table`);
    await page.getByRole('table', { name: 'Applications' }).waitFor();
    const table = await page.evaluate(
      () => document.documentElement.scrollHeight / window.innerHeight,
    );
    return { screens, table };
  } finally {
    await ctx.close();
  }
}

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const tenth = (value: number) => Math.round(value * 10) / 10;

async function measure(): Promise<BenchFigure[]> {
  const seeded = await seedBoard();
  const pace = machinePaceMs();
  const server = await startServerProcess({ dataDir: seeded.dataDir, env: { LOG_LEVEL: 'warn' } });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const token = await server.apiToken();
    const visits: number[] = [];
    for (let i = 0; i < VISITS; i += 1)
      visits.push(await interactiveMs(browser, server.url, token));

    const ctx = await browser.newContext({ viewport: DESKTOP });
    await ctx.addInitScript((t) => window.localStorage.setItem('auth_token', t), token);
    const page = await ctx.newPage();
    await page.goto(`${server.url}/pipeline`);
    await page.getByRole('group', { name: 'Board' }).waitFor();
    const moves = await keyboardMoves(page);
    await ctx.close();

    const phone = await phoneScreens(browser, server.url, token);
    const tallest = phone.screens.reduce((a, b) => (b.screens > a.screens ? b : a));
    const saved = phone.screens.find((s) => s.stage === 'Saved');
    const phoneVisit = await loaded(browser, `${server.url}/pipeline`, {
      token,
      viewport: PHONE,
      ready: (p) => p.locator('section[data-stage] article').first().waitFor(),
    });

    const count = `2,000 applications, ${STAGE_SHARES.saved} in Saved`;
    return [
      context(`seeded: ${JOBS.toLocaleString('en')} jobs, ${count}`, tenth(seeded.seconds), 's'),
      atMost(
        `board interactive, first visit, median of ${VISITS} (${count})`,
        Math.round(median(visits)),
        'ms',
        INTERACTIVE_MS,
      ),
      context('  slowest of those visits', Math.round(Math.max(...visits)), 'ms'),
      atMost(
        `keyboard move drawn in its new column, median of ${MOVES}`,
        Math.round(median(moves)),
        'ms',
        KEYBOARD_MOVE_MS,
      ),
      context('  slowest of those moves', Math.round(Math.max(...moves)), 'ms'),
      atMost(
        `phone 390 × 844: page height per stage, tallest (${tallest.stage})`,
        tenth(tallest.screens),
        'screens',
        PHONE_SCREENS,
      ),
      context(
        `  Saved (${STAGE_SHARES.saved} cards, first page)`,
        tenth(saved?.screens ?? 0),
        'screens',
      ),
      context('  the table on that phone, first page', tenth(phone.table), 'screens'),
      firstVisit('/pipeline on a phone, its stage with cards', phoneVisit, 150),
      context('machine pace (lower is faster)', pace, 'ms'),
    ];
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(seeded.dataDir, { recursive: true, force: true });
  }
}

export const pipelineBoardSuite: BenchSuite = { name: 'pipeline-board', run: measure };
