import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notificationChannelWriteSchema, type NotificationChannelWrite } from '../../contract';
import { openTempDatabase, recordingLog, type RecordingLog } from '../../runner/runner-test-kit';
import type { OpenedDatabase } from '../../db/database';
import { insertChannel } from '../../db/notifications/channels';
import {
  startReceiver,
  startSmtpReceiver,
  type Receiver,
  type SmtpReceiver,
} from './notification-test-kit';
import { notificationMessageSchema } from './message';
import { createNotificationWorker, type NotificationWorker } from './worker';

// The outbox and its worker against real counterparts: a local HTTP receiver per webhook
// shape and an in-process SMTP server. The clock is ours, so backoff steps are moved through.

const T0 = Date.parse('2026-11-02T09:00:00Z');
const CONTEXT = { siteName: 'LinkedIn', publicUrl: 'https://scout.example.com' };

let database: OpenedDatabase;
let dataDir: string;
let clock: number;
let log: RecordingLog;
const workers: NotificationWorker[] = [];

/** The item at `index` (negative from the end), failing the test when there is none. */
function nth<T>(list: readonly T[], index: number): T {
  const item = list.at(index);
  if (item === undefined) throw new Error(`no item ${index} in a list of ${list.length}`);
  return item;
}
const closers: Array<() => Promise<void>> = [];

