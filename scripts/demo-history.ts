import { setImmediate as nextTurn } from 'node:timers/promises';
import { Cron } from 'croner';
import {
  JOBS_PAGE_MAX,
  jobListQuerySchema,
  queryWriteSchema,
  ruleWriteSchema,
  type JobState,
} from '../src/contract';
import { openDatabase, type OpenedDatabase } from '../src/db/database';
import { JobListReader } from '../src/db/jobs/job-list';
import { PipelineTriage } from '../src/db/pipeline/triage-sync';
import { saveLocations } from '../src/db/locations';
import { RuleRepository } from '../src/db/rules/rule-repository';
import { insertQuery } from '../src/db/searches/queries';
import { SETTING_KEYS, writeSetting } from '../src/db/settings';
import {
  createRunnerService,
  dayInZone,
  SiteTally,
  type BatchFinished,
  type RunnerLog,
} from '../src/runner';
import { createSiteClient, type SiteClient } from '../src/scraper';
import { VALID_COOKIES, type Simulator, type SimulatorOptions } from '../simulator';
import { createPrng } from '../simulator/prng';
import { fillPipeline, readBoard, type BoardCounts } from './demo-pipeline';

// `npm run demo`'s history (issue 32): before the server starts, the demo's database gets one
// daily batch per simulated day, run by the real runner and site client against the simulated
// site, so the Overview has weeks of new jobs, triage, rate limits and a markup drift to show.
// Time is the history's own: the site's clock and the runner's move day by day, and the site
// client's pacing and back-off waits pass on that clock instead of the wall clock's, so a
// batch paced as in production (3 s between requests) costs no real time.

export const DEMO_QUERIES = [
  { job_title: 'Financial Analyst', place: 'New York', is_ai: false },
  { job_title: 'Software Engineer', place: 'Berlin', is_ai: false },
  { job_title: 'Data Scientist', place: 'London', is_ai: false },
  { job_title: 'UX Designer', place: 'Berlin', is_ai: false },
  { job_title: 'Data scientist working on climate models', place: 'London', is_ai: true },
] as const;
export const DEMO_SCRIPT_TIME = '09:00';
/** As the demo's server is configured (SCRAPE_MAX_RESULTS_PER_QUERY). */
export const DEMO_MAX_RESULTS = 60;
/** The production default pacing: on the history's clock it costs nothing. */
const HISTORY_INTERVAL_MS = 3_000;
const HOUR_MS = 3_600_000;

/** The rule the operator adds a few weeks in: from then on it hides some of the new jobs. */
export const DEMO_RULE = ruleWriteSchema.parse({
  name: 'No junior roles',
  conditions: [
    { field: 'title', value: 'junior' },
    { field: 'title', value: 'werkstudent' },
  ],
  action: 'hide',
});

/** What the operator does with each run of 20 jobs, in list order: 8 seen, 2 saved, 1 applied, 2 hidden, 7 left new. */
export const TRIAGE_PATTERN: readonly JobState[] = [
  ...Array<JobState>(8).fill('seen'),
  'saved',
  'saved',
  'applied',
  'hidden',
  'hidden',
  ...Array<JobState>(7).fill('new'),
];
/** The jobs a batch found are triaged this many days later. */
export const TRIAGE_LAG_DAYS = 2;

const SEARCH_PATH = '/jobs-guest/jobs/api/seeMoreJobPostings/search';
const DETAILS_PATH = '/jobs-guest/jobs/api/jobPosting/';

export interface RateLimitFault {
  count: number;
  pathPrefix: string;
  retryAfterSeconds?: number;
}

/** One simulated day of the history (1-based), and what happens on it. */
export interface HistoryDay {
  day: number;
  /** When its daily batch starts: the script time of that day in the zone. */
  at: number;
  /** Its date in the zone (the daily batch's claim). */
  date: string;
  /** The site refuses some requests (429) before answering again. */
  rateLimit: RateLimitFault | null;
  /** The site's pages leave the salary out (markup drift), until the day it stops. */
  salaryDropped: boolean;
  /** The operator adds DEMO_RULE before the day's batch. */
  addRule: boolean;
  /** The day whose batch's new jobs the operator triages after this day's batch. */
  triageDay: number | null;
}

