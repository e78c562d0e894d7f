import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSimulator, type Simulator } from '../../../simulator';
import {
  deliveryListSchema,
  notificationChannelListSchema,
  notificationChannelSchema,
  testResultSchema,
} from '../../contract';
import { BERLIN, PARIS, seedQueries } from '../../runner/runner-test-kit';
import { startTestServer, type TestServer } from '../test-harness';
import { startReceiver, startSmtpReceiver, type Receiver } from './notification-test-kit';

// The notifications API on a real server and database: validation, write-only secrets,
// "Send test" against real receivers, and a batch against the simulated site that queues
// and delivers its message.

const URL_BASE = '/api/v1/notifications';
let simulator: Simulator;
let server: TestServer;
let receiver: Receiver;

beforeAll(async () => {
  simulator = await startSimulator({ jobsPerQuery: 12, jobCount: 40, companyCount: 15 });
});
afterAll(async () => {
  await simulator.close();
});
beforeEach(async () => {
  simulator.reset();
  receiver = await startReceiver();
  server = await startTestServer({
    LINKEDIN_BASE_URL: simulator.url,
    PUBLIC_URL: 'https://scout.example.com/',
  });
});
afterEach(async () => {
  await server.close();
  await receiver.close();
});

const webhook = (url: string, extra: Record<string, unknown> = {}) => ({
  name: 'Team hook',
  kind: 'webhook',
  enabled: true,
  events: ['batch_finished', 'batch_failed', 'cookies_rejected'],
  only_new_jobs: false,
  url,
  ...extra,
});

const email = (extra: Record<string, unknown> = {}) => ({
  name: 'Mail me',
  kind: 'email',
  enabled: true,
  events: ['batch_failed'],
  only_new_jobs: false,
  smtp_host: 'smtp.example.com',
  smtp_port: 587,
  smtp_tls: 'starttls',
  smtp_user: 'scout',
  smtp_password: 'hunter2-secret',
  email_from: 'scout@example.com',
  email_to: 'me@example.com',
  ...extra,
});

async function create(body: Record<string, unknown>) {
  return server.authed({ method: 'POST', url: `${URL_BASE}/channels`, payload: body });
}

/** An e-mail channel to an SMTP server on this machine, without TLS. */
async function createLocalEmail(port: number, extra: Record<string, unknown>) {
  const res = await create(
    email({ smtp_host: '127.0.0.1', smtp_port: port, smtp_tls: 'none', ...extra }),
  );
  return notificationChannelSchema.parse(res.json());
}