beforeEach(async () => {
  ({ database, dataDir } = await openTempDatabase());
  clock = T0;
  log = recordingLog();
});
afterEach(async () => {
  for (const w of workers.splice(0)) await w.close();
  for (const c of closers.splice(0)) await c();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function worker(db = database, options: { sendTimeoutMs?: number } = {}): NotificationWorker {
  const w = createNotificationWorker({
    connection: db.connection,
    now: () => clock,
    log,
    context: CONTEXT,
    sendTimeoutMs: options.sendTimeoutMs,
  });
  workers.push(w);
  return w;
}

async function receiver(behaviour?: Parameters<typeof startReceiver>[0]): Promise<Receiver> {
  const r = await startReceiver(behaviour);
  closers.push(() => r.close());
  return r;
}

const base = {
  enabled: true,
  events: ['batch_finished', 'batch_failed', 'cookies_rejected'] as const,
  only_new_jobs: false,
};

async function addChannel(
  write: Omit<NotificationChannelWrite, 'enabled' | 'events' | 'only_new_jobs'> &
    Partial<NotificationChannelWrite>,
) {
  return insertChannel(
    database.db,
    notificationChannelWriteSchema.parse({ ...base, events: [...base.events], ...write }),
    clock,
  );
}

/** A finished batch with `newJobs` jobs first seen in it, one failed run, and one old job. */
function seedBatch(newJobs: number, status: 'completed' | 'failed' = 'completed'): number {
  const s = database.sqlite;
  s.prepare(
    `INSERT INTO batches (id, kind, status, started_at) VALUES (1, 'manual', 'running', ?)`,
  ).run(T0 - 1);
  const batchId = Number(
    s
      .prepare(`INSERT INTO batches (kind, status, started_at) VALUES ('manual', 'running', ?)`)
      .run(T0).lastInsertRowid,
  );
  const q = s.prepare(
    `INSERT INTO queries (job_title, location_id, display_name, status, is_ai, created_at, updated_at)
     VALUES ('Engineer', 1, 'Berlin', 'active', 0, 0, 0)`,
  );
  const queryId = Number(q.run().lastInsertRowid);
  s.prepare(
    `INSERT INTO query_runs (batch_id, query_id, job_title, location, location_id, is_ai, status, error)
     VALUES (?, ?, 'Engineer', 'Berlin', 1, 0, 'failed', 'LinkedIn answered HTTP 500 for /jobs (2 attempts)')`,
  ).run(batchId, queryId);
  const job = s.prepare(
    `INSERT INTO jobs (id, title, company_name, company_normalized, location, url, first_seen_batch_id, first_seen_at)
     VALUES (?, ?, ?, ?, 'Berlin, Germany', ?, ?, ?)`,
  );
  job.run('999', 'Old job', 'Acme', 'acme', 'https://www.linkedin.com/jobs/view/999', 1, T0 - 1);
  for (let i = 1; i <= newJobs; i++) {
    job.run(
      String(i),
      `Engineer <${i}> & *co*`,
      `Company ${i}`,
      `company ${i}`,
      `https://www.linkedin.com/jobs/view/${i}`,
      batchId,
      T0 + i,
    );
  }
  s.prepare(`UPDATE batches SET status = ?, finished_at = ?, error = ? WHERE id = ?`).run(
    status,
    T0 + 1000,
    status === 'failed' ? 'All 1 query runs failed' : null,
    batchId,
  );
  return batchId;
}

function finish(
  w: NotificationWorker,
  batchId: number,
  status: 'completed' | 'failed' = 'completed',
  cookiesRejected = false,
): Promise<void> {
  // As the runner does it: inside the write that ends the batch.
  return database.connection.write(() =>
    w.onBatchFinished({ batchId, status, error: null, cookiesRejected, now: clock }),
  );
}

const outboxRowSchema = z.object({
  channel_id: z.number(),
  event: z.string(),
  status: z.string(),
  attempts: z.number(),
  error: z.string().nullable(),
  next_attempt_at: z.number(),
});

function outboxRows() {
  return z
    .array(outboxRowSchema)
    .parse(
      database.sqlite
        .prepare(
          'SELECT channel_id, event, status, attempts, error, next_attempt_at FROM notification_outbox ORDER BY id',
        )
        .all(),
    );
}

// What the receivers got, parsed: the generic payload, and the parts of the others we check.
const genericBody = notificationMessageSchema.extend({ title: z.string(), text: z.string() });
const slackBody = z.object({
  text: z.string(),
  blocks: z.array(
    z.object({ type: z.string(), text: z.object({ type: z.string(), text: z.string() }) }),
  ),
});
const discordBody = z.object({
  content: z.string(),
  embeds: z.array(
    z.object({ title: z.string(), description: z.string(), url: z.string(), color: z.number() }),
  ),
  allowed_mentions: z.unknown(),
});
const ntfyBody = z.object({ message: z.string() });

describe('each webhook shape', () => {
  it('sends the generic, versioned JSON payload', async () => {
    const r = await receiver();
    await addChannel({ name: 'Hook', kind: 'webhook', url: `${r.url}/hook/secret-token` });
    const w = worker();
    await finish(w, seedBatch(12));
    await w.drain();
    expect(r.requests).toHaveLength(1);
    const req = nth(r.requests, 0);
    expect(req.path).toBe('/hook/secret-token');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.json).toMatchObject({
      version: 1,
      event: 'batch_finished',
      site: 'LinkedIn',
      new_jobs_count: 12,
      jobs_url: 'https://scout.example.com/jobs?batch=2',
      failed_runs: [
        { search_term: 'Engineer', location: 'Berlin', error: expect.stringContaining('HTTP 500') },
      ],
      title: 'Batch #2 finished: 12 new jobs',
    });
    const body = genericBody.parse(req.json);
    expect(body.new_jobs).toHaveLength(10);
    expect(body.new_jobs[0]).toEqual({
      id: '1',
      title: 'Engineer <1> & *co*',
      company: 'Company 1',
      location: 'Berlin, Germany',
      url: 'https://www.linkedin.com/jobs/view/1',
      // Issue 40: no profile scored it.
      fit_score: null,
      fit_band: null,
    });
    expect(body.text).toContain('…and 2 more');
    expect(outboxRows()).toMatchObject([{ status: 'delivered', attempts: 1 }]);
  });

  it('sends Slack text and mrkdwn blocks, escaped', async () => {
    const r = await receiver();
    await addChannel({ name: 'Slack', kind: 'slack', url: `${r.url}/services/T000/B000/XXXX` });
    const w = worker();
    await finish(w, seedBatch(2));
    await w.drain();
    const body = slackBody.parse(nth(r.requests, 0).json);
    expect(body.text).toBe('Batch #2 finished with 2 new jobs and 1 failed query run.');
    expect(body.blocks[0]).toEqual({
      type: 'section',
      text: { type: 'mrkdwn', text: expect.stringContaining('*Batch #2 finished: 2 new jobs*') },
    });
    const jobs = nth(body.blocks, 1).text.text;
    expect(jobs).toContain('<https://www.linkedin.com/jobs/view/1|Engineer &lt;1&gt; &amp; *co*>');
    expect(jobs).not.toContain('<1>');
    expect(nth(body.blocks, -1).text.text).toBe(
      '<https://scout.example.com/jobs?batch=2|View the new jobs>',
    );
    for (const block of body.blocks) expect(block.text.text.length).toBeLessThanOrEqual(3000);
  });

  it('sends Discord content and an embed within the limits, mentions off', async () => {
    const r = await receiver({ kind: 'ok', status: 204 });
    await addChannel({ name: 'Discord', kind: 'discord', url: `${r.url}/api/webhooks/1/abc` });
    const w = worker();
    await finish(w, seedBatch(3));
    await w.drain();
    const body = discordBody.parse(nth(r.requests, 0).json);
    expect(body.content).toContain('Batch #2 finished with 3 new jobs');
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(nth(body.embeds, 0).title).toBe('Batch #2 finished: 3 new jobs');
    expect(nth(body.embeds, 0).url).toBe('https://scout.example.com/jobs?batch=2');
    expect(nth(body.embeds, 0).description).toContain(
      '[Engineer <1> & \\*co\\*](https://www.linkedin.com/jobs/view/1)',
    );
    expect(nth(outboxRows(), 0).status).toBe('delivered');
  });

  it('publishes to ntfy as JSON with topic, title, tags and click', async () => {
    const r = await receiver();
    await addChannel({ name: 'Phone', kind: 'ntfy', url: `${r.url}/jobscout-alerts` });
    const w = worker();
    await finish(w, seedBatch(1));
    await w.drain();
    const req = nth(r.requests, 0);
    expect(req.path).toBe('/');
    expect(req.json).toMatchObject({
      topic: 'jobscout-alerts',
      title: 'Batch #2 finished: 1 new job',
      tags: ['information_source'],
      click: 'https://scout.example.com/jobs?batch=2',
    });
    expect(ntfyBody.parse(req.json).message).toContain('https://www.linkedin.com/jobs/view/1');
  });
});

describe('e-mail over SMTP', () => {
  let smtp: SmtpReceiver;
  beforeEach(async () => {
    smtp = await startSmtpReceiver({ user: 'scout', password: 'smtp-pass-1234' });
    closers.push(() => smtp.close());
  });

  const email = (password: string) => ({
    name: 'Mail',
    kind: 'email' as const,
    smtp_host: '127.0.0.1',
    smtp_port: smtp.port,
    smtp_tls: 'none' as const,
    smtp_user: 'scout',
    smtp_password: password,
    email_from: 'scout@example.com',
    email_to: 'me@example.com',
  });

  it('delivers a mail with subject, text and escaped HTML parts', async () => {
    await addChannel(email('smtp-pass-1234'));
    const w = worker();
    await finish(w, seedBatch(2));
    await w.drain();
    const received = nth(await smtp.waitFor(1), 0);
    expect(received.user).toBe('scout');
    expect(received.envelope).toEqual({ from: 'scout@example.com', to: ['me@example.com'] });
    expect(received.mail.subject).toBe('Batch #2 finished: 2 new jobs');
    expect(received.mail.text).toContain(
      'Batch #2 finished with 2 new jobs and 1 failed query run.',
    );
    expect(received.mail.text).toContain('https://scout.example.com/jobs?batch=2');
    const html = String(received.mail.html);
    expect(html).toContain('Engineer &lt;1&gt; &amp; *co*');
    expect(html).not.toContain('<1>');
    expect(html).toContain('<a href="https://www.linkedin.com/jobs/view/1">');
    expect(nth(outboxRows(), 0).status).toBe('delivered');
  });

  it.each([
    ['tls', /^ESOCKET: /],
    ['starttls', /^STARTTLS: 500 /],
  ] as const)(
    'uses exactly the TLS mode chosen: %s against a server without TLS fails in one line',
    async (mode, message) => {
      await addChannel({ ...email('smtp-pass-1234'), smtp_tls: mode });
      const w = worker(database, { sendTimeoutMs: 2_000 });
      await finish(w, seedBatch(1));
      await w.drain();
      const row = nth(outboxRows(), 0);
      expect(row.status).toBe('pending');
      expect(row.error).toMatch(message);
      expect(row.error).not.toMatch(/\n/);
      expect(smtp.mails).toHaveLength(0);
    },
  );

  it('records the SMTP error in one line, without the password, and logs only name and code', async () => {
    await addChannel(email('wrong-password-5678'));
    const w = worker();
    await finish(w, seedBatch(1));
    await w.drain();
    const row = nth(outboxRows(), 0);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.error).toMatch(/^AUTH PLAIN: 535 /);
    expect(row.error).not.toContain('wrong-password-5678');
    const logged = JSON.stringify(log.entries);
    expect(logged).not.toContain('wrong-password-5678');
    expect(
      nth(
        log.entries.filter((e) => e.level === 'warn'),
        0,
      ).obj,
    ).toEqual({
      channel: 'Mail',
      event: 'batch_finished',
      code: 'EAUTH',
      outcome: 'retry',
    });
  });
});

