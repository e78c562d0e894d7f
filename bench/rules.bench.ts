import fs from 'node:fs';
import type { SqliteFile } from '../src/db/sqlite-file';
import { z } from 'zod';
import { ruleWriteSchema, type RuleCondition, type RuleWriteInput } from '../src/contract';
import { RuleRepository } from '../src/db/rules/rule-repository';
import { openDatabase } from '../src/db/database';
import { BatchStore } from '../src/runner/batch-store';
import type { JobCard } from '../src/scraper';
import { startServerProcess } from '../test/server-process';
import { week } from './incremental.bench';
import { card, details, seed, storeCards, storeDetails } from './jobs.bench';
import { atLeast, atMost, context, type BenchFigure, type BenchSuite, p95, round } from './report';

// Issue 17: rules over 200,000 stored jobs (stored as the Jobs bench stores them, 2.5 kB
// descriptions), with 50 enabled rules. Through the built server over HTTP: the preview's p95
// over rules of every shape (a common word, a rare one, phrases, a word's start, a `*` inside a
// word, exceptions, the description), and "Apply to stored jobs" for rules matching a few, a
// fifth and nearly all of the jobs. Then a 25,000-job batch stored through the runner's store
// with the 50 rules acting. And the site requests a week of daily batches costs per new job the
// operator keeps, with a rule set hiding about a quarter of the new jobs by title.

const PREVIEW_P95_MS = 300;
const APPLY_MAX_S = 5;
const STORE_FLOOR_PER_S = 1_000;
const SAMPLES = 60;
const WARM_UP = 10;
const BATCH = 25_000;

const t = (value: string): RuleCondition => ({ field: 'title', value });
const co = (value: string): RuleCondition => ({ field: 'company', value });
const loc = (value: string): RuleCondition => ({ field: 'location', value });
const d = (value: string): RuleCondition => ({ field: 'description', value });

/** 50 rules as an operator with many would have them: mostly titles, some descriptions. */
export const RULES: RuleWriteInput[] = [
  ...[
    'senior',
    'junior',
    'intern',
    'principal',
    'sales',
    'accountant',
    'controller',
    '"account executive"',
    '"business development"',
    'marketer',
    'designer',
    'support',
    'specialist',
    'owner',
    'mana*',
    'dev*er',
    'analy*',
    'representative',
    '"data scientist"',
    'reporting',
  ].map((value, i): RuleWriteInput => ({
    name: `Title ${i}`,
    conditions: [t(value)],
    action: i % 4 === 0 ? 'hide' : i % 4 === 1 ? 'mute' : 'flag',
  })),
  ...['gmbh', 'labs', 'recruit*', 'agency', 'staffing', 'kalox', 'vodel', 'systems'].map(
    (value, i): RuleWriteInput => ({
      name: `Company ${i}`,
      conditions: [co(value)],
      action: 'flag',
    }),
  ),
  ...['remote', 'munich', '"united kingdom"', 'hybrid', 'paris'].map(
    (value, i): RuleWriteInput => ({
      name: `Place ${i}`,
      conditions: [loc(value)],
      action: 'flag',
    }),
  ),
  ...[
    '"fluent german"',
    '"security clearance"',
    'kubernetes',
    'sap',
    'salesforce',
    'ifrs',
    'oncall',
    'quota',
    'pytorch',
    '"cross functional"',
    'figma',
    'budg*',
    'pen*on',
  ].map((value, i): RuleWriteInput => ({
    name: `Description ${i}`,
    conditions: [d(value)],
    action: i % 3 === 0 ? 'hide' : i % 3 === 1 ? 'mute' : 'flag',
  })),
  {
    name: 'Senior data, not remote',
    conditions: [t('senior'), t('data')],
    match: 'all',
    exceptions: [loc('remote')],
    action: 'hide',
  },
  {
    name: 'German unless English',
    conditions: [d('german')],
    exceptions: [d('english')],
    action: 'flag',
  },
  {
    name: 'Finance tools',
    conditions: [d('sap'), d('ifrs'), d('ledger')],
    match: 'any',
    action: 'mute',
  },
  { name: 'Leads', conditions: [t('lead')], exceptions: [t('engineer')], action: 'mute' },
];

/** Rules of every shape for the preview: each asked in turn. */
const PREVIEWS: Array<Pick<RuleWriteInput, 'conditions' | 'match' | 'exceptions'>> = [
  { conditions: [t('senior')] },
  { conditions: [t('"data engineer"')] },
  { conditions: [t('mana*')] },
  { conditions: [t('dev*er')] },
  { conditions: [d('python')] },
  { conditions: [d('"fluent german"')] },
  { conditions: [d('experience')] },
  { conditions: [d('ku*tes')] },
  { conditions: [t('senior'), d('kubernetes')], match: 'all', exceptions: [loc('remote')] },
  { conditions: [co('gmbh'), co('labs'), co('systems')] },
];

