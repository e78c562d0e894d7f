import { Registry } from 'prom-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../simulator';
import { queryRunListSchema } from '../../contract';
import { BERLIN, seedQueries } from '../../runner/runner-test-kit';
import { startReceiver, type Receiver } from '../notifications/notification-test-kit';
import { startTestServer, type TestServer } from '../test-harness';
import { PROMETHEUS_CONTENT_TYPE } from './routes';

// GET /metrics (issue 18) on a real server: off by default, then only with METRICS_TOKEN, and
// the figures of a real batch against the simulated site (a refusal and its retry included),
// its notification's delivery, and the HTTP requests that drove it, read back from
// Prometheus' text format.

const TOKEN = 'metrics-test-token-0123456789abcdef';
const JOBS_PER_QUERY = 12;

let simulator: Simulator;
const servers: TestServer[] = [];
beforeAll(async () => {
  simulator = await startSimulator({ jobsPerQuery: JOBS_PER_QUERY, jobCount: 40 });
});
afterAll(async () => {
  await simulator.close();
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  simulator.reset();
});

async function start(env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer({ LINKEDIN_BASE_URL: simulator.url, ...env });
  servers.push(server);
  return server;
}

const scrape = (server: TestServer, authorization?: string) =>
  server.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization === undefined ? {} : { authorization },
  });

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(?:,|$)/y;

/**
 * Prometheus' text exposition format (0.0.4), read strictly: every line is empty, a HELP, a TYPE or a
 * sample of a family whose TYPE came first; label values escaped as the format says.
 */
function parseExposition(text: string): Sample[] {
  expect(text.endsWith('\n')).toBe(true);
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.slice(0, -1).split('\n')) {
    // The format ignores empty lines (prom-client puts one between families).
    if (line === '') continue;
    if (new RegExp(`^# HELP ${NAME} .*$`).test(line)) continue;
    const type = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(
      line,
    );
    if (type?.[1] && type[2]) {
      types.set(type[1], type[2]);
      continue;
    }
    const sample = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)$`).exec(line);
    if (!sample?.[1] || sample[3] === undefined) throw new Error(`not a metrics line: ${line}`);
    const name = sample[1];
    const family = [...types.keys()].find(
      (f) => name === f || (/_(bucket|sum|count)$/.test(name) && name.startsWith(`${f}_`)),
    );
    expect(family, `${name} has no TYPE before it`).toBeDefined();
    const labels: Record<string, string> = {};
    const text = sample[2] ?? '';
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < text.length) {
      const label = LABEL.exec(text);
      if (!label?.[1] || label[2] === undefined) throw new Error(`bad labels: ${line}`);
      labels[label[1]] = label[2].replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    }
    // Values are Go floats: Prometheus reads +Inf, -Inf and NaN in any case (prom-client: "Nan").
    const raw = sample[3];
    const value = /^\+inf$/i.test(raw) ? Infinity : /^-inf$/i.test(raw) ? -Infinity : Number(raw);
    expect(Number.isNaN(value) && !/^nan$/i.test(raw), line).toBe(false);
    samples.push({ name, labels, value });
  }
  return samples;
}

/** The value of the one sample with this name and these labels (others may differ). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length !== 1)
    throw new Error(`${found.length} samples ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value ?? Number.NaN;
}

async function figures(server: TestServer): Promise<Sample[]> {
  const res = await scrape(server, `Bearer ${TOKEN}`);
  expect(res.statusCode).toBe(200);
  return parseExposition(res.body);
}

