import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notificationChannelSchema } from '../../contract';
import { SETTING_KEYS } from '../../db/settings';
import { startReceiver, type Receiver } from '../notifications/notification-test-kit';
import { notificationMessageSchema } from '../notifications/message';
import {
  pipelineServers,
  seedApplication,
  setNextStep,
  type PipelineServer,
  type PipelineServerSet,
} from './pipeline-test-kit';
import { reminderOwed } from './sweep';

// Issue 33's reminders through the server as it runs: the sweep queues them in the outbox, the
// notification worker delivers them to a real webhook receiver. The clock is the test's: a
// reminder goes out when the clock reaches its moment, once, and never again after a restart.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let servers: PipelineServerSet;
let server: PipelineServer | undefined;
let receiver: Receiver;

beforeEach(async () => {
  servers = pipelineServers();
  receiver = await startReceiver();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await receiver.close();
  servers.remove();
});

async function boot(): Promise<PipelineServer> {
  server = await servers.start();
  return server;
}

async function addChannel(
  s: PipelineServer,
  name: string,
  extra: { events?: string[]; enabled?: boolean } = {},
) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/v1/notifications/channels',
    headers: { authorization: `Bearer ${s.token}` },
    payload: {
      name,
      kind: 'webhook',
      enabled: extra.enabled ?? true,
      events: extra.events ?? ['reminder'],
      only_new_jobs: false,
      url: `${receiver.url}/${name}`,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return notificationChannelSchema.parse(res.json());
}

