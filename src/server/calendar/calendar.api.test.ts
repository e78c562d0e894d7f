import ICAL from 'ical.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  apiTokenCreatedSchema,
  calendarFeedCreatedSchema,
  calendarFeedSchema,
  CALENDAR_FEED_TOKEN_PATTERN,
} from '../../contract';
import { seedApplication } from '../pipeline-reminders/pipeline-test-kit';
import { startTestServer, type TestServer } from '../test-harness';

// Issue 33's calendar: the feed at its secret address and one step's .ics, both parsed back
// with ical.js (an independent RFC 5545 parser), and the feed token's life: made once, shown
// once, replaced, revoked, and good for nothing but the feed.

const DAY = 86_400_000;
// The harness' clock.
const NOW = Date.parse('2026-11-02T08:00:00Z');

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://scout.example.com' });
});
afterEach(async () => {
  await server.close();
});

interface ParsedEvent {
  uid: string;
  summary: string;
  description: string;
  start: string;
  end: string;
  stamp: string;
  url: string;
}

/** The .ics parsed by ical.js: the calendar's events as plain values. */
function parseCalendar(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const stamp = vevent.getFirstPropertyValue('dtstamp');
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      stamp: stamp instanceof ICAL.Time ? stamp.toJSDate().toISOString() : '',
      url: String(vevent.getFirstPropertyValue('url')),
    };
  });
}

async function createFeed(headers?: Record<string, string>) {
  const res = headers
    ? await server.app.inject({ method: 'POST', url: '/api/v1/calendar-feed', headers })
    : await server.authed({ method: 'POST', url: '/api/v1/calendar-feed' });
  expect(res.statusCode, res.body).toBe(201);
  const created = calendarFeedCreatedSchema.parse(res.json());
  const match = /^https:\/\/scout\.example\.com\/calendar\/(.+)\.ics$/.exec(created.url);
  const token = match?.[1] ?? '';
  expect(token).toMatch(CALENDAR_FEED_TOKEN_PATTERN);
  return { ...created, token, path: `/calendar/${token}.ics` };
}

const feedState = async () =>
  calendarFeedSchema.parse(
    (await server.authed({ method: 'GET', url: '/api/v1/calendar-feed' })).json(),
  );

function seedSteps() {
  const at = (ms: number) => ({ at: ms, what: 'phone screen' });
  seedApplication(server.database, {
    jobId: 11,
    title: 'Data Engineer',
    company: 'Acme',
    stage: 'screening',
    next: { at: NOW + 2 * DAY, what: 'phone screen' },
  });
  seedApplication(server.database, {
    jobId: 12,
    title: 'Analyst, Risk; Pricing',
    company: 'Beta & Co',
    stage: 'interviewing',
    next: { at: NOW - 10 * DAY, what: 'follow up' },
  });
  // Too old for the feed, off the board, or without a step: not listed.
  seedApplication(server.database, {
    jobId: 13,
    title: 'Old',
    company: 'C',
    next: at(NOW - 31 * DAY),
  });
  seedApplication(server.database, {
    jobId: 14,
    title: 'Left',
    company: 'D',
    next: at(NOW + DAY),
    leftAt: NOW - DAY,
  });
  seedApplication(server.database, { jobId: 15, title: 'No step', company: 'E', next: null });
}

