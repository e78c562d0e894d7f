import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applicationDetailSchema,
  calendarFeedCreatedSchema,
  type ApplicationDetail,
} from '../../contract';
import { startReceiver, type Receiver } from '../notifications/notification-test-kit';
import {
  pipelineServers,
  seedApplication,
  type PipelineServer,
  type PipelineServerSet,
} from './pipeline-test-kit';

// Issue 39 (docs/decisions/059): a closed application reminds of nothing. Through the server as it
// runs: moves made over the API, the real reminder sweep queueing in the outbox for a real webhook
// receiver, and the calendar feed read at its secret address. Rejected, Withdrawn and No answer
// end the step; reopening does not bring it back; a new step (or undoing the move) does. A posting
// that closed while its job was at Saved ends the step too (src/db/pipeline/closed-posting.ts).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-11-02T08:00:00Z');
const STEP = T0 + 2 * DAY;

let servers: PipelineServerSet;
let server: PipelineServer;
let receiver: Receiver;
let feedPath: string;

beforeEach(async () => {
  servers = pipelineServers();
  receiver = await startReceiver();
  server = await servers.start();
  const channel = await call('POST', '/api/v1/notifications/channels', {
    name: 'hook',
    kind: 'webhook',
    enabled: true,
    events: ['reminder'],
    only_new_jobs: false,
    url: `${receiver.url}/hook`,
  });
  expect(channel.statusCode, channel.body).toBe(201);
  const feed = await call('POST', '/api/v1/calendar-feed');
  feedPath = new URL(calendarFeedCreatedSchema.parse(feed.json()).url).pathname;
});
afterEach(async () => {
  await server.close();
  await receiver.close();
  servers.remove();
});

function call(method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: object) {
  return server.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${server.token}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function patch(jobId: number, body: object): Promise<ApplicationDetail> {
  const res = await call('PATCH', `/api/v1/applications/${jobId}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return applicationDetailSchema.parse(res.json());
}

/** An application in Interviewing whose next step (set over the API) is at `at`. */
async function interviewing(jobId: number, what: string, at = STEP): Promise<void> {
  seedApplication(server.database, {
    jobId,
    title: `Job ${jobId}`,
    company: 'Acme',
    stage: 'interviewing',
  });
  await patch(jobId, { next_step: { at: new Date(at).toISOString(), what } });
}

/** Sweeps at the step's lead and at its time, delivering; answers the reminders recorded. */
async function sweepThrough(at: number): Promise<number> {
  let recorded = 0;
  for (const moment of [at - HOUR, at]) {
    servers.clock.now = moment;
    recorded += await server.ctx.reminders.sweep();
    await server.ctx.notifications.drain();
  }
  return recorded;
}

const queued = () =>
  server.database.sqlite.prepare('SELECT COUNT(*) FROM notification_outbox').pluck().get();
const reminded = () =>
  receiver.requests.map((r) => JSON.stringify(r.json).match(/"what":"([^"]+)"/)?.[1]);

/** The summaries the calendar feed lists now. */
async function feedSummaries(): Promise<string[]> {
  const res = await server.app.inject({ method: 'GET', url: feedPath });
  expect(res.statusCode).toBe(200);
  return [...res.body.matchAll(/^SUMMARY:(.*)$/gm)].map((m) => (m[1] ?? '').trim());
}

/** What a re-check writes when it finds the posting closed (null: found open again). */
function postingClosed(jobId: number, at: number | null): void {
  server.database.sqlite
    .prepare('UPDATE jobs SET closed_at = ? WHERE id = ?')
    .run(at, String(jobId));
}

describe('a closed application', () => {
  it.each(['rejected', 'withdrawn'] as const)(
    'moved to %s queues no reminder and leaves the calendar feed',
    async (stage) => {
      await interviewing(31, 'phone screen');
      await interviewing(32, 'case study');
      expect(await feedSummaries()).toEqual([
        'Phone screen — Job 31 at Acme',
        'Case study — Job 32 at Acme',
      ]);
      await patch(31, { stage });

      expect(await feedSummaries()).toEqual(['Case study — Job 32 at Acme']);
      expect(await sweepThrough(STEP)).toBe(2);
      expect(reminded()).toEqual(['case study', 'case study']);
      expect(queued()).toBe(2);
    },
  );

  it('moved to No answer by the sweep queues no reminder and leaves the feed', async () => {
    seedApplication(server.database, { jobId: 33, title: 'Job 33', company: 'Acme' });
    // In Applied since long before the clock: the rule's 30 days have run out.
    await patch(33, { next_step: { at: new Date(STEP).toISOString(), what: 'follow up' } });
    expect(await feedSummaries()).toEqual(['Follow up — Job 33 at Acme']);
    expect(server.ctx.noAnswer.sweep()).toBe(1);
    expect(await feedSummaries()).toEqual([]);
    expect(await sweepThrough(STEP)).toBe(0);
    expect(queued()).toBe(0);
    expect(receiver.requests).toHaveLength(0);
  });

  it('at Saved, its posting closed, reminds of nothing and leaves the feed until found open again; from Applied on it goes on', async () => {
    for (const [jobId, stage] of [
      [41, 'saved'],
      [42, 'applied'],
      [43, 'saved'],
    ] as const) {
      seedApplication(server.database, { jobId, title: `Job ${jobId}`, company: 'Acme', stage });
      await patch(jobId, {
        next_step: { at: new Date(STEP).toISOString(), what: `step ${jobId}` },
      });
    }
    postingClosed(41, T0);
    postingClosed(42, T0);

    expect(await feedSummaries()).toEqual(['Step 42 — Job 42 at Acme', 'Step 43 — Job 43 at Acme']);
    expect(await sweepThrough(STEP)).toBe(4);
    expect(reminded().sort()).toEqual(['step 42', 'step 42', 'step 43', 'step 43']);

    // A later read finds the posting open again: its step is back, in the feed and reminded.
    postingClosed(41, null);
    const later = STEP + DAY;
    await patch(41, { next_step: { at: new Date(later).toISOString(), what: 'step 41' } });
    expect(await feedSummaries()).toContain('Step 41 — Job 41 at Acme');
    expect(await sweepThrough(later)).toBe(2);
    expect(reminded().filter((what) => what === 'step 41')).toHaveLength(2);
  });

  it('reopened, reminds of nothing until a new step is set; undoing the close brings the step back', async () => {
    await interviewing(31, 'phone screen');
    await patch(31, { stage: 'rejected' });
    await patch(31, { stage: 'screening' });
    expect(await feedSummaries()).toEqual([]);
    expect(await sweepThrough(STEP)).toBe(0);

    const later = STEP + DAY;
    await patch(31, { next_step: { at: new Date(later).toISOString(), what: 'second call' } });
    expect(await feedSummaries()).toEqual(['Second call — Job 31 at Acme']);
    expect(await sweepThrough(later)).toBe(2);
    expect(reminded()).toEqual(['second call', 'second call']);

    // Closed again, then the close undone: the step it ended is back in the feed, and its
    // reminders, sent already, are not sent twice.
    const closed = await patch(31, { stage: 'withdrawn' });
    expect(await feedSummaries()).toEqual([]);
    const undo = await call(
      'DELETE',
      `/api/v1/applications/31/history/${closed.history.at(-1)?.id ?? 0}`,
    );
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await feedSummaries()).toEqual(['Second call — Job 31 at Acme']);
    expect(await sweepThrough(later)).toBe(0);
    expect(receiver.requests).toHaveLength(2);
  });
});