describe('GET /metrics', () => {
  it('is off without METRICS_TOKEN: 404, like a path that does not exist', async () => {
    const server = await start();
    for (const authorization of [undefined, `Bearer ${TOKEN}`, `Bearer ${await server.signIn()}`]) {
      const res = await scrape(server, authorization);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found: GET /metrics' });
    }
  });

  it('answers 401 without the token, with a wrong one, or with a session token', async () => {
    const server = await start({ METRICS_TOKEN: TOKEN });
    for (const authorization of [
      undefined,
      '',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
      TOKEN,
      `Bearer ${await server.signIn()}`,
    ]) {
      const res = await scrape(server, authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toEqual({ error: 'Metrics need the METRICS_TOKEN as a bearer token' });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain(TOKEN);
    }
    const ok = await scrape(server, `bearer ${TOKEN}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe(PROMETHEUS_CONTENT_TYPE);
    expect(PROMETHEUS_CONTENT_TYPE).toBe(Registry.PROMETHEUS_CONTENT_TYPE);
    expect(ok.headers['cache-control']).toBe('no-store');
    // The process' own figures (prom-client's default collectors) are there from the start.
    const samples = parseExposition(ok.body);
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(valueOf(samples, 'jobscout_batches_total', { outcome: 'completed' })).toBe(0);
  });

  it('counts a real batch: site requests, a refusal and its retry, jobs, the batch, its notification, HTTP routes', async () => {
    let receiver: Receiver | undefined;
    try {
      receiver = await startReceiver({ kind: 'fail-first', count: 1, status: 500 });
      const server = await start({ METRICS_TOKEN: TOKEN });
      const other = await start({ METRICS_TOKEN: TOKEN });
      seedQueries(server.database, [{ jobTitle: 'python developer', ...BERLIN }]);
      const channel = await server.authed({
        method: 'POST',
        url: '/api/v1/notifications/channels',
        payload: {
          name: 'Hook',
          kind: 'webhook',
          enabled: true,
          events: ['batch_finished'],
          only_new_jobs: false,
          url: `${receiver.url}/hook`,
        },
      });
      expect(channel.statusCode).toBe(201);
      // The site refuses the first search once, asking for a second's wait.
      simulator.faults.rateLimit(1, {
        retryAfterSeconds: 1,
        pathPrefix: '/jobs-guest/jobs/api/seeMoreJobPostings',
      });
      for (let batch = 0; batch < 2; batch += 1) {
        const started = await server.authed({ method: 'POST', url: '/api/v1/batches' });
        expect(started.statusCode).toBe(201);
        await server.ctx.runner.runner.idle();
      }
      await server.ctx.notifications.drain();
      // A job that is not there, and a path that is no route: by pattern, never by URL.
      expect((await server.authed({ method: 'GET', url: '/api/v1/jobs/987654' })).statusCode).toBe(
        404,
      );
      await server.app.inject({ method: 'GET', url: '/api/v1/no-such-thing/42' });

      let samples = await figures(server);
      const site = (endpoint: string, status: string) =>
        valueOf(samples, 'jobscout_site_requests_total', { endpoint, status });
      expect(site('guest-search', '429')).toBe(1);
      expect(site('guest-search', '200')).toBeGreaterThanOrEqual(2);
      // Details are fetched for new jobs only: the second batch found none.
      expect(site('job-details', '200')).toBe(JOBS_PER_QUERY);
      expect(
        valueOf(samples, 'jobscout_site_retries_total', {
          endpoint: 'guest-search',
          reason: 'refused',
        }),
      ).toBe(1);
      expect(valueOf(samples, 'jobscout_site_pause_seconds_count', { reason: 'refused' })).toBe(1);
      expect(valueOf(samples, 'jobscout_site_pause_seconds_sum', { reason: 'refused' })).toBe(1);

      expect(valueOf(samples, 'jobscout_batches_total', { outcome: 'completed' })).toBe(2);
      expect(valueOf(samples, 'jobscout_batches_total', { outcome: 'failed' })).toBe(0);
      expect(
        valueOf(samples, 'jobscout_batch_duration_seconds_count', { outcome: 'completed' }),
      ).toBe(2);
      expect(
        valueOf(samples, 'jobscout_batch_duration_seconds_bucket', {
          outcome: 'completed',
          le: '+Inf',
        }),
      ).toBe(2);
      // What the runs found (the second, incremental, may find fewer) and what was new.
      const runs = queryRunListSchema.parse(
        (await server.authed({ method: 'GET', url: '/api/v1/query-runs' })).json(),
      );
      const found = runs.reduce((sum, r) => sum + r.jobs_found, 0);
      expect(found).toBeGreaterThanOrEqual(JOBS_PER_QUERY);
      expect(valueOf(samples, 'jobscout_jobs_stored_total')).toBe(found);
      expect(valueOf(samples, 'jobscout_jobs_new_total')).toBe(JOBS_PER_QUERY);

      // Two batch notifications: the first attempt refused (500), so one waits for its retry.
      const delivery = (outcome: string) =>
        valueOf(samples, 'jobscout_notification_deliveries_total', { channel: 'webhook', outcome });
      expect(delivery('retrying')).toBe(1);
      expect(delivery('delivered')).toBe(1);
      expect(valueOf(samples, 'jobscout_notification_outbox_backlog')).toBe(1);
      server.advance(24 * 60 * 60 * 1000);
      await server.ctx.notifications.drain();
      samples = await figures(server);
      expect(delivery('delivered')).toBe(2);
      expect(valueOf(samples, 'jobscout_notification_outbox_backlog')).toBe(0);

      const http = (method: string, route: string, status: string) =>
        valueOf(samples, 'jobscout_http_request_duration_seconds_count', {
          method,
          route,
          status_code: status,
        });
      expect(http('POST', '/api/v1/batches', '201')).toBe(2);
      expect(http('GET', '/api/v1/jobs/:id', '404')).toBe(1);
      expect(http('GET', '(unmatched)', '404')).toBe(1);
      expect(http('GET', '/metrics', '200')).toBe(1);
      const routes = samples.map((s) => s.labels.route ?? '');
      expect(routes.filter((r) => /\d{3,}/.test(r))).toEqual([]);
      expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes(TOKEN)))).toBe(
        false,
      );

      // Each app keeps its own figures: the other server ran nothing.
      const quiet = await figures(other);
      expect(valueOf(quiet, 'jobscout_batches_total', { outcome: 'completed' })).toBe(0);
      expect(quiet.filter((s) => s.name === 'jobscout_site_requests_total')).toEqual([]);
    } finally {
      await receiver?.close();
    }
  });

  it("counts the background jobs' runs by job and outcome, with their time and last start", async () => {
    const server = await start({ METRICS_TOKEN: TOKEN });
    // Started with the app (its first runs), and once more on request.
    await server.ctx.background.runNow('reminder-sweep');
    const samples = await figures(server);
    for (const job of ['notification-outbox', 'reminder-sweep', 'no-answer-sweep']) {
      const runs = server.ctx.background.records().find((r) => r.name === job)?.runs;
      expect(runs).toBeGreaterThanOrEqual(job === 'reminder-sweep' ? 2 : 1);
      expect(valueOf(samples, 'jobscout_background_runs_total', { job, outcome: 'ok' })).toBe(runs);
      expect(valueOf(samples, 'jobscout_background_run_duration_seconds_count', { job })).toBe(
        runs,
      );
      expect(valueOf(samples, 'jobscout_background_last_run_timestamp_seconds', { job })).toBe(
        server.ctx.now() / 1000,
      );
    }
  });
});