/** The rules stored as `POST /rules` stores them. */
export function insertRules(sqlite: SqliteFile, rules: readonly RuleWriteInput[]): void {
  const repository = new RuleRepository(sqlite);
  for (const rule of rules) repository.create(ruleWriteSchema.parse(rule), 0);
}

const previewSchema = z.object({ matches: z.number() });
const ruleSchema = z.object({ id: z.number() });
const applySchema = z.object({ matches: z.number(), changed: z.number() });

async function overHttp(dataDir: string): Promise<BenchFigure[]> {
  const server = await startServerProcess({ dataDir, env: { LOG_LEVEL: 'warn' } });
  try {
    const authorization = `Bearer ${await server.apiToken()}`;
    const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
      const res = await fetch(`${server.url}/api/v1${path}`, {
        method,
        // A JSON content type only with a body: the server refuses an empty one that claims JSON.
        headers:
          body === undefined
            ? { authorization }
            : { authorization, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status >= 300)
        throw new Error(`rules bench: ${path} answered ${res.status}: ${await res.text()}`);
      return res.json();
    };

    const matches = new Map<number, number>();
    for (let i = 0; i < WARM_UP; i += 1)
      await call('POST', '/rules/preview', PREVIEWS[i % PREVIEWS.length]);
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const which = i % PREVIEWS.length;
      const started = performance.now();
      const answer = previewSchema.parse(await call('POST', '/rules/preview', PREVIEWS[which]));
      times.push(performance.now() - started);
      matches.set(which, answer.matches);
    }
    const worstPreview = Math.max(...times);

    // Apply: a rule matching a few jobs, one matching about a fifth, one matching nearly all.
    const apply = async (rule: RuleWriteInput) => {
      const created = ruleSchema.parse(await call('POST', '/rules', rule));
      const dry = applySchema.parse(await call('POST', `/rules/${created.id}/apply?dry_run=true`));
      const started = performance.now();
      const done = applySchema.parse(await call('POST', `/rules/${created.id}/apply`));
      const seconds = (performance.now() - started) / 1000;
      if (done.changed !== dry.changed)
        throw new Error(
          `rules bench: the count said ${dry.changed}, applying changed ${done.changed}`,
        );
      return { id: created.id, seconds, matches: done.matches, changed: done.changed };
    };
    const few = await apply({ name: 'Bench few', conditions: [d('pytorch')], action: 'flag' });
    const fifth = await apply({ name: 'Bench senior', conditions: [t('senior')], action: 'hide' });
    const all = await apply({ name: 'Bench all', conditions: [d('experience')], action: 'flag' });
    const inner = await apply({ name: 'Bench inner', conditions: [t('dev*er')], action: 'mute' });
    const restoreStarted = performance.now();
    await call('POST', `/rules/${fifth.id}/restore`);
    const restoreSeconds = (performance.now() - restoreStarted) / 1000;
    const worstApply = Math.max(few.seconds, fifth.seconds, all.seconds, inner.seconds);
    const share = (n: number) => `${n.toLocaleString('en')} jobs`;
    return [
      atMost(
        `POST /rules/preview, 200,000 jobs, ${PREVIEWS.length} rule shapes: p95`,
        round(p95(times)),
        'ms',
        PREVIEW_P95_MS,
      ),
      context('  slowest preview', round(worstPreview), 'ms'),
      context(
        `  "experience" in descriptions (the worst) matches ${share(matches.get(6) ?? 0)}`,
        matches.get(6) ?? 0,
        'jobs',
      ),
      atMost(
        'apply one rule to every stored job: slowest of 4',
        round(worstApply),
        's',
        APPLY_MAX_S,
      ),
      context(`  hide "senior" titles: ${share(fifth.changed)} hidden`, round(fifth.seconds), 's'),
      context(
        `  flag "experience" (description): ${share(all.changed)} labelled`,
        round(all.seconds),
        's',
      ),
      context(`  flag "pytorch" (description): ${share(few.changed)}`, round(few.seconds), 's'),
      context(
        `  mute "dev*er" titles (a * inside a word): ${share(inner.matches)}`,
        round(inner.seconds),
        's',
      ),
      context('  bring back what "senior" hid', round(restoreSeconds), 's'),
    ];
  } finally {
    await server.stop();
  }
}

