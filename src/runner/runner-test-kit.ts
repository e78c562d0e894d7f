import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type OpenedDatabase } from '../db/database';
import {
  createSiteClient,
  type JobCard,
  type JobDetails,
  type SiteClient,
  type SiteObserver,
} from '../scraper';
import {
  createBatchRunner,
  type BatchFinished,
  type BatchRunner,
  type RunnerLog,
} from './batch-runner';
import { SiteTally } from './site-tally';

// Shared set-up of the runner's tests and its child-process script: a fresh SQLite file,
// the real site client pointed at a simulator, and rows seeded the way the API stores them.

export interface RunnerFixture {
  database: OpenedDatabase;
  dataDir: string;
  site: SiteClient;
  /** What `site` reports to: a second runner on the same client counts with it too. */
  siteTally: SiteTally;
  runner: BatchRunner;
  log: RecordingLog;
  /** What the runner told onBatchFinished, in order. */
  finished: BatchFinished[];
  close(): Promise<void>;
}

export interface RecordingLog extends RunnerLog {
  entries: Array<{ level: 'info' | 'warn' | 'error'; obj: object; msg: string | undefined }>;
}

export function recordingLog(): RecordingLog {
  const entries: RecordingLog['entries'] = [];
  return {
    entries,
    info: (obj, msg) => entries.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => entries.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => entries.push({ level: 'error', obj, msg }),
  };
}

/** The client as tests need it: no pacing, no jitter, quick retries, a fast typeahead. */
export function testSiteClient(baseUrl: string, observer?: SiteObserver): SiteClient {
  return createSiteClient({
    observer,
    baseUrl,
    siteName: 'LinkedIn',
    minIntervalMs: 0,
    jitterRatio: 0,
    retryDelayMs: 1,
    maxAttempts: 2,
    stallMs: 1_000,
    typeahead: { minIntervalMs: 0, maxConcurrent: 5 },
  });
}

export async function openTempDatabase(
  dataDir?: string,
): Promise<{ database: OpenedDatabase; dataDir: string }> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-runner-'));
  return { database: await openDatabase(dir), dataDir: dir };
}

export async function startRunnerFixture(
  simulatorUrl: string,
  options: {
    now?: () => number;
    stopGraceMs?: number;
    /** The client the runner uses, made from the simulator's (to watch or alter its requests). */
    wrapSite?: (site: SiteClient, database: OpenedDatabase) => SiteClient;
  } = {},
): Promise<RunnerFixture> {
  const { database, dataDir } = await openTempDatabase();
  // The client reports to the runner's tally, as the server wires them (issue 32's site counts).
  const siteTally = new SiteTally();
  const site = testSiteClient(simulatorUrl, siteTally);
  const log = recordingLog();
  const finished: BatchFinished[] = [];
  const runner = createBatchRunner({
    connection: database.connection,
    site: options.wrapSite?.(site, database) ?? site,
    now: options.now ?? Date.now,
    log,
    stopGraceMs: options.stopGraceMs,
    siteTally,
    onBatchFinished: (batch) => finished.push(batch),
  });
  return {
    database,
    dataDir,
    site,
    siteTally,
    runner,
    log,
    finished,
    async close() {
      await runner.close();
      await site.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SeedQuery {
  jobTitle: string;
  locationId: number;
  displayName: string;
  isAi?: boolean;
  status?: 'active' | 'inactive' | 'archived';
}

export function seedQueries(
  database: Pick<OpenedDatabase, 'sqlite'>,
  queries: SeedQuery[],
): number[] {
  const insert = database.sqlite.prepare(
    `INSERT INTO queries (job_title, location_id, display_name, status, is_ai, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 0, 0)`,
  );
  return queries.map((q) =>
    Number(
      insert.run(q.jobTitle, q.locationId, q.displayName, q.status ?? 'active', q.isAi ? 1 : 0)
        .lastInsertRowid,
    ),
  );
}

export function saveSetting(
  database: Pick<OpenedDatabase, 'sqlite'>,
  key: string,
  value: string,
): void {
  database.sqlite
    .prepare(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    )
    .run(key, value);
}

export function blockCompany(
  database: Pick<OpenedDatabase, 'sqlite'>,
  id: number,
  normalizedName: string,
): void {
  database.sqlite
    .prepare(
      'INSERT OR REPLACE INTO banned_companies (id, normalized_name, created_at) VALUES (?, ?, 0)',
    )
    .run(id, normalizedName);
}

/** Resolves once the runner is idle and the batch has reached a final status. */
export async function waitForBatch(runner: BatchRunner): Promise<void> {
  await runner.idle();
}

export const BERLIN = { locationId: 103035651, displayName: 'Berlin, Germany' };
export const LONDON = { locationId: 102257491, displayName: 'London, England, United Kingdom' };
export const PARIS = { locationId: 106383538, displayName: 'Paris, Île-de-France, France' };

/** A card's details page as the scraper reads one: the card's fields and a plain description. */
export function detailsOf(card: JobCard, description: string): JobDetails {
  return {
    jobId: card.jobId,
    title: card.title,
    companyName: card.companyName,
    companySlug: card.companySlug,
    location: card.location,
    postedText: null,
    description,
    descriptionHtml: `<p>${description}</p>`,
    seniority: null,
    employmentType: null,
    jobFunction: null,
    industries: null,
    applicantsText: null,
    applicantsCount: null,
    salary: null,
    easyApply: false,
    url: card.url,
    closed: false,
    applyUrl: null,
    companyId: null,
  };
}