/** Which days the site rate-limits, as shares of the history, and how. */
const RATE_LIMITS: ReadonlyArray<{ share: number; fault: RateLimitFault }> = [
  { share: 0.2, fault: { count: 3, pathPrefix: SEARCH_PATH } },
  { share: 0.45, fault: { count: 6, pathPrefix: DETAILS_PATH, retryAfterSeconds: 30 } },
  { share: 0.8, fault: { count: 4, pathPrefix: SEARCH_PATH, retryAfterSeconds: 10 } },
];
const DRIFT_DAYS = 5;
/** Drift is measured against 7 earlier batches (decision 054): a shorter history shows none. */
const DRIFT_MIN_HISTORY = 20;

/**
 * The `days` most recent script times at least an hour before `now` (the last batch has ended
 * before the server starts), each with its day's events: the rule a sixth of the way in, 429s
 * at a fifth, under half and four fifths, salary dropped for five days from two thirds (day 58
 * to 62 of 90), and each day's triage of the jobs found two days earlier.
 */
export function planHistory(input: {
  days: number;
  now: number;
  timeZone: string;
  scriptTime: string;
}): HistoryDay[] {
  const { days, timeZone } = input;
  if (days <= 0) return [];
  const [hours, minutes] = input.scriptTime.split(':').map(Number);
  const cron = new Cron(`${minutes ?? 0} ${hours ?? 9} * * *`, {
    timezone: timeZone,
    paused: true,
  });
  const times = cron
    .previousRuns(days, new Date(input.now - HOUR_MS))
    .map((d) => d.getTime())
    .reverse();
  cron.stop();
  const ruleDay = Math.max(2, Math.round(days / 6));
  const driftFrom = days >= DRIFT_MIN_HISTORY ? Math.round((days * 2) / 3) - 2 : Infinity;
  const limits = new Map<number, RateLimitFault>();
  for (const { share, fault } of RATE_LIMITS) {
    const day = Math.round(days * share);
    if (day >= 2 && !limits.has(day)) limits.set(day, fault);
  }
  return times.map((at, index) => {
    const day = index + 1;
    return {
      day,
      at,
      date: dayInZone(at, timeZone),
      rateLimit: limits.get(day) ?? null,
      salaryDropped: day >= driftFrom && day < driftFrom + DRIFT_DAYS,
      addRule: day === ruleDay,
      triageDay: day > TRIAGE_LAG_DAYS ? day - TRIAGE_LAG_DAYS : null,
    };
  });
}

/**
 * The simulated site for the plan: its clock starts with the first day, so postings are dated on
 * the history's days, and more postings show a salary than by default, so that the salary's fill
 * (some 45 %) stands clear of the 20 % under which decision 054 calls a field one the site does
 * not give, and dropping it reads as drift.
 */
export function demoSimulatorOptions(plan: readonly HistoryDay[]): SimulatorOptions {
  return { salaryShare: 0.6, ...(plan[0] ? { startAt: plan[0].at } : {}) };
}

/** The history's time: set to each batch's start, then running with the wall clock, and moved on by every wait instead of waiting. */
export interface HistoryClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  random(): number;
  /** Moves the clock to `at` (never back). */
  moveTo(at: number): void;
}

export function createHistoryClock(start: number, seed = 1): HistoryClock {
  let base = start;
  let wallAt = performance.now();
  const prng = createPrng(seed);
  const exact = () => base + (performance.now() - wallAt);
  const moveTo = (at: number) => {
    if (at <= exact()) return;
    base = at;
    wallAt = performance.now();
  };
  return {
    now: () => Math.floor(exact()),
    async sleep(ms, signal) {
      signal?.throwIfAborted();
      // Waits that overlap (the typeahead's parallel lookups) end together, not one after another.
      const until = exact() + Math.max(0, ms);
      await nextTurn();
      signal?.throwIfAborted();
      moveTo(until);
    },
    random: () => prng.next(),
    moveTo,
  };
}

