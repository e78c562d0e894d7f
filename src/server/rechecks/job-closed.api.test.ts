import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSimulator, type Simulator, type SimJob } from '../../../simulator';
import { notificationChannelSchema } from '../../contract';
import { BERLIN, seedQueries } from '../../runner/runner-test-kit';
import { notificationMessageSchema } from '../notifications/message';
import { startReceiver, type Receiver } from '../notifications/notification-test-kit';
import {
  pipelineServers,
  seedApplication,
  type PipelineServer,
  type PipelineServerSet,
} from '../pipeline-reminders/pipeline-test-kit';

// Issue 41's `job_closed` through the server as it runs, against the simulated site: a re-check
// that finds a job at Saved closed queues its message in the write that records the closing, the
// worker delivers it to a real webhook receiver, once per job: a restart on the same data folder,
// a posting that reopens and closes again, or a job at Applied send nothing more. The next
// batch's message counts the closed jobs. A page gone (404) closes a job only on a second day.

const KEYWORDS = 'closing watch';
const DAY = 86_400_000;
const DETAILS = '/jobs-guest/jobs/api/jobPosting/';

let simulator: Simulator;
let servers: PipelineServerSet;
let server: PipelineServer | undefined;
let receiver: Receiver;
let saved: SimJob;
let applied: SimJob;

beforeEach(async () => {
  simulator = await startSimulator({ jobsPerQuery: 2, jobCount: 200, dailyGrowth: 0 });
  const feature = (title: string, closesAfterHours: number) =>
    simulator.feature({
      title,
      companyName: 'Zürich Søftware',
      hoursAgo: 2,
      easyApply: false,
      keywords: KEYWORDS,
      closesAfterHours,
    });
  saved = feature('Data Engineer <b> & *co*', 30);
  applied = feature('Platform Engineer', 30);
  servers = pipelineServers({ LINKEDIN_BASE_URL: simulator.url, SCRAPE_STALL_MS: '1000' });
  // 04:00 in Berlin, hours before the daily batch's time: only the test starts batches.
  servers.clock.now = Date.parse('2026-11-02T03:00:00Z');
  receiver = await startReceiver();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await receiver.close();
  await simulator.close();
  servers.remove();
});

async function boot(): Promise<PipelineServer> {
  await server?.close();
  server = await servers.start();
  return server;
}