function saveLead(s: PipelineServer, lead: 'none' | '1h' | '1d') {
  s.database.sqlite
    .prepare(
      `INSERT INTO settings (key, value) VALUES (?, ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    )
    .run(SETTING_KEYS.pipeline, JSON.stringify({ no_answer_days: 30, reminder_lead: lead }));
}

/** Moves the clock to `at`, sweeps and delivers what it queued; answers how many it recorded. */
async function sweepAt(s: PipelineServer, at: number): Promise<number> {
  servers.clock.now = at;
  const recorded = await s.ctx.reminders.sweep();
  await s.ctx.notifications.drain();
  return recorded;
}

const sentSchema = z.looseObject({ title: z.string(), text: z.string() });

/** What the receiver got: each request's path, the reminder and the words. */
function received() {
  return receiver.requests.map((r) => {
    const message = notificationMessageSchema.parse(r.json);
    return { path: r.path, message, ...sentSchema.parse(r.json) };
  });
}

const T0 = Date.parse('2026-11-02T08:00:00Z');
const STEP = T0 + 2 * HOUR; // 11:00 in Berlin (UTC+1 in November)

describe('next-step reminders', () => {
  it('sends the lead at its time and the step at its own, each once, and nothing after a restart', async () => {
    const s = await boot();
    await addChannel(s, 'hook');
    seedApplication(s.database, {
      jobId: 101,
      title: 'Data Engineer',
      company: 'Acme',
      stage: 'interviewing',
      next: { at: STEP, what: 'phone screen' },
    });
    // The default lead is an hour.
    expect(await sweepAt(s, T0)).toBe(0);
    expect(await sweepAt(s, STEP - HOUR - 1)).toBe(0);
    expect(receiver.requests).toHaveLength(0);

    expect(await sweepAt(s, STEP - HOUR)).toBe(1);
    expect(await sweepAt(s, STEP - 30 * 60_000)).toBe(0);
    expect(received()).toHaveLength(1);
    const lead = received()[0];
    expect(lead?.path).toBe('/hook');
    expect(lead?.message.event).toBe('reminder');
    expect(lead?.message.reminder).toEqual({
      kind: 'lead',
      job_id: 101,
      title: 'Data Engineer',
      company: 'Acme',
      stage: 'interviewing',
      stage_label: 'Interviewing',
      what: 'phone screen',
      at: '2026-11-02T10:00:00.000Z',
      at_text: 'Mon 2 Nov 2026, 11:00 (Europe/Berlin)',
      time_zone: 'Europe/Berlin',
      job_url: 'https://scout.example.com/jobs?job=101',
    });
    expect(lead?.title).toBe('Coming up: Phone screen — Data Engineer at Acme');
    expect(lead?.text).toContain(
      'Next step for Data Engineer at Acme: phone screen, Mon 2 Nov 2026, 11:00 (Europe/Berlin).',
    );
    expect(lead?.text).toContain('Stage: Interviewing');
    expect(lead?.text).toContain('Open the application: https://scout.example.com/jobs?job=101');

    expect(await sweepAt(s, STEP - 1)).toBe(0);
    expect(await sweepAt(s, STEP)).toBe(1);
    expect(await sweepAt(s, STEP + 60_000)).toBe(0);
    expect(received().map((r) => r.message.reminder?.kind)).toEqual(['lead', 'due']);
    expect(received()[1]?.title).toBe('Now: Phone screen — Data Engineer at Acme');

    // A restart: a new server on the same data folder, its first sweep at start included.
    await s.close();
    server = undefined;
    servers.clock.now = STEP + 5 * 60_000;
    const again = await boot();
    expect(await sweepAt(again, STEP + 10 * 60_000)).toBe(0);
    expect(receiver.requests).toHaveLength(2);
    const rows = again.database.sqlite
      .prepare(`SELECT event, status, batch_id FROM notification_outbox ORDER BY id`)
      .all();
    expect(rows).toEqual([
      { event: 'reminder', status: 'delivered', batch_id: null },
      { event: 'reminder', status: 'delivered', batch_id: null },
    ]);
  });

  it('delivers after a restart what was queued before it, once', async () => {
    const s = await boot();
    await addChannel(s, 'hook');
    seedApplication(s.database, {
      jobId: 7,
      title: 'Engineer',
      company: 'Beta',
      next: { at: STEP, what: 'follow up' },
    });
    // Queued, then refused once by the receiver: the server stops while the row waits to retry.
    servers.clock.now = STEP;
    receiver.behaviour = { kind: 'fail-first', count: 1, status: 503 };
    expect(await s.ctx.reminders.sweep()).toBe(1);
    await s.ctx.notifications.drain();
    expect(receiver.requests).toHaveLength(1);
    await s.close();
    server = undefined;

    // After the retry's wait, the next server delivers the queued row and queues nothing more.
    servers.clock.now = STEP + 2 * 60_000;
    const again = await boot();
    await again.ctx.reminders.sweep();
    await again.ctx.notifications.drain();
    expect(receiver.requests).toHaveLength(2);
    expect(received().map((r) => r.message.reminder?.kind)).toEqual(['due', 'due']);
    const status = again.database.sqlite
      .prepare(`SELECT status FROM notification_outbox`)
      .pluck()
      .all();
    expect(status).toEqual(['delivered']);
  });

  it('re-arms a step moved to another time, and forgets the old one', async () => {
    const s = await boot();
    await addChannel(s, 'hook');
    seedApplication(s.database, {
      jobId: 5,
      title: 'Analyst',
      company: 'Gamma',
      next: { at: STEP, what: 'interview' },
    });
    expect(await sweepAt(s, STEP)).toBe(1); // the lead was missed: only the step itself
    const moved = STEP + 2 * DAY;
    setNextStep(s.database, 5, { at: moved, what: 'second interview' });
    expect(await sweepAt(s, moved - HOUR)).toBe(1);
    expect(await sweepAt(s, moved)).toBe(1);
    expect(await sweepAt(s, moved + HOUR)).toBe(0);
    expect(received().map((r) => [r.message.reminder?.kind, r.message.reminder?.what])).toEqual([
      ['due', 'interview'],
      ['lead', 'second interview'],
      ['due', 'second interview'],
    ]);
  });

  it('follows the lead setting: a day ahead, or none', async () => {
    const s = await boot();
    await addChannel(s, 'hook');
    saveLead(s, '1d');
    seedApplication(s.database, {
      jobId: 1,
      title: 'A',
      company: 'Acme',
      next: { at: T0 + 3 * DAY, what: 'call' },
    });
    expect(await sweepAt(s, T0 + 2 * DAY - 1)).toBe(0);
    expect(await sweepAt(s, T0 + 2 * DAY)).toBe(1);
    saveLead(s, 'none');
    setNextStep(s.database, 1, { at: T0 + 5 * DAY, what: 'call again' });
    expect(await sweepAt(s, T0 + 5 * DAY - 60_000)).toBe(0);
    expect(await sweepAt(s, T0 + 5 * DAY)).toBe(1);
    expect(received().map((r) => [r.message.reminder?.kind, r.message.reminder?.what])).toEqual([
      ['lead', 'call'],
      ['due', 'call again'],
    ]);
  });

  it('sends nothing to a disabled channel or one not subscribed to reminders', async () => {
    const s = await boot();
    await addChannel(s, 'subscribed');
    await addChannel(s, 'paused', { enabled: false });
    await addChannel(s, 'batches', { events: ['batch_finished', 'markup_drift'] });
    seedApplication(s.database, {
      jobId: 3,
      title: 'Dev',
      company: 'Delta',
      next: { at: STEP, what: 'call' },
    });
    expect(await sweepAt(s, STEP)).toBe(1);
    expect(receiver.requests.map((r) => r.path)).toEqual(['/subscribed']);
  });

  it('skips steps off the board, cleared, or logged over 7 days after their time', async () => {
    const s = await boot();
    await addChannel(s, 'hook');
    const now = T0 + 30 * DAY;
    seedApplication(s.database, {
      jobId: 1,
      title: 'Off the board',
      company: 'Acme',
      next: { at: now, what: 'call' },
      leftAt: T0,
    });
    seedApplication(s.database, { jobId: 2, title: 'No step', company: 'Acme', next: null });
    seedApplication(s.database, {
      jobId: 3,
      title: 'Logged late',
      company: 'Acme',
      next: { at: now - 7 * DAY - 1, what: 'call' },
    });
    seedApplication(s.database, {
      jobId: 4,
      title: 'Logged this week',
      company: 'Acme',
      next: { at: now - 6 * DAY, what: 'call' },
    });
    expect(await sweepAt(s, now)).toBe(1);
    expect(received().map((r) => r.message.reminder?.title)).toEqual(['Logged this week']);
  });

  it('records a reminder even when no channel hears it, so a channel added later gets no backlog', async () => {
    const s = await boot();
    seedApplication(s.database, {
      jobId: 9,
      title: 'Dev',
      company: 'Acme',
      next: { at: STEP, what: 'call' },
    });
    expect(await sweepAt(s, STEP)).toBe(1);
    await addChannel(s, 'hook');
    expect(await sweepAt(s, STEP + 60_000)).toBe(0);
    expect(receiver.requests).toHaveLength(0);
  });
});

describe('reminderOwed', () => {
  const step = { at: 10 * HOUR, leadQueued: false, dueQueued: false };
  it('owes the lead inside its window, the step from its time, nothing twice', () => {
    expect(reminderOwed(step, 9 * HOUR - 1, HOUR)).toBeNull();
    expect(reminderOwed(step, 9 * HOUR, HOUR)).toBe('lead');
    expect(reminderOwed({ ...step, leadQueued: true }, 9 * HOUR, HOUR)).toBeNull();
    expect(reminderOwed(step, 9 * HOUR, null)).toBeNull();
    expect(reminderOwed(step, 10 * HOUR, HOUR)).toBe('due');
    expect(reminderOwed({ ...step, dueQueued: true }, 11 * HOUR, HOUR)).toBeNull();
  });
});
