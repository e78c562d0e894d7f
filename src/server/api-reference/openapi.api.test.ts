import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSimulator, VALID_COOKIES, type Simulator } from '../../../simulator';
import { seedApplications } from '../../db/pipeline/demo-seed';
import { BatchStore } from '../../runner/batch-store';
import { BERLIN, seedQueries } from '../../runner/runner-test-kit';
import type { JobCard } from '../../scraper';
import { EXPORT_CONTENT_TYPES, EXPORT_FORMATS, MAX_QUERIES } from '../../contract';
import { PUBLIC_API_ROUTES, READING_METHODS, SESSION_ONLY_API_ROUTES } from '../auth/guard';
import { WEB_ROOT } from '../plugins/web-app';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../test-harness';

// The OpenAPI document against the server it describes: every route Fastify registered is in it
// (a) and every documented call, made for real on seeded data and a batch run against the
// simulated site, answers what the document says for that status (b).

const mediaSchema = z.looseObject({ schema: z.unknown() });
const responseSchema = z.looseObject({
  description: z.string().min(1),
  content: z.record(z.string(), mediaSchema).optional(),
});
const operationSchema = z.looseObject({
  summary: z.string().optional(),
  tags: z.array(z.string()).optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  parameters: z.array(z.looseObject({ in: z.string(), name: z.string() })).optional(),
  requestBody: z.unknown().optional(),
  responses: z.record(z.string(), responseSchema),
});
type Operation = z.infer<typeof operationSchema>;
const documentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  components: z.looseObject({ securitySchemes: z.record(z.string(), z.unknown()) }),
  paths: z.record(z.string(), z.record(z.string(), operationSchema)),
});

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
const isMethod = (m: string): m is Method => METHODS.some((known) => known === m);

/** Fastify's `/jobs/:id` as OpenAPI writes it: `/jobs/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const baseType = (type: string) => (type.split(';')[0] ?? '').trim().toLowerCase();
/** An /api/v1 operation as the guard's lists name it (`GET /jobs/:id`); undefined outside it. */
const guardKey = (method: Method, route: string) =>
  route.startsWith('/api/v1/')
    ? `${method} ${route.slice('/api/v1'.length).replace(/\{(\w+)\}/g, ':$1')}`
    : undefined;
const isGuarded = (method: Method, route: string) => {
  const key = guardKey(method, route);
  return key !== undefined && !PUBLIC_API_ROUTES.has(key);
};

// GET /metrics answers only when the server has a METRICS_TOKEN: this one has.
const METRICS_TOKEN = 'openapi-test-metrics-token-0123456789';

let simulator: Simulator;
let server: TestServer;
let document: z.infer<typeof documentSchema>;
let session: string;

const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats(ajv);
const validators = new WeakMap<object, ValidateFunction>();
function validatorFor(schema: unknown): ValidateFunction {
  if (typeof schema !== 'object' || schema === null) throw new Error('a schema must be an object');
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  return validate;
}

function operation(method: Method, route: string): Operation {
  const found = document.paths[route]?.[method.toLowerCase()];
  if (!found) throw new Error(`${method} ${route} is not in the document`);
  return found;
}

/** Every answer seen, by operation: the statuses each one was seen to answer. */
const seen = new Map<string, Set<number>>();

