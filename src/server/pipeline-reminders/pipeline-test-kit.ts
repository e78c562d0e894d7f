import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ApplicationStage } from '../../contract';
import { openDatabase, type OpenedDatabase } from '../../db/database';
import { buildApp } from '../app';
import { ensurePassword } from '../auth/password';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { TEST_PASSWORD } from '../test-harness';

// Issue 33's reminder and calendar tests: a server that can be closed and built again on the
// same data folder (a restart), with a clock of the test's own, and applications written as
// rows (the applications routes are another module's).

export interface PipelineServer {
  app: FastifyInstance;
  ctx: AppContext;
  database: OpenedDatabase;
  /** A bearer token of a fresh session. */
  token: string;
  /** Closes the app and the database, leaving the data folder for the next one. */
  close: () => Promise<void>;
}

export interface PipelineServerSet {
  dataDir: string;
  clock: { now: number };
  start: () => Promise<PipelineServer>;
  /** Removes the data folder (after every server on it closed). */
  remove: () => void;
}

export function pipelineServers(env: Record<string, string> = {}): PipelineServerSet {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-pipeline-'));
  const clock = { now: Date.parse('2026-11-02T08:00:00Z') };
  return {
    dataDir,
    clock,
    async start() {
      const config = loadConfig({
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: TEST_PASSWORD,
        SCRAPE_MIN_INTERVAL_MS: '0',
        LOG_LEVEL: 'silent',
        TZ: 'Europe/Berlin',
        LINKEDIN_BASE_URL: 'http://127.0.0.1:9',
        PUBLIC_URL: 'https://scout.example.com',
        ...env,
      });
      const now = () => clock.now;
      const database = await openDatabase(config.dataDir);
      await ensurePassword(database.db, config.adminPassword, now());
      const { app, ctx } = await buildApp({ config, database, now });
      await app.ready();
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { password: TEST_PASSWORD },
      });
      const token = login.json<{ token: string }>().token;
      return {
        app,
        ctx,
        database,
        token,
        close: async () => {
          await app.close();
          await database.close();
        },
      };
    },
    remove: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

export interface SeedApplication {
  jobId: number;
  title: string;
  company: string;
  stage?: ApplicationStage;
  next?: { at: number; what: string } | null;
  leftAt?: number | null;
}

/** A job (first seen in batch 1, made if absent) and its application, as rows. */
export function seedApplication(database: OpenedDatabase, a: SeedApplication): void {
  const s = database.sqlite;
  s.prepare(
    `INSERT OR IGNORE INTO batches (id, kind, status, started_at) VALUES (1, 'manual', 'completed', 0)`,
  ).run();
  s.prepare(
    `INSERT INTO jobs (id, title, company_name, company_normalized, location, url, first_seen_batch_id, first_seen_at)
     VALUES (?, ?, ?, ?, 'Berlin, Germany', ?, 1, 0)`,
  ).run(
    String(a.jobId),
    a.title,
    a.company,
    a.company.toLowerCase(),
    `https://www.linkedin.com/jobs/view/${a.jobId}`,
  );
  s.prepare(
    `INSERT INTO applications (job_id, stage, stage_since, created_at, updated_at, next_step_at, next_step_what, left_at)
     VALUES (?, ?, 0, 0, 0, ?, ?, ?)`,
  ).run(
    String(a.jobId),
    a.stage ?? 'applied',
    a.next?.at ?? null,
    a.next?.what ?? null,
    a.leftAt ?? null,
  );
}

/** Moves an application's next step (null clears it), as the applications route would. */
export function setNextStep(
  database: OpenedDatabase,
  jobId: number,
  next: { at: number; what: string } | null,
): void {
  database.sqlite
    .prepare('UPDATE applications SET next_step_at = ?, next_step_what = ? WHERE job_id = ?')
    .run(next?.at ?? null, next?.what ?? null, String(jobId));
}
