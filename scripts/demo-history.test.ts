import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  APPLICATION_STAGE_LABELS,
  APPLICATION_STAGES,
  jobStateOfStage,
} from '../src/contract/pipeline';
import { openDatabase } from '../src/db/database';
import { PipelineTriage } from '../src/db/pipeline/triage-sync';
import type { SqliteFile } from '../src/db/sqlite-file';
import { dayInZone } from '../src/runner';
import { startSimulator, type Simulator } from '../simulator';
import {
  buildDemoData,
  createHistoryClock,
  DEMO_QUERIES,
  demoSimulatorOptions,
  planHistory,
  TRIAGE_PATTERN,
  type HistoryDay,
} from './demo-history';
import {
  DEMO_LINK_NOTE,
  DEMO_OVERDUE_STEP,
  DEMO_PIPELINE_SIZE,
  DEMO_PIPELINE_STAGES,
  describeBoard,
  fillPipeline,
  planPipeline,
  readBoard,
} from './demo-pipeline';

// Issue 32: `npm run demo`'s history, a daily batch per simulated day through the real runner
// against the simulated site, with the operator's rule and triage and the site's faults.

const ZONE = 'Europe/Berlin';
// 2026-11-20 12:00 in Berlin: the last batch is that day's 09:00.
const NOW = Date.UTC(2026, 10, 20, 11, 0, 0);
const DAY_MS = 86_400_000;

describe('planHistory', () => {
  it('plans 90 consecutive days at the script time, the last before now, with the events spread over them', () => {
    const plan = planHistory({ days: 90, now: NOW, timeZone: ZONE, scriptTime: '09:00' });
    expect(plan).toHaveLength(90);
    expect(plan.at(-1)?.date).toBe('2026-11-20');
    expect(plan[0]?.date).toBe('2026-08-23');
    for (const [i, day] of plan.entries()) {
      expect(day.day).toBe(i + 1);
      expect(
        new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, timeStyle: 'short' }).format(day.at),
      ).toBe('09:00');
      if (i > 0) expect(dayInZone(day.at - DAY_MS, ZONE)).toBe(plan[i - 1]?.date);
    }
    // Summer time ended on 25 October: the days around it are still a calendar day apart.
    expect(plan.find((d) => d.date === '2026-10-26')).toBeDefined();
    const days = (pick: (d: HistoryDay) => boolean) => plan.filter(pick).map((d) => d.day);
    expect(days((d) => d.salaryDropped)).toEqual([58, 59, 60, 61, 62]);
    expect(days((d) => d.rateLimit !== null)).toEqual([18, 41, 72]);
    expect(days((d) => d.addRule)).toEqual([15]);
    expect(plan[2]?.triageDay).toBe(1);
    expect(plan[1]?.triageDay).toBeNull();
  });

  it('plans no day for 0, and no drift in a history too short to measure one', () => {
    expect(planHistory({ days: 0, now: NOW, timeZone: ZONE, scriptTime: '09:00' })).toEqual([]);
    const short = planHistory({ days: 3, now: NOW, timeZone: ZONE, scriptTime: '09:00' });
    expect(short.map((d) => [d.date, d.addRule, d.rateLimit?.count ?? 0, d.salaryDropped])).toEqual(
      [
        ['2026-11-18', false, 0, false],
        ['2026-11-19', true, 4, false],
        ['2026-11-20', false, 0, false],
      ],
    );
  });

  it('ends with yesterday when today’s script time is less than an hour ago', () => {
    const early = Date.UTC(2026, 10, 20, 8, 30, 0); // 09:30 in Berlin
    const plan = planHistory({ days: 2, now: early, timeZone: ZONE, scriptTime: '09:00' });
    expect(plan.map((d) => d.date)).toEqual(['2026-11-18', '2026-11-19']);
  });
});

describe('the history clock', () => {
  it('runs with the wall clock, and a wait moves it on at once, overlapping waits together', async () => {
    const clock = createHistoryClock(1_000_000);
    const wall = performance.now();
    await Promise.all([clock.sleep(3_000), clock.sleep(2_000)]);
    expect(performance.now() - wall).toBeLessThan(500);
    expect(clock.now()).toBeGreaterThanOrEqual(1_003_000);
    expect(clock.now()).toBeLessThan(1_003_500);
    clock.moveTo(5_000_000);
    expect(clock.now()).toBeGreaterThanOrEqual(5_000_000);
    clock.moveTo(10);
    expect(clock.now()).toBeGreaterThanOrEqual(5_000_000);
  });
});