describe('secrets a receiver echoes', () => {
  it('keeps the failure with the URL parts masked, and logs none of it', async () => {
    const r = await receiver({
      kind: 'echo',
      status: 403,
      answer: (p) => {
        const u = new URL(p, 'http://receiver.invalid');
        return `topic ${u.pathname.slice(1)} needs token ${u.searchParams.get('auth') ?? ''}`;
      },
    });
    await addChannel({ name: 'Hook', kind: 'webhook', url: `${r.url}/jobs-7fQ2x9?auth=tk_Zr83nQ` });
    const w = worker();
    await finish(w, seedBatch(1));
    await w.drain();
    expect(nth(outboxRows(), 0).error).toBe('HTTP 403: topic *** needs token ***');
    const logged = JSON.stringify(log.entries);
    expect(logged).not.toContain('jobs-7fQ2x9');
    expect(logged).not.toContain('tk_Zr83nQ');
  });
});

describe('retries, timeouts and restarts', () => {
  it('retries after 1, 5 and 30 minutes: a receiver failing twice gets the message on the third try', async () => {
    const r = await receiver({ kind: 'fail-first', count: 2, status: 503, body: 'busy' });
    await addChannel({ name: 'Flaky', kind: 'webhook', url: `${r.url}/h/token-abcdef` });
    const w = worker();
    await finish(w, seedBatch(1));
    await w.drain();
    expect(outboxRows()[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      error: 'HTTP 503: busy',
      next_attempt_at: T0 + 60_000,
    });
    // Not due yet: nothing is sent.
    clock += 59_000;
    await w.drain();
    expect(r.requests).toHaveLength(1);
    clock += 1_000;
    await w.drain();
    expect(outboxRows()[0]).toMatchObject({ attempts: 2, next_attempt_at: clock + 300_000 });
    clock += 300_000;
    await w.drain();
    expect(r.requests).toHaveLength(3);
    expect(outboxRows()[0]).toMatchObject({ status: 'delivered', attempts: 3, error: null });
    // Delivered: never sent again.
    clock += 3_600_000;
    await w.drain();
    expect(r.requests).toHaveLength(3);
    expect(JSON.stringify(log.entries)).not.toContain('token-abcdef');
  });

  it('gives up after the third retry and marks the delivery failed with the reason', async () => {
    const r = await receiver({ kind: 'fail-first', count: 99, status: 500, body: 'boom' });
    await addChannel({ name: 'Broken', kind: 'slack', url: `${r.url}/services/x` });
    const w = worker();
    await finish(w, seedBatch(1));
    for (const step of [0, 60_000, 300_000, 1_800_000]) {
      clock += step;
      await w.drain();
    }
    expect(r.requests).toHaveLength(4);
    expect(outboxRows()[0]).toMatchObject({
      status: 'failed',
      attempts: 4,
      error: 'HTTP 500: boom',
    });
    clock += 86_400_000;
    await w.drain();
    expect(r.requests).toHaveLength(4);
    expect(nth(log.entries, -1).msg).toBe('notification failed, giving up');
  });

  it('times out a receiver that never answers, and retries later', async () => {
    const r = await receiver({ kind: 'hang' });
    await addChannel({ name: 'Hang', kind: 'discord', url: `${r.url}/api/webhooks/2/tok` });
    const w = worker(database, { sendTimeoutMs: 300 });
    await finish(w, seedBatch(1));
    const started = Date.now();
    await w.drain();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(outboxRows()[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      error: 'No answer within 0.3 s',
    });
  });

  it('survives a restart between queueing and delivery: nothing lost, nothing sent twice', async () => {
    const r = await receiver();
    await addChannel({ name: 'Hook', kind: 'webhook', url: `${r.url}/h` });
    const first = worker();
    finish(first, seedBatch(4));
    // The process stops before the worker got to the row.
    await first.close();
    expect(r.requests).toHaveLength(0);
    await database.close();

    ({ database } = await openTempDatabase(dataDir));
    const second = worker(database);
    // What the server's background registry runs once it answers.
    void second.drain();
    await r.waitFor(1);
    await second.drain();
    expect(genericBody.parse(nth(r.requests, 0).json).new_jobs_count).toBe(4);
    await second.close();
    await database.close();

    // A third start finds it delivered and sends nothing.
    ({ database } = await openTempDatabase(dataDir));
    const third = worker(database);
    await third.drain();
    expect(r.requests).toHaveLength(1);
  });

  it("waits out a crashed worker's lease before trying its row again", async () => {
    const r = await receiver();
    await addChannel({ name: 'Hook', kind: 'webhook', url: `${r.url}/h` });
    const w = worker();
    await finish(w, seedBatch(1));
    // A process claimed the row and died before recording anything.
    database.sqlite.prepare('UPDATE notification_outbox SET lease_until = ?').run(clock + 60_000);
    await w.drain();
    expect(r.requests).toHaveLength(0);
    clock += 60_000;
    await w.drain();
    expect(r.requests).toHaveLength(1);
    expect(nth(outboxRows(), 0).status).toBe('delivered');
  });
});