describe('channels', () => {
  it('creates, lists, updates and deletes, never answering a secret', async () => {
    const secretUrl = `${receiver.url}/hooks/T0/B0/s3cr3tT0k3nWXYZ`;
    const res = await create(webhook(secretUrl));
    expect(res.statusCode).toBe(201);
    const created = notificationChannelSchema.parse(res.json());
    expect(created).toMatchObject({ name: 'Team hook', kind: 'webhook', enabled: true });
    expect(created.secret_hint).toBe(`${new URL(receiver.url).host} …WXYZ`);
    expect(res.body).not.toContain('s3cr3tT0k3n');

    const mail = await create(email());
    expect(mail.statusCode).toBe(201);
    expect(mail.body).not.toContain('hunter2-secret');
    expect(notificationChannelSchema.parse(mail.json())).toMatchObject({
      secret_hint: 'password set',
      smtp_host: 'smtp.example.com',
      smtp_port: 587,
      smtp_tls: 'starttls',
      email_to: 'me@example.com',
    });

    const list = await server.authed({ method: 'GET', url: `${URL_BASE}/channels` });
    expect(list.statusCode).toBe(200);
    expect(notificationChannelListSchema.parse(list.json())).toHaveLength(2);
    expect(list.body).not.toContain('s3cr3tT0k3n');
    expect(list.body).not.toContain('hunter2');

    // An omitted secret keeps the stored one: the test still reaches the secret URL.
    const { url: _omitted, ...withoutUrl } = webhook('');
    const put = await server.authed({
      method: 'PUT',
      url: `${URL_BASE}/channels/${created.id}`,
      payload: { ...withoutUrl, name: 'Renamed', enabled: false },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      name: 'Renamed',
      enabled: false,
      secret_hint: created.secret_hint,
    });
    const test = await server.authed({
      method: 'POST',
      url: `${URL_BASE}/channels/${created.id}/test`,
    });
    expect(testResultSchema.parse(test.json())).toEqual({
      delivered: true,
      detail: 'Delivered (HTTP 200)',
    });
    expect(receiver.requests[0]?.path).toBe('/hooks/T0/B0/s3cr3tT0k3nWXYZ');

    // A new one replaces it.
    const replaced = await server.authed({
      method: 'PUT',
      url: `${URL_BASE}/channels/${created.id}`,
      payload: webhook(`${receiver.url}/other-hook-9876`),
    });
    expect(replaced.json()).toMatchObject({ secret_hint: `${new URL(receiver.url).host} …9876` });

    const del = await server.authed({
      method: 'DELETE',
      url: `${URL_BASE}/channels/${created.id}`,
    });
    expect(del.statusCode).toBe(200);
    const again = await server.authed({
      method: 'DELETE',
      url: `${URL_BASE}/channels/${created.id}`,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Notification channel not found' });
  });

  it.each([
    [webhook('ftp://example.com/x'), /^url must be an http\(s\) URL/],
    [webhook('not a url'), /^url must be an http\(s\) URL/],
    [webhook('https://user:pw@ntfy.example.com/topic'), /^url must not contain a user name/],
    [webhook('https://example.com/x', { url: undefined }), /^url is required$/],
    [webhook('https://ntfy.sh/', { kind: 'ntfy' }), /ntfy topic URL/],
    [webhook('https://example.com/x', { kind: 'telegram' }), /kind/],
    [webhook('https://example.com/x', { events: [] }), /events must name at least one event/],
    [
      webhook('https://example.com/x', { events: ['batch_started'] }),
      /events must hold batch_finished, batch_failed, cookies_rejected, markup_drift, reminder or job_closed$/,
    ],
    [webhook('https://example.com/x', { name: '   ' }), /name must not be empty/],
    [email({ smtp_port: 70000 }), /smtp_port must be a port number from 1 to 65535/],
    [email({ smtp_port: '25' }), /smtp_port must be a port number/],
    [email({ smtp_host: 'smtp example com' }), /smtp_host must be a host name/],
    [email({ smtp_tls: 'ssl' }), /smtp_tls must be none, starttls or tls/],
    [email({ email_to: 'me at example.com' }), /email_to must be an e-mail address/],
    [email({ email_from: 'Scout <scout@example.com>' }), /email_from must be an e-mail address/],
  ])('answers 400 with a clear error for %j', async (body, message) => {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(message);
    const list = await server.authed({ method: 'GET', url: `${URL_BASE}/channels` });
    expect(list.json()).toEqual([]);
  });

  it('subscribes a channel to markup_drift (issue 32)', async () => {
    const res = await create(webhook('https://example.com/x', { events: ['markup_drift'] }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ events: ['markup_drift'] });
    const list = await server.authed({ method: 'GET', url: `${URL_BASE}/channels` });
    expect(list.json()).toEqual([expect.objectContaining({ events: ['markup_drift'] })]);
  });

  it("refuses to change a channel's kind, and answers 404 for an unknown one", async () => {
    const created = notificationChannelSchema.parse(
      (await create(webhook(`${receiver.url}/h`))).json(),
    );
    const res = await server.authed({
      method: 'PUT',
      url: `${URL_BASE}/channels/${created.id}`,
      payload: webhook(`${receiver.url}/h`, { kind: 'slack' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/kind cannot change/);
    const missing = await server.authed({
      method: 'PUT',
      url: `${URL_BASE}/channels/999`,
      payload: webhook(`${receiver.url}/h`),
    });
    expect(missing.statusCode).toBe(404);
    const badId = await server.authed({ method: 'POST', url: `${URL_BASE}/channels/abc/test` });
    expect(badId.statusCode).toBe(400);
  });
});

describe('Send test and the recent deliveries', () => {
  it("shows the server's answer in one line when a test fails, without the secret", async () => {
    await receiver.close();
    receiver = await startReceiver({
      kind: 'fail-first',
      count: 1,
      status: 404,
      body: 'no_service\n(token gone)',
    });
    const created = notificationChannelSchema.parse(
      (await create(webhook(`${receiver.url}/services/tok-1234`, { kind: 'slack' }))).json(),
    );
    const res = await server.authed({
      method: 'POST',
      url: `${URL_BASE}/channels/${created.id}/test`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ delivered: false, detail: 'HTTP 404: no_service (token gone)' });

    const recent = await server.authed({ method: 'GET', url: `${URL_BASE}/deliveries` });
    const list = deliveryListSchema.parse(recent.json());
    expect(list).toMatchObject([
      {
        channel_name: 'Team hook',
        event: 'test',
        status: 'failed',
        error: 'HTTP 404: no_service (token gone)',
      },
    ]);
    expect(recent.body).not.toContain('tok-1234');
  });

  it('sends a test e-mail through a real SMTP server', async () => {
    const smtp = await startSmtpReceiver();
    try {
      const created = await createLocalEmail(smtp.port, { smtp_user: '', smtp_password: '' });
      expect(created.secret_hint).toBeNull();
      const res = await server.authed({
        method: 'POST',
        url: `${URL_BASE}/channels/${created.id}/test`,
      });
      expect(res.json<{ delivered: boolean }>().delivered).toBe(true);
      const mail = (await smtp.waitFor(1))[0];
      expect(mail?.mail.subject).toBe('jobscout test notification');
      expect(mail?.mail.text).toContain('https://scout.example.com/jobs');
    } finally {
      await smtp.close();
    }
  });

  it('keeps the last 20, newest first', async () => {
    const created = notificationChannelSchema.parse(
      (await create(webhook(`${receiver.url}/h`))).json(),
    );
    for (let i = 0; i < 22; i++) {
      await server.authed({ method: 'POST', url: `${URL_BASE}/channels/${created.id}/test` });
    }
    const list = deliveryListSchema.parse(
      (await server.authed({ method: 'GET', url: `${URL_BASE}/deliveries` })).json(),
    );
    expect(list).toHaveLength(20);
    expect(list[0]?.id).toBeGreaterThan(list[19]?.id ?? Infinity);
  });
});

describe('secrets in what a receiver answers', () => {
  // A receiver that quotes only the part of the URL it looked at: each part is masked alone.
  const TOKEN_SEGMENT = 'pathT0kenSegment42';
  const QUERY_VALUE = 'queryT0ken/Value+99';
  const at = (pathAndQuery: string) => new URL(pathAndQuery, 'http://receiver.invalid');

  async function failingTest(answer: (pathAndQuery: string) => string, kind = 'webhook') {
    await receiver.close();
    receiver = await startReceiver({ kind: 'echo', status: 401, answer });
    const url = `${receiver.url}/hooks/T0AB12CD/${TOKEN_SEGMENT}?token=${encodeURIComponent(QUERY_VALUE)}&v=2`;
    const created = notificationChannelSchema.parse((await create(webhook(url, { kind }))).json());
    const test = await server.authed({
      method: 'POST',
      url: `${URL_BASE}/channels/${created.id}/test`,
    });
    const recent = await server.authed({ method: 'GET', url: `${URL_BASE}/deliveries` });
    return {
      detail: testResultSchema.parse(test.json()).detail,
      error: deliveryListSchema.parse(recent.json())[0]?.error,
      bodies: test.body + recent.body,
    };
  }

  it.each([
    [
      'a path segment alone',
      (p: string) => `unknown token ${at(p).pathname.split('/').at(-1) ?? ''}`,
      'HTTP 401: unknown token ***',
    ],
    [
      'a query value alone, decoded',
      (p: string) => `token ${at(p).searchParams.get('token') ?? ''} was revoked`,
      'HTTP 401: token *** was revoked',
    ],
    [
      'a query value alone, as sent',
      (p: string) => `{"error":"bad token","token":"${/token=([^&]*)/.exec(p)?.[1] ?? ''}"}`,
      'HTTP 401: {"error":"bad token","token":"***"}',
    ],
    [
      'a segment in another case',
      (p: string) => `no hook ${(at(p).pathname.split('/').at(-1) ?? '').toUpperCase()}`,
      'HTTP 401: no hook ***',
    ],
    ['the path and query', (p: string) => `POST ${p} refused`, 'HTTP 401: POST *** refused'],
  ])('masks %s in Send test and Recent notifications', async (_name, answer, expected) => {
    const { detail, error, bodies } = await failingTest(answer);
    expect(detail).toBe(expected);
    expect(error).toBe(expected);
    for (const part of [TOKEN_SEGMENT, QUERY_VALUE, encodeURIComponent(QUERY_VALUE)]) {
      expect(bodies.toLowerCase()).not.toContain(part.toLowerCase());
    }
  });

  it.each(['slack', 'discord', 'ntfy'])('masks a segment a %s receiver echoes', async (kind) => {
    const { detail } = await failingTest(
      (p) => `invalid ${at(p).pathname.split('/').at(-1) ?? ''}`,
      kind,
    );
    expect(detail).toBe('HTTP 401: invalid ***');
  });

  it('keeps the short, ordinary parts of a URL readable', async () => {
    const { detail } = await failingTest(() => 'hooks v=2 is gone');
    expect(detail).toBe('HTTP 401: hooks v=2 is gone');
  });

  it('masks the SMTP password an SMTP server quotes when it refuses it', async () => {
    const password = 'Sm7p-Pa55word!';
    const smtp = await startSmtpReceiver({ user: 'scout', password, echoPassword: true });
    try {
      const created = await createLocalEmail(smtp.port, { smtp_password: password });
      const test = await server.authed({
        method: 'POST',
        url: `${URL_BASE}/channels/${created.id}/test`,
      });
      const { detail } = testResultSchema.parse(test.json());
      expect(detail).toMatch(/^AUTH PLAIN: 535 .*Password \*\*\* is not valid for scout/);
      const recent = await server.authed({ method: 'GET', url: `${URL_BASE}/deliveries` });
      expect(deliveryListSchema.parse(recent.json())[0]?.error).toBe(detail);
      expect(test.body + recent.body).not.toContain(password);
    } finally {
      await smtp.close();
    }
  });
});

describe('ports fetch refuses', () => {
  it.each(
    ['webhook', 'slack', 'discord', 'ntfy'].flatMap((kind) =>
      ['9', '25', '6000'].map((port) => [kind, port] as const),
    ),
  )('refuses a %s URL on port %s when saved, naming the port', async (kind, port) => {
    const res = await create(webhook(`http://127.0.0.1:${port}/topic-x`, { kind }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: `url must not use port ${port}: fetch refuses to connect to it (it belongs to another protocol)`,
    });
    const list = await server.authed({ method: 'GET', url: `${URL_BASE}/channels` });
    expect(list.json()).toEqual([]);
  });

  it('refuses it on a change too, keeping the stored URL, and accepts the ports beside it', async () => {
    const created = notificationChannelSchema.parse(
      (await create(webhook(`${receiver.url}/topic-x`, { kind: 'ntfy' }))).json(),
    );
    const put = await server.authed({
      method: 'PUT',
      url: `${URL_BASE}/channels/${created.id}`,
      payload: webhook('https://ntfy.example.com:6666/topic-x', { kind: 'ntfy' }),
    });
    expect(put.statusCode).toBe(400);
    expect(put.json<{ error: string }>().error).toMatch(/^url must not use port 6666: /);
    const test = await server.authed({
      method: 'POST',
      url: `${URL_BASE}/channels/${created.id}/test`,
    });
    expect(testResultSchema.parse(test.json()).delivered).toBe(true);
    for (const port of ['6001', '8080', '2525']) {
      expect((await create(webhook(`https://hooks.example.com:${port}/h`))).statusCode).toBe(201);
    }
  });
});

describe('a batch against the simulated site', () => {
  it('queues the batch-finished message with the batch and delivers it in the background', async () => {
    seedQueries(server.database, [
      { jobTitle: 'Engineer', ...BERLIN },
      { jobTitle: 'Designer', ...PARIS },
    ]);
    await create(webhook(`${receiver.url}/h`));
    const res = await server.authed({ method: 'POST', url: '/api/v1/batches' });
    const batchId = res.json<{ id: number }>().id;
    await server.ctx.runner.runner.idle();
    const [request] = await receiver.waitFor(1);
    const newJobs = server.database.sqlite
      .prepare('SELECT COUNT(*) AS n FROM jobs WHERE first_seen_batch_id = ?')
      .pluck()
      .get(batchId);
    expect(newJobs).toBeGreaterThan(0);
    expect(request?.json).toMatchObject({
      event: 'batch_finished',
      batch: { id: batchId, status: 'completed' },
      new_jobs_count: newJobs,
      jobs_url: `https://scout.example.com/jobs?batch=${batchId}`,
    });
    // The receiver has it; the worker records the outcome right after.
    await server.ctx.notifications.drain();
    const recent = deliveryListSchema.parse(
      (await server.authed({ method: 'GET', url: `${URL_BASE}/deliveries` })).json(),
    );
    expect(recent).toMatchObject([
      { event: 'batch_finished', batch_id: batchId, status: 'delivered' },
    ]);
  });

  it('never holds up the runner: a receiver that hangs does not delay the batch or the next one', async () => {
    await receiver.close();
    receiver = await startReceiver({ kind: 'hang' });
    seedQueries(server.database, [{ jobTitle: 'Engineer', ...BERLIN }]);
    await create(webhook(`${receiver.url}/h`));
    const started = Date.now();
    const first = await server.authed({ method: 'POST', url: '/api/v1/batches' });
    expect(first.statusCode).toBe(201);
    await server.ctx.runner.runner.idle();
    // The first message is being sent (and hangs) while the next batch runs and ends.
    await receiver.waitFor(1);
    const second = await server.authed({ method: 'POST', url: '/api/v1/batches' });
    expect(second.statusCode).toBe(201);
    await server.ctx.runner.runner.idle();
    expect(Date.now() - started).toBeLessThan(5_000);
    const statuses = server.database.sqlite
      .prepare('SELECT status FROM batches ORDER BY id')
      .pluck()
      .all();
    expect(statuses).toEqual(['completed', 'completed']);
  });

  it('tells the operator to paste new cookies when the site asks to sign in', async () => {
    seedQueries(server.database, [{ jobTitle: 'Engineer', ...BERLIN }]);
    await create(webhook(`${receiver.url}/h`));
    simulator.faults.authWall();
    await server.authed({ method: 'POST', url: '/api/v1/batches' });
    await server.ctx.runner.runner.idle();
    const [request] = await receiver.waitFor(1);
    expect(request?.json).toMatchObject({
      event: 'cookies_rejected',
      batch: { status: 'failed' },
      settings_url: 'https://scout.example.com/settings',
    });
    expect(z.object({ text: z.string() }).parse(request?.json).text).toContain(
      'Paste new cookies in Settings.',
    );
  });
});