const applicationRow = z.object({
  job_id: z.string(),
  stage: z.enum(APPLICATION_STAGES),
  stage_since: z.number(),
  notes: z.string(),
  next_step_at: z.number().nullable(),
  next_step_what: z.string().nullable(),
  state: z.string(),
  first_seen_at: z.number(),
  events: z.string(),
  contacts: z.number(),
});
const eventsSchema = z.array(
  z.object({ stage: z.enum(APPLICATION_STAGES), at: z.number(), source: z.string() }),
);

/** The demo's 40 applications, read back: every stage, dated histories, notes, steps, contacts. */
function expectDemoPipeline(sqlite: SqliteFile, count: number): void {
  const apps = sqlite
    .prepare(
      `SELECT a.job_id, a.stage, a.stage_since, a.notes, a.next_step_at, a.next_step_what,
         j.state, j.first_seen_at,
         (SELECT json_group_array(json_object('stage', stage, 'at', at, 'source', source))
            FROM (SELECT * FROM application_events e WHERE e.job_id = a.job_id ORDER BY id)) AS events,
         (SELECT COUNT(*) FROM application_contacts c WHERE c.job_id = a.job_id) AS contacts
       FROM applications a JOIN jobs j ON j.id = a.job_id`,
    )
    .all()
    .map((row) => applicationRow.parse(row));
  expect(apps).toHaveLength(count);
  const perStage = Object.fromEntries(APPLICATION_STAGES.map((s) => [s, 0]));
  for (const app of apps) {
    perStage[app.stage] = (perStage[app.stage] ?? 0) + 1;
    const events = eventsSchema.parse(JSON.parse(app.events));
    // A history in order, after the job was found and before now, ending in the stage.
    const times = events.map((e) => e.at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeGreaterThan(app.first_seen_at);
    expect(times.at(-1)).toBeLessThanOrEqual(NOW);
    expect(events.at(-1)?.stage).toBe(app.stage);
    expect(app.stage_since).toBe(times.at(-1));
    expect(events.length).toBeGreaterThan(app.stage === 'saved' ? 0 : 1);
    expect(app.state).toBe(jobStateOfStage(app.stage));
    if (app.stage === 'no_answer') expect(events.at(-1)?.source).toBe('product');
  }
  // As planned for that many jobs: every stage, the last Applied left out when one job short.
  const planned = Object.fromEntries(APPLICATION_STAGES.map((s) => [s, 0]));
  const jobs = Array.from({ length: count }, (_, i) => ({ id: String(i + 1), first_seen_at: 0 }));
  for (const plan of planPipeline(jobs, NOW)) {
    const stage = plan.history.at(-1)?.stage ?? 'saved';
    planned[stage] = (planned[stage] ?? 0) + 1;
  }
  expect(perStage).toEqual(planned);
  expect(Object.values(perStage).every((n) => n > 0)).toBe(true);
  const steps = apps.filter((a) => a.next_step_at !== null);
  expect(steps.filter((a) => (a.next_step_at ?? 0) < NOW).map((a) => a.next_step_what)).toEqual([
    DEMO_OVERDUE_STEP,
  ]);
  const soon = steps.filter(
    (a) => (a.next_step_at ?? 0) > NOW && (a.next_step_at ?? 0) < NOW + 7 * DAY_MS,
  );
  expect(soon.length).toBeGreaterThanOrEqual(10);
  expect(apps.filter((a) => a.notes === DEMO_LINK_NOTE)).toHaveLength(1);
  expect(apps.filter((a) => a.notes !== '').length).toBeGreaterThan(20);
  expect(apps.filter((a) => a.contacts > 0).length).toBeGreaterThanOrEqual(15);
}

describe('planPipeline', () => {
  it('spreads 40 applications over every stage, with weeks of history before now', () => {
    const longAgo = NOW - 120 * DAY_MS;
    const candidates = Array.from({ length: 50 }, (_, i) => ({
      id: String(4_000_000_000 + i),
      first_seen_at: longAgo + i * 1_000,
    }));
    const plans = planPipeline(candidates, NOW);
    expect(plans).toHaveLength(DEMO_PIPELINE_SIZE);
    expect(new Set(plans.map((p) => p.jobId)).size).toBe(DEMO_PIPELINE_SIZE);
    const perStage = Object.fromEntries(APPLICATION_STAGES.map((s) => [s, 0]));
    for (const plan of plans) {
      const stage = plan.history.at(-1)?.stage ?? 'saved';
      perStage[stage] = (perStage[stage] ?? 0) + 1;
    }
    expect(perStage).toEqual(DEMO_PIPELINE_STAGES);
    const oldest = Math.min(...plans.map((p) => p.history[0]?.at ?? NOW));
    expect(oldest).toBeGreaterThan(NOW - 50 * DAY_MS);
    for (const plan of plans) {
      const applied = plan.history.find((e) => e.stage === 'applied');
      const noAnswer = plan.history.find((e) => e.stage === 'no_answer');
      if (noAnswer) expect(noAnswer.at - (applied?.at ?? 0)).toBe(30 * DAY_MS);
      if (plan.history.at(-1)?.stage === 'accepted') {
        expect(plan.history.map((e) => e.stage)).toEqual([
          'saved',
          'applied',
          'screening',
          'interviewing',
          'offer',
          'accepted',
        ]);
        expect(plan.salaryOffered).toMatch(/^€\d+,000$/);
      }
    }
    // The No answer ones, the longest histories, went to the jobs found first.
    expect(
      plans.filter((p) => p.history.at(-1)?.stage === 'no_answer').map((p) => p.jobId),
    ).toEqual(candidates.slice(0, 4).map((c) => c.id));
  });

  it('plans only as many as there are jobs', () => {
    expect(planPipeline([{ id: '1', first_seen_at: NOW - DAY_MS }], NOW)).toHaveLength(1);
    expect(planPipeline([], NOW)).toEqual([]);
  });
});

/** The board as the database holds it, counted in SQL: per stage, and those with a history. */
function boardInDatabase(sqlite: SqliteFile) {
  const counts = z
    .array(z.object({ stage: z.enum(APPLICATION_STAGES), n: z.number() }))
    .parse(
      sqlite
        .prepare(
          'SELECT stage, COUNT(*) AS n FROM applications WHERE left_at IS NULL GROUP BY stage',
        )
        .all(),
    );
  // The demo's histories are the operator's (and No answer the product's); triage's are triage's.
  const withHistory = z.object({ n: z.number() }).parse(
    sqlite
      .prepare(
        `SELECT COUNT(*) AS n FROM applications a WHERE a.left_at IS NULL AND NOT EXISTS
           (SELECT 1 FROM application_events e WHERE e.job_id = a.job_id AND e.source = 'triage')`,
      )
      .get(),
  ).n;
  return {
    total: counts.reduce((sum, c) => sum + c.n, 0),
    stages: Object.fromEntries(counts.map((c) => [c.stage, c.n])),
    withHistory,
  };
}

/** The figures `npm run demo`'s line says: the board's total, each stage's, those with a history. */
function figuresOf(line: string) {
  const match =
    /^([\d,]+) jobs? on the Pipeline board \((.+)\): .+, ([\d,]+) of them with weeks/.exec(line);
  if (!match) throw new Error(`not the board's line: ${line}`);
  const count = (text: string) => Number(text.replaceAll(',', ''));
  const label = (name: string) =>
    APPLICATION_STAGES.find((stage) => APPLICATION_STAGE_LABELS[stage] === name);
  return {
    total: count(match[1] ?? ''),
    stages: Object.fromEntries(
      (match[2] ?? '').split(', ').map((part) => {
        const [, n = '', name = ''] = /^([\d,]+) (.+)$/.exec(part) ?? [];
        return [label(name), count(n)];
      }),
    ),
    withHistory: count(match[3] ?? ''),
  };
}

describe("the demo's line about the pipeline (issue 39)", () => {
  let dataDir: string | undefined;
  afterEach(() => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('says what the board holds, read from the database, beside the 40 with a history', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-demo-board-'));
    const database = await openDatabase(dataDir, undefined, { backgroundCheckpoints: false });
    try {
      const sqlite = database.sqlite;
      sqlite.exec(
        `INSERT INTO batches (id, kind, status, started_at) VALUES (1, 'daily', 'completed', 0)`,
      );
      const insert = sqlite.prepare(`INSERT INTO jobs (id, title, company_name, company_normalized,
          location, url, first_seen_batch_id, first_seen_at, last_seen_at, state)
        VALUES (@id, 'Analyst', 'Acme', 'acme', 'Berlin, Germany', @url, 1, @seen, @seen, 'new')`);
      for (let i = 1; i <= 75; i += 1)
        insert.run({
          id: String(i),
          url: `https://www.linkedin.com/jobs/view/${i}`,
          seen: NOW - 60 * DAY_MS + i,
        });
      // As the demo's triage does: 50 saved, 20 applied, then 5 of those hidden (off the board).
      const triage = new PipelineTriage(sqlite);
      const ids = (from: number, to: number) =>
        Array.from({ length: to - from + 1 }, (_, i) => from + i);
      triage.setStates(ids(1, 50), 'saved', NOW - 10 * DAY_MS);
      triage.setStates(ids(51, 70), 'applied', NOW - 10 * DAY_MS);
      triage.setStates(ids(66, 70), 'hidden', NOW - 9 * DAY_MS);
      const withHistory = fillPipeline(sqlite, NOW);
      expect(withHistory).toBe(DEMO_PIPELINE_SIZE);

      const line = describeBoard(readBoard(sqlite), withHistory);
      const stored = boardInDatabase(sqlite);
      expect(stored.total).toBe(65);
      expect(figuresOf(line)).toEqual(stored);
      expect(line).toMatch(
        /^65 jobs on the Pipeline board \(\d+ Saved, \d+ Applied, 5 Screening, /,
      );
    } finally {
      await database.close();
    }
  });

  it('says the board is empty when the history saved nothing', () => {
    expect(describeBoard({}, 0)).toBe(
      'The Pipeline board is empty: the history saved and applied to no job.',
    );
  });
});

describe('buildDemoData', () => {
  let sim: Simulator | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await sim?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('with no days saves the settings and example queries only (DEMO_DAYS=0)', async () => {
    sim = await startSimulator(demoSimulatorOptions([]));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-demo-history-'));
    expect(await buildDemoData({ dataDir, simulator: sim, plan: [], timeZone: ZONE })).toBeNull();
    const database = await openDatabase(dataDir, undefined, { backgroundCheckpoints: false });
    try {
      const count = (table: string) =>
        z
          .object({ n: z.number() })
          .parse(database.sqlite.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get()).n;
      expect([count('queries'), count('batches'), count('jobs')]).toEqual([
        DEMO_QUERIES.length,
        0,
        0,
      ]);
      const settings = database.sqlite.prepare('SELECT key FROM settings ORDER BY key').all();
      expect(settings).toEqual([{ key: 'cookies' }, { key: 'script_time' }]);
    } finally {
      await database.close();
    }
  });

  it('fills three days: a daily batch each, jobs first seen on each, the rule, the 429s and the triage', async () => {
    const plan = planHistory({ days: 3, now: NOW, timeZone: ZONE, scriptTime: '09:00' });
    sim = await startSimulator(demoSimulatorOptions(plan));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-demo-history-'));
    const lines: string[] = [];
    const result = await buildDemoData({
      dataDir,
      simulator: sim,
      plan,
      timeZone: ZONE,
      onProgress: (line) => lines.push(line),
      now: NOW,
    });
    expect(result).toMatchObject({ batches: 3, completed: 3 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^ {2}day 3\/3 \(2026-11-20\): 3 batches completed, \d+ new jobs, [\d.]+ s$/,
    );
    // Day 2's site refused four searches before answering (with Retry-After: 10, on the
    // history's clock).
    const refused = sim.requests.filter((r) => r.status === 429);
    expect(refused).toHaveLength(4);
    expect(refused.every((r) => r.path.startsWith('/jobs-guest/jobs/api/seeMoreJobPostings'))).toBe(
      true,
    );

    const database = await openDatabase(dataDir, undefined, { backgroundCheckpoints: false });
    try {
      const all = <T extends z.ZodType>(schema: T, sql: string) =>
        database.sqlite
          .prepare(sql)
          .all()
          .map((row) => schema.parse(row));
      const queries = all(z.object({ job_title: z.string() }), 'SELECT job_title FROM queries');
      expect(queries.map((q) => q.job_title)).toEqual(DEMO_QUERIES.map((q) => q.job_title));

      const batches = all(
        z.object({
          id: z.number(),
          kind: z.string(),
          status: z.string(),
          daily_date: z.string(),
          started_at: z.number(),
        }),
        'SELECT id, kind, status, daily_date, started_at FROM batches ORDER BY id',
      );
      expect(batches.map((b) => [b.kind, b.status, b.daily_date])).toEqual(
        plan.map((d) => ['daily', 'completed', d.date]),
      );
      // The site client reports to the runner's tally: each batch's refusals are stored with it.
      const refusals = all(
        z.object({ batch_id: z.number(), rate_limited: z.number() }),
        'SELECT batch_id, rate_limited FROM batch_site_counts ORDER BY batch_id',
      );
      expect(refusals.map((r) => r.rate_limited)).toEqual([0, 4, 0]);
      for (const [i, batch] of batches.entries()) {
        expect(batch.started_at).toBeGreaterThanOrEqual(plan[i]?.at ?? 0);
        expect(batch.started_at).toBeLessThan((plan[i]?.at ?? 0) + 60_000);
      }

      const jobs = all(
        z.object({
          first_seen_batch_id: z.number(),
          first_seen_at: z.number(),
          posted_at: z.string().nullable(),
          state: z.string(),
          hidden_by_rule_id: z.number().nullable(),
        }),
        'SELECT first_seen_batch_id, first_seen_at, posted_at, state, hidden_by_rule_id FROM jobs ORDER BY id',
      );
      // First seen on each of the three days, by that day's batch, at that day's batch time.
      const perDay = batches.map((b) => jobs.filter((j) => j.first_seen_batch_id === b.id));
      expect(perDay[0]?.length).toBeGreaterThan(100);
      expect(perDay[1]?.length).toBeGreaterThan(10);
      expect(perDay[2]?.length).toBeGreaterThan(10);
      expect(result?.newJobs).toBe(jobs.length);
      for (const [i, js] of perDay.entries()) {
        expect(new Set(js.map((j) => dayInZone(j.first_seen_at, ZONE)))).toEqual(
          new Set([plan[i]?.date]),
        );
      }
      // Postings are dated on the history's days, never after the batch that found them.
      for (const [i, js] of perDay.entries()) {
        for (const job of js)
          if (job.posted_at) expect(job.posted_at.slice(0, 10) <= (plan[i]?.date ?? '')).toBe(true);
      }
      expect(perDay[2]?.some((j) => j.posted_at?.slice(0, 10) === plan[2]?.date)).toBe(true);

      // The rule came with day 2: it hid some of days 2 and 3's jobs, none of day 1's.
      expect(perDay[0]?.filter((j) => j.hidden_by_rule_id !== null)).toEqual([]);
      expect(
        [...(perDay[1] ?? []), ...(perDay[2] ?? [])].filter((j) => j.hidden_by_rule_id !== null)
          .length,
      ).toBeGreaterThan(0);

      // Day 3 triaged day 1's jobs in the pattern's shares; days 2 and 3's are untouched.
      const day1 = perDay[0] ?? [];
      const expected = new Map<string, number>();
      for (let i = 0; i < day1.length; i += 1) {
        const state = TRIAGE_PATTERN[i % TRIAGE_PATTERN.length] ?? 'new';
        expected.set(state, (expected.get(state) ?? 0) + 1);
      }
      const got = new Map<string, number>();
      for (const job of day1) got.set(job.state, (got.get(job.state) ?? 0) + 1);
      // The pipeline moved some saved jobs on (a later stage keeps the job applied): the two
      // states are counted together.
      const together = (counts: Map<string, number>) => {
        const merged = new Map(counts);
        merged.set('saved', (counts.get('saved') ?? 0) + (counts.get('applied') ?? 0));
        merged.delete('applied');
        return merged;
      };
      expect(together(got)).toEqual(together(expected));
      // The pipeline took the latest of the saved and applied jobs, up to its 40.
      const savedOrApplied = (expected.get('saved') ?? 0) + (expected.get('applied') ?? 0);
      expect(result?.applications).toBe(Math.min(DEMO_PIPELINE_SIZE, savedOrApplied));
      expect(result?.triaged).toBe(day1.length - (expected.get('new') ?? 0));
      const later = [...(perDay[1] ?? []), ...(perDay[2] ?? [])];
      expect(later.filter((j) => j.state !== 'new' && j.hidden_by_rule_id === null)).toEqual([]);

      expectDemoPipeline(database.sqlite, Math.min(DEMO_PIPELINE_SIZE, savedOrApplied));
      // What `npm run demo` prints about the board is what the database holds (issue 39).
      if (!result) throw new Error('no history');
      expect(figuresOf(describeBoard(result.board, result.applications))).toEqual(
        boardInDatabase(database.sqlite),
      );
    } finally {
      await database.close();
    }
  }, 60_000);
});