describe('the calendar feed', () => {
  it('lists the next steps, upcoming and of the last 30 days, as events ical.js reads back', async () => {
    seedSteps();
    expect(await feedState()).toEqual({ feed: null });
    const feed = await createFeed();
    expect(feed).toMatchObject({ created_at: '2026-11-02T08:00:00.000Z', last_used_at: null });

    server.advance(60_000);
    const res = await server.app.inject({ method: 'GET', url: feed.path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(parseCalendar(res.body)).toEqual([
      {
        uid: `jobscout-job-12-step-${NOW - 10 * DAY}@jobscout`,
        summary: 'Follow up — Analyst, Risk; Pricing at Beta & Co',
        description: 'Stage: Interviewing\nhttps://scout.example.com/jobs?job=12',
        start: '2026-10-23T08:00:00.000Z',
        end: '2026-10-23T08:30:00.000Z',
        stamp: '2026-11-02T08:01:00.000Z',
        url: 'https://scout.example.com/jobs?job=12',
      },
      {
        uid: `jobscout-job-11-step-${NOW + 2 * DAY}@jobscout`,
        summary: 'Phone screen — Data Engineer at Acme',
        description: 'Stage: Screening\nhttps://scout.example.com/jobs?job=11',
        start: '2026-11-04T08:00:00.000Z',
        end: '2026-11-04T08:30:00.000Z',
        stamp: '2026-11-02T08:01:00.000Z',
        url: 'https://scout.example.com/jobs?job=11',
      },
    ]);
    // Read: its last use is shown (written coarsely), its URL never again.
    const state = await feedState();
    expect(state).toEqual({
      feed: { created_at: '2026-11-02T08:00:00.000Z', last_used_at: '2026-11-02T08:01:00.000Z' },
    });
    expect(JSON.stringify(state)).not.toContain(feed.token);
    server.advance(60_000);
    await server.app.inject({ method: 'GET', url: feed.path });
    expect((await feedState()).feed?.last_used_at).toBe('2026-11-02T08:01:00.000Z');
    server.advance(10 * 60_000);
    await server.app.inject({ method: 'GET', url: feed.path });
    expect((await feedState()).feed?.last_used_at).toBe('2026-11-02T08:12:00.000Z');
  });

  it('keeps a UID per job and step: the same step keeps it, a moved one gets another', async () => {
    seedSteps();
    const feed = await createFeed();
    const uids = async () =>
      parseCalendar((await server.app.inject({ method: 'GET', url: feed.path })).body).map(
        (e) => e.uid,
      );
    const before = await uids();
    server.advance(3_600_000);
    expect(await uids()).toEqual(before);
    server.database.sqlite
      .prepare(`UPDATE applications SET next_step_at = ? WHERE job_id = '11'`)
      .run(NOW + 3 * DAY);
    expect(await uids()).toEqual([before[0], `jobscout-job-11-step-${NOW + 3 * DAY}@jobscout`]);
  });

  it('is an empty calendar without steps', async () => {
    const feed = await createFeed();
    const res = await server.app.inject({ method: 'GET', url: feed.path });
    expect(res.statusCode).toBe(200);
    expect(parseCalendar(res.body)).toEqual([]);
  });

  it('answers 404 without detail to a revoked, replaced, unknown or malformed address', async () => {
    const first = await createFeed();
    const second = await createFeed();
    expect(second.token).not.toBe(first.token);
    const get = (url: string) => server.app.inject({ method: 'GET', url });
    expect((await get(second.path)).statusCode).toBe(200);
    const refused = [
      first.path, // replaced
      `/calendar/jsc_${'A'.repeat(43)}.ics`, // unknown
      `/calendar/${second.token}`, // no .ics
      `/calendar/${second.token}.ics.ics`,
      `/calendar/${second.token.slice(0, -1)}.ics`, // cut short
      `/calendar/${second.token}x.ics`,
      `/calendar/jst_${second.token.slice(4)}.ics`,
      '/calendar/.ics',
      `/calendar/${'%00'.repeat(5)}.ics`,
      `/calendar/${'x'.repeat(90)}.ics`,
    ];
    for (const url of refused) {
      const res = await get(url);
      expect(res.statusCode, url.slice(0, 80)).toBe(404);
      expect(res.json(), url.slice(0, 80)).toEqual({ error: 'Not found' });
    }

    // Longer than the router takes for a path segment, or a bad escape: the router's own
    // answers, which quote nothing of the address.
    const long = await get(`/calendar/${second.token}${'x'.repeat(5000)}.ics`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: 'The address is too long' });
    const badEscape = await get(`/calendar/${second.token}%E0%A4%A.ics`);
    expect(badEscape.statusCode).toBe(400);
    expect(badEscape.json()).toEqual({ error: 'The address is not a valid URL' });

    const revoked = await server.authed({ method: 'DELETE', url: '/api/v1/calendar-feed' });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ feed: null });
    expect((await get(second.path)).statusCode).toBe(404);
    expect((await get(second.path)).json()).toEqual({ error: 'Not found' });
    expect(await feedState()).toEqual({ feed: null });
    const again = await server.authed({ method: 'DELETE', url: '/api/v1/calendar-feed' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'There is no calendar feed: create one first' });
  });

  it('stores only the SHA-256 of its token, one live at a time', async () => {
    const first = await createFeed();
    const second = await createFeed();
    const rows = server.database.sqlite
      .prepare('SELECT token_hash, revoked_at FROM calendar_feed_tokens ORDER BY id')
      .all();
    expect(rows).toEqual([
      { token_hash: expect.stringMatching(/^[0-9a-f]{64}$/), revoked_at: NOW },
      { token_hash: expect.stringMatching(/^[0-9a-f]{64}$/), revoked_at: null },
    ]);
    const dump = JSON.stringify(
      server.database.sqlite.prepare('SELECT * FROM calendar_feed_tokens').all(),
    );
    expect(dump).not.toContain(first.token.slice(4));
    expect(dump).not.toContain(second.token.slice(4));
  });

  it('opens nothing else: the feed token as a bearer token is refused', async () => {
    seedSteps();
    const feed = await createFeed();
    const bearer = { authorization: `Bearer ${feed.token}` };
    for (const url of [
      '/api/v1/calendar-feed',
      '/api/v1/jobs',
      '/api/v1/applications/11/next-step.ics',
      '/api/v1/auth/verify',
    ]) {
      const res = await server.app.inject({ method: 'GET', url, headers: bearer });
      if (url === '/api/v1/auth/verify') {
        expect(res.json(), url).toEqual({ authenticated: false });
      } else {
        expect(res.statusCode, url).toBe(401);
        expect(res.body, url).not.toContain(feed.token);
      }
    }
    const post = await server.app.inject({
      method: 'POST',
      url: '/api/v1/calendar-feed',
      headers: bearer,
    });
    expect(post.statusCode).toBe(401);
  });

  it('is read by a read-only API token, made, replaced and revoked by a read-write one only', async () => {
    const make = async (scope: 'read-only' | 'read-write') =>
      apiTokenCreatedSchema.parse(
        (
          await server.authed({
            method: 'POST',
            url: '/api/v1/api-tokens',
            payload: { name: scope, scope },
          })
        ).json(),
      ).token;
    const readOnly = { authorization: `Bearer ${await make('read-only')}` };
    const readWrite = { authorization: `Bearer ${await make('read-write')}` };
    const inject = (method: 'GET' | 'POST' | 'DELETE', headers: Record<string, string>) =>
      server.app.inject({ method, url: '/api/v1/calendar-feed', headers });
    expect((await inject('GET', readOnly)).statusCode).toBe(200);
    expect((await inject('POST', readOnly)).statusCode).toBe(403);
    expect((await inject('DELETE', readOnly)).statusCode).toBe(403);
    const created = await createFeed(readWrite);
    expect((await server.app.inject({ method: 'GET', url: created.path })).statusCode).toBe(200);
    expect((await inject('DELETE', readWrite)).statusCode).toBe(200);
  });

  it('answers a feed URL on the request’s own address without PUBLIC_URL', async () => {
    await server.close();
    server = await startTestServer();
    const res = await server.authed({
      method: 'POST',
      url: '/api/v1/calendar-feed',
      headers: { host: 'jobscout.lan:8080' },
    });
    expect(calendarFeedCreatedSchema.parse(res.json()).url).toMatch(
      /^http:\/\/jobscout\.lan:8080\/calendar\/jsc_[A-Za-z0-9_-]{43}\.ics$/,
    );
  });
});