describe('which channels hear of what', () => {
  it('queues per channel by its events and "only when there are new jobs"', async () => {
    const r = await receiver();
    const all = await addChannel({ name: 'All', kind: 'webhook', url: `${r.url}/all` });
    const newOnly = await addChannel({
      name: 'New only',
      kind: 'webhook',
      url: `${r.url}/new`,
      only_new_jobs: true,
    });
    await addChannel({
      name: 'Failures',
      kind: 'webhook',
      url: `${r.url}/fail`,
      events: ['batch_failed'],
    });
    await addChannel({ name: 'Off', kind: 'webhook', url: `${r.url}/off`, enabled: false });
    const w = worker();
    await finish(w, seedBatch(0));
    expect(outboxRows()).toEqual([
      expect.objectContaining({ channel_id: all.id, event: 'batch_finished' }),
    ]);
    expect(newOnly.onlyNewJobs).toBe(true);
  });

  it('sends "Paste new cookies in Settings" when the site asked to sign in', async () => {
    const r = await receiver();
    await addChannel({ name: 'Cookies', kind: 'webhook', url: `${r.url}/c` });
    await addChannel({
      name: 'Failures',
      kind: 'webhook',
      url: `${r.url}/f`,
      events: ['batch_failed'],
    });
    const w = worker();
    await finish(w, seedBatch(0, 'failed'), 'failed', true);
    await w.drain();
    const byPath = Object.fromEntries(r.requests.map((q) => [q.path, genericBody.parse(q.json)]));
    expect(byPath['/c']).toMatchObject({
      event: 'cookies_rejected',
      settings_url: 'https://scout.example.com/settings',
    });
    expect(byPath['/c']?.text).toContain('Paste new cookies in Settings.');
    expect(byPath['/f']).toMatchObject({ event: 'batch_failed' });
    expect(byPath['/f']?.text).toContain('All 1 query runs failed');
  });

  it("leaves blocked companies' jobs out of the new jobs", async () => {
    const r = await receiver();
    await addChannel({ name: 'Hook', kind: 'webhook', url: `${r.url}/h` });
    const w = worker();
    const id = seedBatch(3);
    database.sqlite
      .prepare(
        `INSERT INTO banned_companies (id, normalized_name, created_at) VALUES (77, 'company 2', 0)`,
      )
      .run();
    await finish(w, id);
    await w.drain();
    const body = genericBody.parse(nth(r.requests, 0).json);
    expect(body.new_jobs_count).toBe(2);
    expect(body.new_jobs.map((j) => j.company)).toEqual(['Company 1', 'Company 3']);
  });

  it('names no job a rule hid or muted, counts the hidden ones, and is no news alone', async () => {
    const r = await receiver();
    await addChannel({ name: 'Hook', kind: 'webhook', url: `${r.url}/h` });
    await addChannel({ name: 'New only', kind: 'webhook', url: `${r.url}/n`, only_new_jobs: true });
    const w = worker();
    const id = seedBatch(3);
    database.sqlite
      .exec(`INSERT INTO rules (id, name, conditions, match, exceptions, action, enabled, position,
        created_at, updated_at) VALUES (5, 'R', '[]', 'any', '[]', 'hide', 1, 1, 0, 0)`);
    database.sqlite.exec(
      `UPDATE jobs SET state = 'hidden', hidden_by_rule_id = 5 WHERE id IN ('1', '3')`,
    );
    database.sqlite.exec(`UPDATE jobs SET muted_by_rule_id = 5 WHERE id = '2'`);
    await finish(w, id);
    await w.drain();
    // Nothing left to name: the "only when there are new jobs" channel hears nothing.
    expect(r.requests.map((q) => q.path)).toEqual(['/h']);
    const body = genericBody.parse(nth(r.requests, 0).json);
    expect(body).toMatchObject({
      new_jobs_count: 3,
      hidden_by_rules_count: 2,
      listed_jobs_count: 0,
      new_jobs: [],
      title: 'Batch #2 finished: 3 new jobs (2 hidden by rules)',
    });
  });

  it('never keeps a batch from ending when queueing fails', async () => {
    const r = await receiver();
    const channel = await addChannel({ name: 'Hook', kind: 'webhook', url: `${r.url}/h` });
    database.sqlite
      .prepare('UPDATE notification_channels SET settings = ? WHERE id = ?')
      .run('{"kind":"carrier-pigeon"}', channel.id);
    const w = worker();
    const id = seedBatch(1);
    database.sqlite.prepare(`UPDATE batches SET status = 'enriching' WHERE id = ?`).run(id);
    // As the runner does it: the batch's end and the hook in one write.
    await database.connection.write(() => {
      database.sqlite.prepare(`UPDATE batches SET status = 'completed' WHERE id = ?`).run(id);
      w.onBatchFinished({
        batchId: id,
        status: 'completed',
        error: null,
        cookiesRejected: false,
        now: clock,
      });
    });
    expect(database.sqlite.prepare('SELECT status FROM batches WHERE id = ?').pluck().get(id)).toBe(
      'completed',
    );
    expect(outboxRows()).toEqual([]);
    expect(log.entries.at(-1)).toMatchObject({
      level: 'error',
      msg: 'could not queue notifications',
    });
  });

  it('queues a batch only once, even when its end is recorded twice', async () => {
    const r = await receiver();
    await addChannel({ name: 'Hook', kind: 'webhook', url: `${r.url}/h` });
    const w = worker();
    const id = seedBatch(1);
    await finish(w, id);
    await finish(w, id);
    expect(outboxRows()).toHaveLength(1);
  });
});