const call = (
  s: PipelineServer,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) =>
  s.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${s.token}` },
    ...(payload === undefined ? {} : { payload }),
  });

async function runBatch(s: PipelineServer): Promise<void> {
  const res = await call(s, 'POST', '/api/v1/batches');
  expect(res.statusCode, res.body).toBe(201);
  await s.ctx.runner.runner.idle();
  await s.ctx.notifications.drain();
}

function nextDay(): void {
  simulator.clock.advance(DAY);
  servers.clock.now += DAY;
}

async function addChannel(s: PipelineServer): Promise<void> {
  const res = await call(s, 'POST', '/api/v1/notifications/channels', {
    name: 'hook',
    kind: 'webhook',
    enabled: true,
    events: ['batch_finished', 'job_closed'],
    only_new_jobs: false,
    url: `${receiver.url}/hook`,
  });
  expect(res.statusCode, res.body).toBe(201);
  notificationChannelSchema.parse(res.json());
}

/** The messages the receiver got, of `event`, as the generic webhook sends them. */
function received(event: 'job_closed' | 'batch_finished') {
  return receiver.requests
    .map((r) => ({
      message: notificationMessageSchema.parse(r.json),
      ...z.looseObject({ title: z.string(), text: z.string() }).parse(r.json),
    }))
    .filter((r) => r.message.event === event);
}

async function firstDay(s: PipelineServer): Promise<void> {
  await addChannel(s);
  seedQueries(s.database, [{ jobTitle: KEYWORDS, ...BERLIN }]);
  await runBatch(s);
  for (const [job, state] of [
    [saved, 'saved'],
    [applied, 'applied'],
  ] as const) {
    const res = await call(s, 'PATCH', `/api/v1/jobs/${job.id}`, { state });
    expect(res.statusCode, res.body).toBe(200);
  }
}

const outboxOf = (s: PipelineServer) =>
  z
    .number()
    .parse(
      s.database.sqlite
        .prepare(`SELECT COUNT(*) FROM notification_outbox WHERE event = 'job_closed'`)
        .pluck()
        .get(),
    );

describe('job_closed', () => {
  it('tells of a job at Saved that closed once, across restarts and a reopening; the next batch counts it', async () => {
    await firstDay(await boot());
    for (let day = 1; day <= 3; day += 1) {
      nextDay();
      await runBatch(await boot());
    }
    // Day 3's re-checks found both closed (on the site since day 1); only the saved one is told.
    const told = received('job_closed');
    expect(told).toHaveLength(1);
    const message = told[0]?.message;
    expect(message?.closed_job).toMatchObject({
      job_id: Number(saved.id),
      title: 'Data Engineer <b> & *co*',
      company: 'Zürich Søftware',
      reason: 'closed',
      stage: 'saved',
      stage_label: 'Saved',
      url: `${simulator.url}/jobs/view/${saved.id}`,
      apply_url: simulator.truth.job(saved.id)?.applyUrl ?? null,
      job_url: `https://scout.example.com/jobs?job=${saved.id}`,
    });
    expect(message?.closed_job?.closed_at).toBe(new Date(servers.clock.now).toISOString());
    expect(message?.closed_job?.closed_at_text).toMatch(/\(Europe\/Berlin\)$/);
    expect(told[0]?.title).toBe('Closed: Data Engineer <b> & *co* at Zürich Søftware');
    expect(told[0]?.text).toContain('which you saved, no longer accepts applications on LinkedIn');
    // Day 3's batch ended before its re-checks: its message counted none; day 4's counts both.
    expect(received('batch_finished').map((r) => r.message.closed_jobs_count)).toEqual([
      0, 0, 0, 0,
    ]);
    nextDay();
    let s = await boot();
    await runBatch(s);
    const day4 = received('batch_finished').at(-1);
    expect(day4?.message.closed_jobs_count).toBe(2);
    expect(day4?.text).toContain('2 of your saved, applied or flagged jobs were found closed');

    // The posting reopens (a read finds it open), then closes again: read again, not told again.
    s.database.sqlite
      .prepare('UPDATE jobs SET closed_at = NULL, last_checked_at = 0 WHERE id = ?')
      .run(saved.id);
    nextDay();
    s = await boot();
    const mark = simulator.requests.length;
    await runBatch(s);
    expect(simulator.requests.slice(mark).some((r) => r.path === `${DETAILS}${saved.id}`)).toBe(
      true,
    );
    expect(
      s.database.sqlite.prepare('SELECT closed_at FROM jobs WHERE id = ?').pluck().get(saved.id),
    ).toBe(servers.clock.now);
    expect(received('job_closed')).toHaveLength(1);
    expect(outboxOf(s)).toBe(1);
  });

  it('closes a job whose page is gone on two days, not on one; a page read again clears the strike', async () => {
    const s = await boot();
    await firstDay(s);
    const put = await call(s, 'PUT', '/api/v1/rechecks/settings', { every_days: 1, budget: 10 });
    expect(put.statusCode, put.body).toBe(200);
    // A saved job the site no longer has, and a posting whose page is missing for a moment.
    seedApplication(s.database, {
      jobId: 4_999_999_990,
      title: 'Gone',
      company: 'Acme',
      stage: 'saved',
    });
    const gone = '4999999990';
    const goneAt = () =>
      z
        .object({ closed_at: z.number().nullable(), recheck_gone_at: z.number().nullable() })
        .parse(
          s.database.sqlite
            .prepare('SELECT closed_at, recheck_gone_at FROM jobs WHERE id = ?')
            .get(gone),
        );

    nextDay();
    simulator.faults.add({
      kind: 'status',
      status: 404,
      pathPrefix: `${DETAILS}${saved.id}`,
      count: 1,
    });
    await runBatch(s);
    const struck = servers.clock.now;
    expect(goneAt()).toEqual({ closed_at: null, recheck_gone_at: struck });
    expect(
      s.database.sqlite
        .prepare('SELECT recheck_gone_at FROM jobs WHERE id = ?')
        .pluck()
        .get(saved.id),
    ).toBe(struck);

    // Later the same day: not due again.
    servers.clock.now += 3_600_000;
    let mark = simulator.requests.length;
    await runBatch(s);
    expect(simulator.requests.slice(mark).filter((r) => r.path === `${DETAILS}${gone}`)).toEqual(
      [],
    );

    // The next day: gone again, closed; the other page reads (closed since day 1 on the site),
    // which clears its strike.
    nextDay();
    mark = simulator.requests.length;
    await runBatch(s);
    expect(
      simulator.requests.slice(mark).filter((r) => r.path === `${DETAILS}${gone}`),
    ).toHaveLength(1);
    expect(goneAt()).toEqual({ closed_at: servers.clock.now, recheck_gone_at: null });
    expect(
      s.database.sqlite
        .prepare('SELECT recheck_gone_at FROM jobs WHERE id = ?')
        .pluck()
        .get(saved.id),
    ).toBeNull();
    const goneMessage = received('job_closed').find(
      (r) => r.message.closed_job?.job_id === Number(gone),
    );
    expect(goneMessage?.message.closed_job?.reason).toBe('gone');
    expect(goneMessage?.text).toContain('Gone at Acme, which you saved, is no longer on LinkedIn');
  });
});