/** The site client as the demo's server has it, on the history's clock. */
export function historySiteClient(
  baseUrl: string,
  clock: HistoryClock,
  tally?: SiteTally,
): SiteClient {
  return createSiteClient({
    observer: tally,
    baseUrl,
    siteName: 'LinkedIn',
    minIntervalMs: HISTORY_INTERVAL_MS,
    maxResultsPerQuery: DEMO_MAX_RESULTS,
    now: clock.now,
    sleep: clock.sleep,
    random: clock.random,
  });
}

/**
 * The settings and example queries, as the API would save them: the session cookies, the
 * script time, and each query's place as the typeahead gives it.
 */
export async function seedDemo(database: OpenedDatabase, site: SiteClient, at: number) {
  await writeSetting(database.db, SETTING_KEYS.cookies, VALID_COOKIES);
  await writeSetting(database.db, SETTING_KEYS.scriptTime, DEMO_SCRIPT_TIME);
  const queries = [];
  for (const example of DEMO_QUERIES) {
    const hits = await site.searchPlaces(example.place);
    const place = hits[0];
    if (!place) throw new Error(`the simulated typeahead knows no place "${example.place}"`);
    await saveLocations(database.db, hits, at);
    const write = queryWriteSchema.parse({
      job_title: example.job_title,
      location_id: Number(place.id),
      status: 'active',
      is_ai: example.is_ai,
    });
    queries.push(await insertQuery(database.db, write, place.displayName, at));
  }
  return queries;
}

/** The operator's triage of the jobs a batch found that are still new: TRIAGE_PATTERN in list order. */
export function triageBatch(sqlite: OpenedDatabase['sqlite'], batchId: number, now: number) {
  const reader = new JobListReader(sqlite);
  const ids: number[] = [];
  try {
    let cursor: string | null = null;
    do {
      const page = reader.list(
        jobListQuerySchema.parse({
          new_in_batch: String(batchId),
          state: 'new',
          limit: String(JOBS_PAGE_MAX),
          ...(cursor === null ? {} : { cursor }),
        }),
        now,
      );
      ids.push(...page.items.map((item) => item.id));
      cursor = page.next_cursor;
    } while (cursor !== null);
  } finally {
    reader.close();
  }
  // As the Jobs screen triages: saved and applied jobs enter the pipeline then (decision 056).
  const states = new PipelineTriage(sqlite);
  const counts: Partial<Record<JobState, number>> = {};
  for (const state of new Set(TRIAGE_PATTERN)) {
    if (state === 'new') continue;
    const picked = ids.filter((_, i) => TRIAGE_PATTERN[i % TRIAGE_PATTERN.length] === state);
    counts[state] = states.setStates(picked, state, now);
  }
  return counts;
}

export interface HistoryResult {
  batches: number;
  completed: number;
  newJobs: number;
  /** Jobs the operator triaged (left new not counted). */
  triaged: number;
  /** "day 58: salary drift started", and the like. */
  events: string[];
  /** Jobs of the board taken further afterwards, with their histories (scripts/demo-pipeline.ts). */
  applications: number;
  /** The board at the end, as the database holds it: its applications per stage. */
  board: BoardCounts;
  ms: number;
}

export interface FillHistoryOptions {
  database: OpenedDatabase;
  simulator: Simulator;
  plan: readonly HistoryDay[];
  clock: HistoryClock;
  site: SiteClient;
  /** What `site` reports to, read by the runner: each batch's requests, 429s and pauses. */
  siteTally?: SiteTally;
  timeZone: string;
  /** One line per ten days and at the end. */
  onProgress?: (line: string) => void;
}

const quietLog = (errors: string[]): RunnerLog => ({
  info: () => undefined,
  warn: () => undefined,
  error: (obj, msg) => errors.push(msg ?? JSON.stringify(obj)),
});

