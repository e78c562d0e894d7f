import { expect } from 'vitest';
import {
  applicationDetailSchema,
  applicationListSchema,
  apiTokenCreatedSchema,
  type ApplicationDetail,
} from '../../contract';
import type { TestServer } from '../test-harness';

// What the pipeline's API tests share: jobs stored with the runner's columns straight into the
// database, and the calls as the dashboard makes them.

export const DAY = 86_400_000;

export interface SeedJob {
  id: number;
  title?: string;
  company?: string;
  state?: string;
  /** The saved query that found it first (1 or 2 exist). */
  query?: number | null;
  /** An earlier job of the same chain: this one reposts it (repost_of and repost_root). */
  repostOf?: { of: number; root: number };
  description?: string;
}

export function seedJobs(server: TestServer, jobs: readonly SeedJob[]): void {
  const db = server.database.sqlite;
  db.exec(`INSERT OR IGNORE INTO queries (id, job_title, location_id, display_name, status, created_at, updated_at)
           VALUES (1, 'Data Engineer', 1, 'Berlin, Germany', 'active', 0, 0),
                  (2, 'Data Analyst', 2, 'Paris, France', 'active', 0, 0)`);
  db.exec(
    `INSERT OR IGNORE INTO batches (id, kind, status, started_at) VALUES (1, 'manual', 'completed', 0)`,
  );
  const insert = db.prepare(`INSERT INTO jobs (id, title, company_name, company_normalized,
      location, url, first_seen_batch_id, first_seen_at, last_seen_at, state, first_query_id,
      repost_of, repost_root, repost_confirmed, details_fetched_at)
    VALUES (@id, @title, @company, lower(@company), 'Berlin, Germany', @url, 1, @seen, @seen,
      @state, @query, @of, @root, @confirmed, @fetched)`);
  const describe = db.prepare('INSERT INTO job_descriptions (job_id, description) VALUES (?, ?)');
  for (const job of jobs) {
    insert.run({
      id: String(job.id),
      title: job.title ?? `Job ${job.id}`,
      company: job.company ?? `Company ${job.id}`,
      url: `https://www.linkedin.com/jobs/view/${job.id}`,
      seen: server.ctx.now() - 30 * DAY + job.id,
      state: job.state ?? 'new',
      query: job.query === undefined ? 1 : job.query,
      of: job.repostOf ? String(job.repostOf.of) : null,
      root: job.repostOf ? String(job.repostOf.root) : null,
      confirmed: job.repostOf ? 1 : null,
      fetched: job.description === undefined ? null : 1,
    });
    if (job.description !== undefined) describe.run(String(job.id), job.description);
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export function pipelineApi(server: TestServer) {
  const call = (method: Method, url: string, payload?: object) =>
    server.authed({ method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload }) });
  const ok = async (method: Method, url: string, payload?: object, status = 200) => {
    const res = await call(method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res;
  };
  return {
    call,
    ok,
    async create(body: object): Promise<ApplicationDetail> {
      return applicationDetailSchema.parse((await ok('POST', '/applications', body, 201)).json());
    },
    async detail(jobId: number): Promise<ApplicationDetail> {
      return applicationDetailSchema.parse((await ok('GET', `/applications/${jobId}`)).json());
    },
    async patch(jobId: number, body: object): Promise<ApplicationDetail> {
      return applicationDetailSchema.parse(
        (await ok('PATCH', `/applications/${jobId}`, body)).json(),
      );
    },
    async list(query = '') {
      return applicationListSchema.parse((await ok('GET', `/applications${query}`)).json()).items;
    },
    /** An API token of this scope, made with the session. */
    async token(scope: 'read-only' | 'read-write'): Promise<string> {
      const res = await ok('POST', '/api-tokens', { name: `script ${scope}`, scope }, 201);
      return apiTokenCreatedSchema.parse(res.json()).token;
    },
  };
}

/** The job's triage state as stored. */
export function jobState(server: TestServer, id: number): unknown {
  return server.database.sqlite
    .prepare('SELECT state FROM jobs WHERE id = ?')
    .pluck()
    .get(String(id));
}

/** ISO text of the server's clock moved by `ms`. */
export const isoAt = (server: TestServer, ms = 0) => new Date(server.ctx.now() + ms).toISOString();