/** Checks a real answer against the document: its status, its media type, and its body. */
function expectDocumented(method: Method, route: string, res: LightMyRequestResponse): void {
  const key = `${method} ${route}`;
  const answer = operation(method, route).responses[String(res.statusCode)];
  const type = baseType(String(res.headers['content-type'] ?? ''));
  const shown = type === 'application/json' ? res.body.slice(0, 200) : type;
  expect(
    answer,
    `${key} answered ${res.statusCode} (${shown}), a status its document does not list`,
  ).toBeDefined();
  const media = Object.entries(answer?.content ?? {}).find(([t]) => baseType(t) === type);
  expect(
    media,
    `${key} ${res.statusCode} answered ${type}, not a documented media type`,
  ).toBeDefined();
  if (type === 'application/json') {
    const validate = validatorFor(media?.[1].schema);
    const valid = validate(res.json());
    expect(valid, `${key} ${res.statusCode}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  } else {
    // Files and streams: their bytes are the file (read back by the export and backup tests).
    expect(res.rawPayload.length, `${key} ${res.statusCode}: an empty ${type}`).toBeGreaterThan(0);
  }
  const statuses = seen.get(key) ?? new Set<number>();
  statuses.add(res.statusCode);
  seen.set(key, statuses);
}

interface Call {
  params?: Record<string, string | number>;
  query?: string;
  payload?: string | object;
  /** The bearer token; the operator's session unless given, none when null. */
  token?: string | null;
  headers?: Record<string, string>;
}

/** Makes a documented call on the real app and checks its answer against the document. */
async function call(method: Method, route: string, options: Call = {}) {
  let url = route.replace(/\{(\w+)\}/g, (_m, name: string) => String(options.params?.[name]));
  if (options.query) url += `?${options.query}`;
  const token = options.token === undefined ? session : options.token;
  const headers: Record<string, string> = { ...options.headers };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const res = await server.app.inject({ method, url, headers, payload: options.payload });
  expectDocumented(method, route, res);
  return res;
}

const idOf = (res: LightMyRequestResponse) => z.object({ id: z.number() }).parse(res.json()).id;

beforeAll(async () => {
  simulator = await startSimulator({ jobsPerQuery: 6, jobCount: 20, companyCount: 5 });
  server = await startTestServer({ LINKEDIN_BASE_URL: simulator.url, METRICS_TOKEN });
  const res = await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  document = documentSchema.parse(res.json());
  session = await server.signIn();
});
afterAll(async () => {
  await server?.close();
  await simulator?.close();
});

/** Every operation the document lists, as `[method, path]`. */
function operations(): Array<[Method, string]> {
  return Object.entries(document.paths).flatMap(([route, ops]) =>
    Object.keys(ops).map((m): [Method, string] => {
      const method = m.toUpperCase();
      if (!isMethod(method)) throw new Error(`unexpected method ${m} at ${route}`);
      return [method, route];
    }),
  );
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the bearer scheme, and every schema in it compiles as JSON Schema 2020-12', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.securitySchemes.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    for (const [method, route] of operations()) {
      for (const answer of Object.values(operation(method, route).responses))
        for (const media of Object.values(answer.content ?? {})) validatorFor(media.schema);
    }
  });

  it('documents every route the server registered, and only those', () => {
    const registered = server.routes.filter((r) => r.method !== 'HEAD' && !r.hidden);
    const documented = new Set(operations().map(([m, p]) => `${m} ${p}`));
    const missing = registered
      .map((r) => `${r.method} ${openApiPath(r.url)}`)
      .filter((key) => !documented.has(key));
    expect(missing, 'registered but missing from the document').toEqual([]);
    const registeredKeys = new Set(registered.map((r) => `${r.method} ${openApiPath(r.url)}`));
    expect([...documented].filter((key) => !registeredKeys.has(key))).toEqual([]);
    // The operations SPEC.md names, so an empty walk cannot pass.
    for (const key of ['POST /api/v1/auth/login', 'GET /api/v1/queries', 'GET /healthz'])
      expect(documented).toContain(key);
  });

  it('hides only the dashboard files and the reference page itself', () => {
    const hidden = server.routes.filter((r) => r.hidden && r.method !== 'HEAD');
    expect(hidden.length).toBeGreaterThan(0);
    for (const route of hidden) {
      const isReferencePage = route.url === '/api/docs' || route.url.startsWith('/api/docs/');
      const isDashboardFile = fs.existsSync(path.join(WEB_ROOT, route.url));
      // The dashboard's chunks, looked up when asked for (one route, decision 058).
      const isDashboardFiles = route.url === '/assets/*';
      expect(
        isReferencePage || isDashboardFile || isDashboardFiles,
        `${route.method} ${route.url} is hidden`,
      ).toBe(true);
    }
  });

  it('gives every operation a summary, a 2xx answer with a schema, and its security', () => {
    for (const [method, route] of operations()) {
      const op = operation(method, route);
      const key = `${method} ${route}`;
      expect(op.summary, `${key} has no summary`).toBeTruthy();
      const success = Object.keys(op.responses).filter((s) => s.startsWith('2'));
      expect(success, `${key} documents no 2xx answer`).not.toEqual([]);
      for (const [status, answer] of Object.entries(op.responses)) {
        const media = Object.values(answer.content ?? {});
        expect(media.length, `${key} ${status} has no content`).toBeGreaterThan(0);
        for (const m of media) expect(m.schema, `${key} ${status} has no schema`).toBeTruthy();
      }
      if (isGuarded(method, route)) {
        expect(op.security, key).toEqual([{ bearer: [] }]);
        expect(Object.keys(op.responses), key).toContain('401');
      } else if (guardKey(method, route) !== undefined) {
        expect(op.security, key).toEqual([]);
      }
    }
  });

  it('says what every query parameter means', () => {
    const described: string[] = [];
    for (const [method, route] of operations()) {
      for (const parameter of operation(method, route).parameters ?? []) {
        if (parameter.in !== 'query') continue;
        const { description } = z
          .looseObject({ description: z.string().optional() })
          .parse(parameter);
        expect(description, `${method} ${route} ?${parameter.name}`).toMatch(/\S{2,}/);
        described.push(`${method} ${route} ?${parameter.name}`);
      }
    }
    // The list's own parameters, an export's format, the typeahead's text and the rules' switches.
    expect(described).toEqual(
      expect.arrayContaining([
        'GET /api/v1/jobs ?q',
        'GET /api/v1/jobs ?limit',
        'GET /api/v1/jobs/export ?format',
        'POST /api/v1/rules/import ?mode',
        'POST /api/v1/rules/{id}/apply ?dry_run',
      ]),
    );
  });

  it('says the Overview’s query is a saved query, where the typeahead’s is text (issue 32)', () => {
    const described = (route: string, name: string) =>
      z
        .looseObject({ description: z.string() })
        .parse(operation('GET', route).parameters?.find((p) => p.in === 'query' && p.name === name))
        .description;
    expect(described('/api/v1/overview/market', 'query')).toMatch(/saved query/);
    expect(described('/api/v1/overview/market', 'range')).toMatch(/7, 30, 90.*all/);
    expect(described('/api/v1/locations/typeahead', 'query')).toMatch(/text typed/);
    for (const route of ['/api/v1/jobs', '/api/v1/jobs/export'])
      expect(described(route, 'query')).toBe(
        'Only the jobs found by any run of this saved query (its id)',
      );
  });

  it('says the list lists every job unless grouping is asked for (issue 30)', () => {
    for (const route of ['/api/v1/jobs', '/api/v1/jobs/export']) {
      const grouped = operation('GET', route).parameters?.find(
        (p) => p.in === 'query' && p.name === 'grouped',
      );
      const { description } = z.looseObject({ description: z.string() }).parse(grouped);
      expect(description, route).toMatch(/^false \(the default\): every job/);
      expect(description, route).toMatch(/true: one row per group/);
      expect(description, route).not.toMatch(/true \(the default\)/);
    }
  });
});

describe('real answers validate against the document', () => {
  it('health, metrics, the document itself, and signing in', async () => {
    expect((await call('GET', '/healthz', { token: null })).statusCode).toBe(200);
    expect((await call('GET', '/metrics', { token: METRICS_TOKEN })).statusCode).toBe(200);
    expect((await call('GET', '/metrics', { token: null })).statusCode).toBe(401);
    expect((await call('GET', '/metrics', { token: session })).statusCode).toBe(401);
    expect((await call('GET', '/api/v1/openapi.json', { token: null })).statusCode).toBe(200);
    const login = '/api/v1/auth/login';
    expect((await call('POST', login, { token: null, payload: {} })).statusCode).toBe(400);
    expect(
      (await call('POST', login, { token: null, payload: { password: TEST_PASSWORD } })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', login, { token: null, payload: { password: 'wrong' } })).statusCode,
    ).toBe(401);
    expect((await call('GET', '/api/v1/auth/verify')).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/auth/verify', { token: null })).statusCode).toBe(200);
  });

  it('queries, locations and settings', async () => {
    const typeahead = '/api/v1/locations/typeahead';
    const places = await call('GET', typeahead, { query: 'query=Berlin' });
    expect(places.statusCode).toBe(200);
    const tooLong = `query=${'x'.repeat(201)}`;
    expect((await call('GET', typeahead, { query: tooLong })).statusCode).toBe(400);
    const place = z
      .array(z.object({ id: z.string() }))
      .min(1)
      .parse(places.json())[0];

    const write = {
      job_title: 'Data Engineer',
      location_id: Number(place?.id),
      status: 'active',
      is_ai: false,
    };
    const created = await call('POST', '/api/v1/queries', { payload: write });
    expect(created.statusCode).toBe(200);
    const id = idOf(created);
    const put = '/api/v1/queries/{id}';
    expect((await call('PUT', put, { params: { id }, payload: write })).statusCode).toBe(200);
    expect((await call('PUT', put, { params: { id: 999 }, payload: write })).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/v1/queries', { payload: { ...write, job_title: '' } })).statusCode,
    ).toBe(400);
    expect((await call('GET', '/api/v1/queries')).statusCode).toBe(200);

    expect((await call('GET', '/api/v1/settings')).statusCode).toBe(200);
    expect((await call('POST', '/api/v1/settings/cookies/check')).statusCode).toBe(409);
    const settings = { cookies: VALID_COOKIES, script_time: '09:00' };
    expect((await call('POST', '/api/v1/settings', { payload: settings })).statusCode).toBe(200);
    expect((await call('POST', '/api/v1/settings/cookies/check')).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/settings/cookies/status')).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/schedule')).statusCode).toBe(200);
  });

  it('a batch, its runs, their jobs and exports, and blocking a company', async () => {
    seedQueries(server.database, [{ jobTitle: 'Data Analyst', ...BERLIN }]);
    const started = await call('POST', '/api/v1/batches');
    expect(started.statusCode).toBe(201);
    const batchId = idOf(started);
    expect((await call('POST', '/api/v1/batches')).statusCode).toBe(409);
    await server.ctx.runner.runner.idle();

    expect((await call('GET', '/api/v1/batches')).statusCode).toBe(200);
    const cancel = '/api/v1/batches/{id}/cancel';
    expect((await call('POST', cancel, { params: { id: batchId } })).statusCode).toBe(409);
    // A second batch, slowed down by the site so the cancel lands while it runs.
    simulator.faults.latency(100, { pathPrefix: '/jobs-guest/jobs/api/seeMoreJobPostings/search' });
    const second = idOf(await call('POST', '/api/v1/batches'));
    expect((await call('POST', cancel, { params: { id: second } })).statusCode).toBe(202);
    await server.ctx.runner.runner.idle();
    simulator.reset();
    expect((await call('POST', cancel, { params: { id: 999 } })).statusCode).toBe(404);
    const batchExport = '/api/v1/batches/{id}/export';
    for (const format of EXPORT_FORMATS) {
      const res = await call('GET', batchExport, {
        params: { id: batchId },
        query: `format=${format}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(EXPORT_CONTENT_TYPES[format]);
    }
    expect(
      (await call('GET', batchExport, { params: { id: batchId }, query: 'format=pdf' })).statusCode,
    ).toBe(400);
    expect((await call('GET', batchExport, { params: { id: 999 } })).statusCode).toBe(404);

    const runs = await call('GET', '/api/v1/query-runs');
    expect(runs.statusCode).toBe(200);
    const runId = z
      .array(z.object({ id: z.number(), status: z.string(), jobs_found: z.number() }))
      .parse(runs.json())
      .find((run) => run.status === 'completed' && run.jobs_found > 0)?.id;
    const runExport = '/api/v1/query-runs/{id}/export';
    for (const format of EXPORT_FORMATS) {
      const options = { params: { id: runId ?? 0 }, query: `format=${format}` };
      expect((await call('GET', runExport, options)).statusCode).toBe(200);
    }
    expect((await call('GET', runExport, { params: { id: 999 } })).statusCode).toBe(404);

    const list = await call('GET', '/api/v1/jobs', { query: 'limit=5' });
    expect(list.statusCode).toBe(200);
    const jobs = z
      .object({ items: z.array(z.object({ id: z.number(), company_id: z.number().nullable() })) })
      .parse(list.json()).items;
    const job = jobs[0];
    if (!job) throw new Error('the batch stored no jobs');
    expect((await call('GET', '/api/v1/jobs', { query: 'limit=x' })).statusCode).toBe(400);
    const one = '/api/v1/jobs/{id}';
    expect((await call('GET', one, { params: { id: job.id } })).statusCode).toBe(200);
    expect((await call('GET', one, { params: { id: 1 } })).statusCode).toBe(404);
    const state = { state: 'saved' };
    expect((await call('PATCH', one, { params: { id: job.id }, payload: state })).statusCode).toBe(
      200,
    );
    const bulk = { ids: jobs.map((j) => j.id), state: 'new' };
    expect((await call('POST', '/api/v1/jobs/state', { payload: bulk })).statusCode).toBe(200);
    for (const format of EXPORT_FORMATS) {
      const query = `q=data&format=${format}`;
      expect((await call('GET', '/api/v1/jobs/export', { query })).statusCode).toBe(200);
    }

    const companyId = jobs.find((j) => j.company_id !== null)?.company_id ?? 1;
    const ban = '/api/v1/companies/{id}/ban';
    expect((await call('POST', ban, { params: { id: companyId } })).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/companies/banned')).statusCode).toBe(200);
    expect((await call('DELETE', ban, { params: { id: companyId } })).statusCode).toBe(200);
  });

  it('the Overview, over the batch the runner stored', async () => {
    const paths = ['headlines', 'new-jobs', 'searches', 'market', 'triage', 'pipeline', 'fit'];
    for (const path of paths) {
      const route = `/api/v1/overview/${path}`;
      expect((await call('GET', route, { query: 'range=all' })).statusCode, route).toBe(200);
      expect((await call('GET', route, { query: 'range=365' })).statusCode, route).toBe(400);
      expect((await call('GET', route, { query: 'query=999' })).statusCode, route).toBe(404);
    }
    // The runner counted the batch's new jobs under its query, on today's date.
    const newJobs = await call('GET', '/api/v1/overview/new-jobs', { query: 'range=7' });
    const { total } = z.object({ total: z.array(z.number()) }).parse(newJobs.json());
    expect(total.at(-1)).toBeGreaterThan(0);
  });

  it('the pipeline’s export (issue 33)', async () => {
    const route = '/api/v1/applications/export';
    const jobId = z
      .string()
      .parse(server.database.sqlite.prepare('SELECT id FROM jobs LIMIT 1').pluck().get());
    seedApplications(server.database.sqlite, [
      { jobId, history: [{ stage: 'applied', at: Date.parse('2026-10-30T09:00:00Z') }] },
    ]);
    for (const format of EXPORT_FORMATS) {
      const query = `stage=saved,applied&format=${format}`;
      expect((await call('GET', route, { query })).statusCode, format).toBe(200);
    }
    expect((await call('GET', route, { query: 'stage=hired' })).statusCode).toBe(400);
  });

  it('the application pipeline, its contacts and settings (issue 33)', async () => {
    const list = await call('GET', '/api/v1/jobs', { query: 'limit=1' });
    const job = z.object({ items: z.array(z.object({ id: z.number() })).min(1) }).parse(list.json())
      .items[0];
    if (!job) throw new Error('the batch stored no jobs');
    const applications = '/api/v1/applications';
    const created = await call('POST', applications, { payload: { job_id: job.id } });
    expect(created.statusCode).toBe(201);
    expect((await call('POST', applications, { payload: { job_id: job.id } })).statusCode).toBe(
      409,
    );
    expect((await call('POST', applications, { payload: { job_id: 1 } })).statusCode).toBe(404);
    expect((await call('POST', applications, { payload: {} })).statusCode).toBe(400);
    expect((await call('GET', applications, { query: 'stage=saved' })).statusCode).toBe(200);
    expect((await call('GET', applications, { query: 'stage=hired' })).statusCode).toBe(400);
    expect((await call('GET', applications, { query: 'query=999' })).statusCode).toBe(404);

    const one = `${applications}/{job_id}`;
    const params = { job_id: job.id };
    const missing = { job_id: 1 };
    expect((await call('GET', one, { params })).statusCode).toBe(200);
    expect((await call('GET', one, { params: missing })).statusCode).toBe(404);
    const move = { stage: 'applied' };
    const moved = await call('PATCH', one, { params, payload: move });
    expect(moved.statusCode).toBe(200);
    expect((await call('PATCH', one, { params: missing, payload: move })).statusCode).toBe(404);
    expect((await call('PATCH', one, { params, payload: { stage: 'hired' } })).statusCode).toBe(
      400,
    );
    const eventId =
      z.object({ history: z.array(z.object({ id: z.number() })) }).parse(moved.json()).history[0]
        ?.id ?? 0;
    const history = `${one}/history/{event_id}`;
    const at = { at: new Date(server.ctx.now()).toISOString() };
    expect(
      (await call('PATCH', history, { params: { ...params, event_id: eventId }, payload: at }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('PATCH', history, { params: { ...params, event_id: 999 }, payload: at }))
        .statusCode,
    ).toBe(404);
    // Issue 39: a move undone (200); the first entry is not a move (409); a closed application
    // takes no next step (409).
    const again = await call('PATCH', one, { params, payload: { stage: 'rejected' } });
    const latest = z
      .object({ history: z.array(z.object({ id: z.number() })) })
      .parse(again.json()).history;
    const step = { next_step: { at: at.at, what: 'Call' } };
    expect((await call('PATCH', one, { params, payload: step })).statusCode).toBe(409);
    const undo = (id: number | undefined) =>
      call('DELETE', history, { params: { ...params, event_id: id ?? 0 } });
    expect((await undo(latest.at(-1)?.id)).statusCode).toBe(200);
    expect((await undo(latest[0]?.id)).statusCode).toBe(409);
    expect((await undo(999)).statusCode).toBe(404);

    const contacts = `${one}/contacts`;
    const added = await call('POST', contacts, { params, payload: { name: 'Ana' } });
    expect(added.statusCode).toBe(201);
    expect(
      (await call('POST', contacts, { params: missing, payload: { name: 'A' } })).statusCode,
    ).toBe(404);
    const contact = `${contacts}/{contact_id}`;
    const contactParams = { ...params, contact_id: idOf(added) };
    const rename = { name: 'Ana Lopez' };
    expect(
      (await call('PATCH', contact, { params: contactParams, payload: rename })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', contact, { params: contactParams })).statusCode).toBe(200);
    expect((await call('DELETE', contact, { params: contactParams })).statusCode).toBe(404);
    expect(
      (await call('PATCH', contact, { params: contactParams, payload: rename })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', one, { params })).statusCode).toBe(200);
    expect((await call('DELETE', one, { params })).statusCode).toBe(404);

    const settings = '/api/v1/pipeline/settings';
    expect((await call('GET', settings)).statusCode).toBe(200);
    const write = { no_answer_days: 14, reminder_lead: '1d' };
    expect((await call('PUT', settings, { payload: write })).statusCode).toBe(200);
    expect((await call('PUT', settings, { payload: { no_answer_days: 0 } })).statusCode).toBe(400);

    // Issue 41: the re-checks' settings.
    const rechecks = '/api/v1/rechecks/settings';
    expect((await call('GET', rechecks)).statusCode).toBe(200);
    const every = { every_days: 5, budget: 40 };
    expect((await call('PUT', rechecks, { payload: every })).statusCode).toBe(200);
    expect((await call('PUT', rechecks, { payload: { every_days: 0 } })).statusCode).toBe(400);
  });

  it("rules, the reposts setting, fetching a job's details, and the list's issue 17 params", async () => {
    // The same role in two places, and a day later a repost of it: items with a group and a repost.
    const store = new BatchStore(server.database.sqlite);
    const query = z
      .object({
        id: z.number(),
        job_title: z.string(),
        display_name: z.string(),
        location_id: z.number(),
        is_ai: z.number(),
      })
      .parse(
        server.database.sqlite
          .prepare('SELECT id, job_title, display_name, location_id, is_ai FROM queries LIMIT 1')
          .get(),
      );
    let nextId = 4_400_000_000;
    const card = (location: string): JobCard => {
      nextId += 1;
      return {
        jobId: String(nextId),
        title: 'Platform Engineer',
        companyName: 'Initech',
        companySlug: 'initech',
        location,
        salary: null,
        postedDate: '2026-10-20',
        postedText: null,
        url: `https://www.linkedin.com/jobs/view/${nextId}`,
      };
    };
    for (const cards of [
      [card('Berlin, Germany'), card('Hamburg, Germany')],
      [card('Berlin, Germany')],
    ]) {
      const claim = store.claimBatch('manual', server.ctx.now());
      if (!claim.claimed) throw new Error('batch not claimed');
      const run = store.createRun(claim.batch.id, query, server.ctx.now());
      store.savePage(
        run,
        { start: 0, cards, skippedCards: 0, nextStart: cards.length },
        server.ctx.now(),
      );
      store.finishRun(run.id, 'completed', null, server.ctx.now());
      store.finishBatch(claim.batch.id, 'completed', null, server.ctx.now());
      server.advance(86_400_000);
    }

    const list = await call('GET', '/api/v1/jobs', { query: 'grouped=false&limit=100' });
    expect(list.statusCode).toBe(200);
    const jobs = z
      .object({
        items: z.array(
          z.object({
            id: z.number(),
            title: z.string(),
            group: z.object({ key: z.string() }).nullable(),
            repost: z.unknown(),
          }),
        ),
      })
      .parse(list.json()).items;
    const groupKey = jobs.find((j) => j.group)?.group?.key;
    if (!groupKey) throw new Error('no job of the list has a group');
    expect(jobs.some((j) => j.repost !== null)).toBe(true);
    const job = jobs.find((j) => !j.title.includes('Platform'));
    if (!job) throw new Error('the batch stored no jobs');
    const word = /[\p{L}\p{N}]{3,}/u.exec(job.title)?.[0];
    if (!word) throw new Error(`no word in "${job.title}"`);
    const title = [{ field: 'title', value: word }];

    const rules = '/api/v1/rules';
    const preview = await call('POST', `${rules}/preview`, { payload: { conditions: title } });
    expect(preview.statusCode).toBe(200);
    expect(z.object({ matches: z.number() }).parse(preview.json()).matches).toBeGreaterThan(0);
    const noCondition = { conditions: [] };
    expect((await call('POST', `${rules}/preview`, { payload: noCondition })).statusCode).toBe(400);

    const hide = { name: 'Hide them', conditions: title, action: 'hide' };
    const hiding = await call('POST', rules, { payload: hide });
    expect(hiding.statusCode).toBe(201);
    const hideId = idOf(hiding);
    expect((await call('POST', rules, { payload: hide })).statusCode).toBe(400);
    const flag = { name: 'Flag them', conditions: title, action: 'flag', color: 'green' };
    const flagging = await call('POST', rules, { payload: flag });
    expect(flagging.statusCode).toBe(201);
    const flagId = idOf(flagging);
    expect((await call('GET', rules)).statusCode).toBe(200);

    const one = `${rules}/{id}`;
    const rename = { name: 'Hide those' };
    expect((await call('PATCH', one, { params: { id: hideId }, payload: rename })).statusCode).toBe(
      200,
    );
    expect((await call('PATCH', one, { params: { id: 999 }, payload: rename })).statusCode).toBe(
      404,
    );

    const apply = `${rules}/{id}/apply`;
    const dry = await call('POST', apply, { params: { id: hideId }, query: 'dry_run=true' });
    expect(dry.statusCode).toBe(200);
    const applied = await call('POST', apply, { params: { id: hideId } });
    expect(applied.statusCode).toBe(200);
    expect(z.object({ changed: z.number() }).parse(applied.json()).changed).toBeGreaterThan(0);
    expect((await call('POST', apply, { params: { id: flagId } })).statusCode).toBe(200);
    expect((await call('POST', apply, { params: { id: 999 } })).statusCode).toBe(404);
    expect(
      (await call('POST', apply, { params: { id: hideId }, query: 'dry_run=maybe' })).statusCode,
    ).toBe(400);

    // The list's issue 17 params, with the rules in force.
    for (const query of [
      `flag=${flagId}`,
      'hide_reposts=true',
      'grouped=false&state=hidden',
      `group=${groupKey}`,
      'grouped=true',
    ])
      expect((await call('GET', '/api/v1/jobs', { query })).statusCode, query).toBe(200);
    expect((await call('GET', '/api/v1/jobs', { query: 'group=nope' })).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/jobs', { query: 'flag=0' })).statusCode).toBe(400);

    const restore = `${rules}/{id}/restore`;
    const counted = await call('POST', restore, { params: { id: hideId }, query: 'dry_run=true' });
    expect(counted.statusCode).toBe(200);
    const restored = await call('POST', restore, { params: { id: hideId } });
    expect(restored.statusCode).toBe(200);
    expect(z.object({ restored: z.number() }).parse(restored.json()).restored).toBeGreaterThan(0);
    expect((await call('POST', restore, { params: { id: 999 } })).statusCode).toBe(404);

    const order = `${rules}/order`;
    const ids = { ids: [flagId, hideId] };
    expect((await call('PUT', order, { payload: ids })).statusCode).toBe(200);
    expect((await call('PUT', order, { payload: { ids: [flagId] } })).statusCode).toBe(400);

    const exported = await call('GET', `${rules}/export`);
    expect(exported.statusCode).toBe(200);
    const file = z
      .object({ version: z.number(), rules: z.array(z.unknown()) })
      .parse(exported.json());
    const imports = `${rules}/import`;
    expect((await call('POST', imports, { query: 'mode=add', payload: file })).statusCode).toBe(
      400,
    );
    const replaced = await call('POST', imports, { query: 'mode=replace', payload: file });
    expect(replaced.statusCode).toBe(200);
    const kept = z.object({ items: z.array(z.object({ id: z.number() })) }).parse(replaced.json());
    expect((await call('POST', imports, { payload: { ...file, version: 2 } })).statusCode).toBe(
      400,
    );

    const deleted = await call('DELETE', one, { params: { id: kept.items[0]?.id ?? 0 } });
    expect(deleted.statusCode).toBe(200);
    expect((await call('DELETE', one, { params: { id: 999 } })).statusCode).toBe(404);

    const settings = '/api/v1/reposts/settings';
    expect((await call('GET', settings)).statusCode).toBe(200);
    const off = { carry_over_triage: false };
    expect((await call('PUT', settings, { payload: off })).statusCode).toBe(200);
    expect((await call('PUT', settings, { payload: { carry_over_triage: 'no' } })).statusCode).toBe(
      400,
    );
    expect((await call('PUT', settings, { payload: { carry_over_triage: true } })).statusCode).toBe(
      200,
    );

    const details = '/api/v1/jobs/{id}/details';
    expect((await call('POST', details, { params: { id: job.id } })).statusCode).toBe(200);
    expect((await call('POST', details, { params: { id: 1 } })).statusCode).toBe(404);
  });

  it('notification channels, their test and the deliveries', async () => {
    const channels = '/api/v1/notifications/channels';
    const write = {
      name: 'Hook',
      enabled: true,
      events: ['batch_finished'],
      only_new_jobs: false,
      kind: 'webhook',
      // Nothing listens there: the test send fails, which is an answer (200), not an error. (Not
      // port 9: fetch refuses that port, and so does saving a channel on it.)
      url: 'http://127.0.0.1:81/hook',
    };
    const created = await call('POST', channels, { payload: write });
    expect(created.statusCode).toBe(201);
    const id = idOf(created);
    expect((await call('POST', channels, { payload: { ...write, kind: 'fax' } })).statusCode).toBe(
      400,
    );
    expect((await call('GET', channels)).statusCode).toBe(200);
    const one = '/api/v1/notifications/channels/{id}';
    expect((await call('PUT', one, { params: { id }, payload: write })).statusCode).toBe(200);
    expect((await call('PUT', one, { params: { id: 999 }, payload: write })).statusCode).toBe(404);
    const test = '/api/v1/notifications/channels/{id}/test';
    expect((await call('POST', test, { params: { id } })).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/notifications/deliveries')).statusCode).toBe(200);
    expect((await call('DELETE', one, { params: { id } })).statusCode).toBe(200);
    expect((await call('DELETE', one, { params: { id } })).statusCode).toBe(404);
  });

  it('the backup', async () => {
    const res = await call('GET', '/api/v1/backup');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 15).toString('latin1')).toBe('SQLite format 3');
  });

  it('API tokens, and what each kind of token is refused', async () => {
    const tokens = '/api/v1/api-tokens';
    const make = async (scope: string) => {
      const res = await call('POST', tokens, { payload: { name: `script ${scope}`, scope } });
      expect(res.statusCode).toBe(201);
      return z.object({ id: z.number(), token: z.string() }).parse(res.json());
    };
    const readOnly = await make('read-only');
    const readWrite = await make('read-write');
    expect((await call('POST', tokens, { payload: { name: '', scope: 'x' } })).statusCode).toBe(
      400,
    );
    expect((await call('GET', tokens)).statusCode).toBe(200);
    // Each guarded call, made with API tokens: the 403s the document lists, as they really come.
    for (const [method, route] of operations()) {
      if (!isGuarded(method, route)) continue;
      const refused = SESSION_ONLY_API_ROUTES.has(guardKey(method, route) ?? '');
      const params = { id: 999 };
      if (refused || !READING_METHODS.has(method)) {
        const res = await call(method, route, { params, token: readOnly.token, payload: {} });
        expect(res.statusCode, `${method} ${route} with a read-only token`).toBe(403);
      }
      if (refused) {
        const res = await call(method, route, { params, token: readWrite.token, payload: {} });
        expect(res.statusCode, `${method} ${route} with a read-write token`).toBe(403);
      }
    }
    const one = '/api/v1/api-tokens/{id}';
    expect((await call('DELETE', one, { params: { id: readOnly.id } })).statusCode).toBe(200);
    expect((await call('DELETE', one, { params: { id: 999 } })).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/jobs', { token: readOnly.token })).statusCode).toBe(401);
  });

  it('the query limit', async () => {
    const current = server.database.sqlite
      .prepare("SELECT COUNT(*) AS n FROM queries WHERE status != 'archived'")
      .pluck()
      .get();
    const more = MAX_QUERIES - Number(current);
    seedQueries(
      server.database,
      Array.from({ length: more }, (_, i) => ({ jobTitle: `Role ${i}`, ...BERLIN })),
    );
    const write = {
      job_title: 'One more',
      location_id: BERLIN.locationId,
      status: 'active',
      is_ai: false,
    };
    expect((await call('POST', '/api/v1/queries', { payload: write })).statusCode).toBe(409);
  });

  it('the Overview’s site health (issue 32)', async () => {
    const route = '/api/v1/overview/site-health';
    expect((await call('GET', route, { query: 'range=7' })).statusCode).toBe(200);
    expect((await call('GET', route, { query: 'range=5' })).statusCode).toBe(400);
    expect((await call('GET', route, { query: 'query=999999' })).statusCode).toBe(404);
  });

  it('fit profiles, the aliases, a CV’s text and the rescoring’s status (issue 40)', async () => {
    const profiles = '/api/v1/fit-profiles';
    const made = await call('POST', profiles, {
      payload: { name: 'Backend', must_skills: ['Go'] },
    });
    expect(made.statusCode).toBe(201);
    const id = idOf(made);
    expect((await call('POST', profiles, { payload: { name: 'BACKEND' } })).statusCode).toBe(409);
    expect((await call('POST', profiles, { payload: { name: '' } })).statusCode).toBe(400);
    const other = idOf(await call('POST', profiles, { payload: { name: 'Data' } }));
    expect((await call('GET', profiles)).statusCode).toBe(200);
    const one = `${profiles}/{id}`;
    expect((await call('GET', one, { params: { id } })).statusCode).toBe(200);
    expect((await call('GET', one, { params: { id: 999 } })).statusCode).toBe(404);
    const write = { name: 'Backend', plus_skills: ['Rust'] };
    expect((await call('PUT', one, { params: { id }, payload: write })).statusCode).toBe(200);
    expect((await call('PUT', one, { params: { id: 999 }, payload: write })).statusCode).toBe(404);
    const noDefault = { ...write, is_default: false };
    expect((await call('PUT', one, { params: { id }, payload: noDefault })).statusCode).toBe(409);
    const suggestions = `${profiles}/{id}/suggestions`;
    expect((await call('GET', suggestions, { params: { id } })).statusCode).toBe(200);
    expect((await call('GET', suggestions, { params: { id: 999 } })).statusCode).toBe(404);
    expect((await call('DELETE', one, { params: { id } })).statusCode).toBe(409);
    expect((await call('DELETE', one, { params: { id: other } })).statusCode).toBe(200);
    expect((await call('DELETE', one, { params: { id: other } })).statusCode).toBe(404);

    const aliases = '/api/v1/fit-aliases';
    expect((await call('GET', aliases)).statusCode).toBe(200);
    const groups = { groups: [['JS', 'JavaScript']] };
    expect((await call('PUT', aliases, { payload: groups })).statusCode).toBe(200);
    expect((await call('PUT', aliases, { payload: { groups: 'JS' } })).statusCode).toBe(400);
    expect((await call('DELETE', aliases)).statusCode).toBe(200);

    const cv = '/api/v1/fit-profiles/cv-text';
    const text = { 'content-type': 'text/plain' };
    const read = await call('POST', cv, { query: 'name=cv.txt', headers: text, payload: 'Go dev' });
    expect(read.statusCode).toBe(200);
    const png = { 'content-type': 'image/png' };
    expect(
      (await call('POST', cv, { query: 'name=a.png', headers: png, payload: 'x' })).statusCode,
    ).toBe(415);
    expect((await call('POST', cv, { headers: text, payload: ' ' })).statusCode).toBe(422);
    expect(
      (await call('POST', cv, { query: 'x=1', headers: text, payload: 'Go' })).statusCode,
    ).toBe(400);

    expect((await call('GET', '/api/v1/fit/status')).statusCode).toBe(200);
    for (const query of ['sort=fit', 'min_fit=60', 'sort=fit&min_fit=0'])
      expect((await call('GET', '/api/v1/jobs', { query })).statusCode, query).toBe(200);
    expect((await call('GET', '/api/v1/jobs', { query: 'min_fit=101' })).statusCode).toBe(400);

    // Issue 40's second opinion: its settings (the key write-only).
    const llm = '/api/v1/fit/llm/settings';
    expect((await call('GET', llm)).statusCode).toBe(200);
    const endpoint = { base_url: 'http://127.0.0.1:11434/v1', model: 'm', top_n: 0 };
    const body = { ...endpoint, daily_token_budget: 1000, api_key: 'sk-test' };
    expect((await call('PUT', llm, { payload: body })).statusCode).toBe(200);
    expect((await call('PUT', llm, { payload: { ...body, top_n: -1 } })).statusCode).toBe(400);
  });

  it('the calendar feed and a next step’s .ics (issue 33)', async () => {
    const feed = '/api/v1/calendar-feed';
    expect((await call('GET', feed)).statusCode).toBe(200);
    expect((await call('DELETE', feed)).statusCode).toBe(404);
    const created = await call('POST', feed);
    expect(created.statusCode).toBe(201);
    const url = z.object({ url: z.string() }).parse(created.json()).url;
    const file = /\/calendar\/([^/]+)$/.exec(url)?.[1] ?? '';
    const address = '/calendar/{file}';
    expect((await call('GET', address, { params: { file }, token: null })).statusCode).toBe(200);
    const unknown = { file: `jsc_${'A'.repeat(43)}.ics` };
    expect((await call('GET', address, { params: unknown, token: null })).statusCode).toBe(404);
    expect((await call('GET', address, { params: { file: 'abc' }, token: null })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', feed)).statusCode).toBe(200);

    const job = z
      .object({ id: z.string() })
      .parse(server.database.sqlite.prepare('SELECT id FROM jobs LIMIT 1').get()).id;
    server.database.sqlite
      .prepare(
        `INSERT INTO applications (job_id, stage, stage_since, created_at, updated_at, next_step_at, next_step_what)
         VALUES (?, 'screening', 0, 0, 0, ?, 'phone screen')
         ON CONFLICT (job_id) DO UPDATE SET next_step_at = excluded.next_step_at,
           next_step_what = excluded.next_step_what, left_at = NULL`,
      )
      .run(job, server.ctx.now() + 86_400_000);
    const ics = '/api/v1/applications/{job_id}/next-step.ics';
    expect((await call('GET', ics, { params: { job_id: job } })).statusCode).toBe(200);
    expect((await call('GET', ics, { params: { job_id: 1 } })).statusCode).toBe(404);
    expect((await call('GET', ics, { params: { job_id: 'abc' } })).statusCode).toBe(400);
  });

  it('every guarded call without a token, every id that is not one, every body that is not JSON', async () => {
    for (const [method, route] of operations()) {
      const op = operation(method, route);
      const params = { id: 1 };
      if (isGuarded(method, route))
        expect((await call(method, route, { params, token: null })).statusCode).toBe(401);
      // The calendar feed's address is its secret: whatever is not one answers 404 (issue 33).
      if (op.parameters?.some((p) => p.in === 'path') && route !== '/calendar/{file}')
        expect((await call(method, route, { params: { id: 'abc' }, payload: {} })).statusCode).toBe(
          400,
        );
      if (op.requestBody !== undefined) {
        const headers = { 'content-type': 'text/xml' };
        expect((await call(method, route, { params, headers, payload: '<x/>' })).statusCode).toBe(
          415,
        );
        const json = { 'content-type': 'application/json' };
        expect(
          (await call(method, route, { params, headers: json, payload: '{' })).statusCode,
        ).toBe(400);
        // A kB past the limit the reference states for it (the rule import has its own).
        const limitKb = Number(/\((\d+) kB\)/.exec(op.responses['413']?.description ?? '')?.[1]);
        const big = JSON.stringify({ password: 'x'.repeat((limitKb + 1) * 1024) });
        expect(
          (await call(method, route, { params, headers: json, payload: big })).statusCode,
        ).toBe(413);
      }
    }
  });

  it('signing out, and the sign-in limit', async () => {
    expect((await call('POST', '/api/v1/auth/logout')).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/queries')).statusCode).toBe(401);
    const login = '/api/v1/auth/login';
    let status = 0;
    for (let i = 0; i < 20 && status !== 429; i += 1)
      status = (await call('POST', login, { token: null, payload: { password: 'no' } })).statusCode;
    expect(status).toBe(429);
  });

  it('made every documented call, each with a successful answer', () => {
    const notCalled = operations()
      .map(([m, p]) => `${m} ${p}`)
      .filter((key) => ![...(seen.get(key) ?? [])].some((s) => s >= 200 && s < 300));
    expect(notCalled, 'documented calls this test never saw succeed: add them above').toEqual([]);
  });
});