async function storeWithRules(dataDir: string): Promise<{ perSecond: number; hidden: number }> {
  const database = await openDatabase(dataDir);
  try {
    const store = new BatchStore(database.sqlite);
    const claim = store.claimBatch('manual', Date.UTC(2026, 10, 1));
    if (!claim.claimed) throw new Error('rules bench: could not claim a batch');
    const batchId = claim.batch.id;
    const cards: JobCard[] = Array.from({ length: BATCH }, () => card(70));
    const pages = cards.map(details);
    let clock = Date.UTC(2026, 10, 1);
    const started = performance.now();
    clock = storeCards(store, batchId, cards, clock).clock;
    store.setEnriching(batchId);
    // As the runner does: details only for the jobs no rule hid on their card.
    const pending = new Set(store.pendingDetailIds(batchId, BATCH));
    clock = await storeDetails(
      store,
      batchId,
      pages.filter((page) => pending.has(page.jobId)),
      clock,
    );
    store.finishBatch(batchId, 'completed', null, clock);
    const seconds = (performance.now() - started) / 1000;
    const hidden = Number(
      database.sqlite
        .prepare(`SELECT COUNT(*) FROM jobs WHERE first_seen_batch_id = ? AND state = 'hidden'`)
        .pluck()
        .get(batchId),
    );
    return { perSecond: BATCH / seconds, hidden };
  } finally {
    await database.close();
  }
}

/** Titles the simulated site's searches return about a quarter of (measured: printed below). */
const QUARTER_BY_TITLE: RuleWriteInput[] = [
  { name: 'No senior roles', conditions: [t('senior')], action: 'hide' },
  { name: 'No juniors', conditions: [t('junior')], action: 'hide' },
];
/** The same hides, acting only once the details are fetched (what filtering stored jobs costs). */
const AFTER_DETAILS: RuleWriteInput[] = QUARTER_BY_TITLE.map((rule) => ({
  ...rule,
  exceptions: [d('zzqjxnotaword')],
}));

async function requestsPerKeptJob(): Promise<BenchFigure[]> {
  const today = await week(true);
  const card = await week(true, (sqlite) => insertRules(sqlite, QUARTER_BY_TITLE));
  const after = await week(true, (sqlite) => insertRules(sqlite, AFTER_DETAILS));
  const perKept = (w: typeof today) => round(w.laterRequests / Math.max(1, w.laterKeptJobs));
  const hiddenPct = round(
    ((card.laterNewJobs - card.laterKeptJobs) / Math.max(1, card.laterNewJobs)) * 100,
  );
  return [
    atMost(
      `week, rules hiding ${hiddenPct}% of new jobs by title: requests per kept job`,
      perKept(card),
      'req/job',
      perKept(after),
    ),
    context(
      '  the same rules acting after the details (every new job fetched)',
      perKept(after),
      'req/job',
    ),
    context(
      '  today, no rules: requests per new job',
      round(today.laterRequests / Math.max(1, today.laterNewJobs)),
      'req/job',
    ),
    context(
      '  site requests, days 2–7: with card rules / after details / no rules',
      card.laterRequests,
      'req',
    ),
    context('    after details', after.laterRequests, 'req'),
    context('    no rules', today.laterRequests, 'req'),
  ];
}

async function measure(): Promise<BenchFigure[]> {
  const seeded = await seed();
  try {
    const raw = await openDatabase(seeded.dataDir);
    insertRules(raw.sqlite, RULES);
    raw.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    await raw.close();
    const http = await overHttp(seeded.dataDir);
    const stored = await storeWithRules(seeded.dataDir);
    return [
      ...http,
      atLeast(
        `storing a ${BATCH.toLocaleString('en')}-job batch on 200,000 with ${RULES.length} rules`,
        Math.round(stored.perSecond),
        'jobs/s',
        STORE_FLOOR_PER_S,
      ),
      context(
        '  the same without rules (the jobs bench seed, last batch)',
        Math.round(seeded.storePerSecond),
        'jobs/s',
      ),
      context(
        '  jobs of the batch the rules hid (no details stored for them)',
        stored.hidden,
        'jobs',
      ),
    ];
  } finally {
    fs.rmSync(seeded.dataDir, { recursive: true, force: true });
  }
}

/** 200,000 stored jobs: preview, apply, and storing a batch with 50 rules. */
export const rulesSuite: BenchSuite = { name: 'rules', run: measure };
/** A simulated week's site requests per kept job (`tsx bench/run.ts rules-requests`). */
export const rulesRequestsSuite: BenchSuite = { name: 'rules-requests', run: requestsPerKeptJob };