/** Runs the plan's days, each day's daily batch through the real runner, and what the operator does. */
export async function fillHistory(options: FillHistoryOptions): Promise<HistoryResult> {
  const { database, simulator, clock, plan } = options;
  const started = performance.now();
  const result: HistoryResult = {
    batches: 0,
    completed: 0,
    newJobs: 0,
    triaged: 0,
    events: [],
    applications: 0,
    board: {},
    ms: 0,
  };
  const errors: string[] = [];
  const finished: BatchFinished[] = [];
  const service = createRunnerService({
    connection: database.connection,
    site: options.site,
    siteTally: options.siteTally,
    timeZone: options.timeZone,
    now: clock.now,
    log: quietLog(errors),
    timers: false,
    onBatchFinished: (batch) => finished.push(batch),
    observer: {
      jobsStored: (_stored, fresh) => (result.newJobs += fresh),
      batchEnded: (outcome) => {
        if (outcome === 'completed') result.completed += 1;
      },
    },
  });
  const rules = new RuleRepository(database.sqlite);
  const batchOfDay = new Map<number, number>();
  try {
    for (const day of plan) {
      clock.moveTo(day.at);
      simulator.clock.advance(Math.max(0, day.at - simulator.clock.now()));
      if (day.addRule) {
        rules.create(DEMO_RULE, clock.now());
        result.events.push(`day ${day.day}: rule "${DEMO_RULE.name}" added`);
      }
      if (day.salaryDropped) simulator.faults.dropField('salary');
      if (day.rateLimit) {
        const { count, ...rest } = day.rateLimit;
        simulator.faults.rateLimit(count, { status: 429, ...rest });
        result.events.push(`day ${day.day}: ${count} requests refused (429)`);
      }
      const claim = await service.runner.start('daily', day.date);
      if (claim.claimed) {
        result.batches += 1;
        batchOfDay.set(day.day, claim.batch.id);
        await service.runner.idle();
      } else {
        errors.push(`day ${day.day} (${day.date}): no batch (${claim.reason})`);
      }
      simulator.faults.clear();
      for (const change of finished.splice(0).flatMap((f) => f.drift ?? [])) {
        result.events.push(`day ${day.day}: ${change.field} drift ${change.change}`);
      }
      const triaged = day.triageDay === null ? undefined : batchOfDay.get(day.triageDay);
      if (triaged !== undefined) {
        const counts = triageBatch(database.sqlite, triaged, clock.now());
        result.triaged += Object.values(counts).reduce((a, b) => a + b, 0);
      }
      if (day.day % 10 === 0 || day.day === plan.length) {
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        options.onProgress?.(
          `  day ${day.day}/${plan.length} (${day.date}): ${result.completed} batches completed, ${result.newJobs} new jobs, ${seconds} s`,
        );
      }
    }
  } finally {
    await service.close();
  }
  for (const error of errors) options.onProgress?.(`  ! ${error}`);
  result.ms = Math.round(performance.now() - started);
  return result;
}

export interface DemoDataOptions {
  dataDir: string;
  simulator: Simulator;
  plan: readonly HistoryDay[];
  timeZone: string;
  onProgress?: (line: string) => void;
  /** When the pipeline's histories end and its next steps start (the wall clock by default). */
  now?: number;
}

/**
 * The demo's database before its server starts: opened (and migrated) as the server opens it,
 * seeded with the settings and example queries, then filled with the plan's history, and some of
 * the jobs it found put into the pipeline with weeks of their own history.
 */
export async function buildDemoData(options: DemoDataOptions): Promise<HistoryResult | null> {
  const start = options.plan[0]?.at ?? Date.now();
  const clock = createHistoryClock(start - HOUR_MS);
  const siteTally = new SiteTally();
  const site = historySiteClient(options.simulator.url, clock, siteTally);
  const database = await openDatabase(options.dataDir, undefined, {
    backgroundCheckpoints: false,
  });
  try {
    await seedDemo(database, site, clock.now());
    if (options.plan.length === 0) return null;
    const result = await fillHistory({ ...options, database, clock, site, siteTally });
    result.applications = fillPipeline(database.sqlite, options.now ?? Date.now());
    result.board = readBoard(database.sqlite);
    return result;
  } finally {
    await site.close();
    await database.close();
  }
}