describe("an application's next step as .ics", () => {
  it('downloads the step as one event, under a safe file name', async () => {
    seedApplication(server.database, {
      jobId: 21,
      title: 'Ingénieur données',
      company: 'Société Générale / "Paris"',
      stage: 'offer',
      next: { at: NOW + DAY, what: 'Négociation: salaire' },
    });
    const res = await server.authed({
      method: 'GET',
      url: '/api/v1/applications/21/next-step.ics',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="negociation-salaire-societe-generale-paris.ics"',
    );
    expect(parseCalendar(res.body)).toEqual([
      {
        uid: `jobscout-job-21-step-${NOW + DAY}@jobscout`,
        summary: 'Négociation: salaire — Ingénieur données at Société Générale / "Paris"',
        description: 'Stage: Offer\nhttps://scout.example.com/jobs?job=21',
        start: '2026-11-03T08:00:00.000Z',
        end: '2026-11-03T08:30:00.000Z',
        stamp: '2026-11-02T08:00:00.000Z',
        url: 'https://scout.example.com/jobs?job=21',
      },
    ]);
  });

  it('answers 404 {error} without an application or a next step, 400 for a bad id', async () => {
    seedApplication(server.database, { jobId: 31, title: 'No step', company: 'E', next: null });
    const get = (id: string) =>
      server.authed({ method: 'GET', url: `/api/v1/applications/${id}/next-step.ics` });
    const none = await get('31');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ error: 'This application has no next step' });
    const absent = await get('999');
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toEqual({ error: 'This job is not in the pipeline' });
    const bad = await get('abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'job_id must be a positive integer' });
  });
});
