import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  APPLICATION_DATE_FUTURE_SLACK_MS,
  APPLICATION_NOTES_MAX,
  CONTACTS_PER_APPLICATION_MAX,
  applicationContactSchema,
} from '../../contract';
import { READ_ONLY_TOKEN_MESSAGE } from '../auth/guard';
import { startTestServer, type TestServer } from '../test-harness';
import { DAY, isoAt, jobState, pipelineApi, seedJobs } from './pipeline-test-kit';

// The application pipeline's API (issue 33) on a real server and SQLite file: stages and their
// history, edited dates, the application's fields and contacts, and every refusal.

let server: TestServer;
let api: ReturnType<typeof pipelineApi>;
beforeEach(async () => {
  server = await startTestServer();
  api = pipelineApi(server);
  seedJobs(server, [
    { id: 11, company: 'Zalando SE' },
    { id: 12, company: 'Société Générale', query: 2 },
    { id: 13, company: 'Acme' },
    { id: 14, company: 'zalando payments', state: 'seen' },
  ]);
});
afterEach(async () => {
  await server.close();
});

const errorOf = (res: { json: () => unknown }) => errorBodySchema.parse(res.json()).error;
const count = (sql: string, ...params: unknown[]) =>
  server.database.sqlite
    .prepare(sql)
    .pluck()
    .get(...params);

describe('POST /applications', () => {
  it('puts a job in the pipeline as Saved, dated now, with one history entry', async () => {
    const created = await api.create({ job_id: 11 });
    const now = isoAt(server);
    expect(created).toMatchObject({
      job_id: 11,
      title: 'Job 11',
      company_name: 'Zalando SE',
      query_id: 1,
      stage: 'saved',
      stage_since: now,
      created_at: now,
      updated_at: now,
      notes: '',
      next_step: null,
      contacts_count: 0,
      contacts: [],
    });
    expect(created.history).toEqual([
      {
        id: expect.any(Number),
        stage: 'saved',
        at: now,
        recorded_at: now,
        source: 'operator',
        ended_next_step: null,
      },
    ]);
    expect(jobState(server, 11)).toBe('saved');
    expect(await api.detail(11)).toEqual(created);
  });

  it('takes a stage and when it happened; the job is applied from Applied on', async () => {
    const at = isoAt(server, -3 * DAY);
    const created = await api.create({ job_id: 12, stage: 'interviewing', at });
    expect(created.stage).toBe('interviewing');
    expect(created.stage_since).toBe(at);
    expect(created.history.map((e) => [e.stage, e.at])).toEqual([['interviewing', at]]);
    expect(jobState(server, 12)).toBe('applied');
  });

  it('answers 409 for a job on the board already, 404 for a job that is not stored', async () => {
    await api.create({ job_id: 11 });
    const again = await api.call('POST', '/applications', { job_id: 11, stage: 'applied' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe('Job 11 is already in the pipeline');
    expect((await api.detail(11)).stage).toBe('saved');
    const missing = await api.call('POST', '/applications', { job_id: 999 });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe('Job 999 not found');
    expect(count('SELECT COUNT(*) FROM applications')).toBe(1);
  });

  it.each([
    [{ job_id: 11, stage: 'phone_screen' }, /stage must be one of saved, applied/],
    [{ job_id: 11, at: 'yesterday' }, /at must be an ISO 8601 date-time/],
    [{ job_id: 11, at: '2026-02-30T10:00:00Z' }, /at must be an ISO 8601 date-time/],
    [{ job_id: 11, notes: 'hi' }, /unknown key notes/],
    [{ job_id: 'eleven' }, /job_id must be a positive integer/],
    [{}, /job_id/],
  ])('answers 400 for %j', async (body, message) => {
    const res = await api.call('POST', '/applications', body);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatch(message);
    expect(count('SELECT COUNT(*) FROM applications')).toBe(0);
  });

  it('refuses a date ahead of the clock beyond the slack, and takes one within it', async () => {
    const ahead = isoAt(server, APPLICATION_DATE_FUTURE_SLACK_MS + 1_000);
    const res = await api.call('POST', '/applications', { job_id: 11, at: ahead });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('at must not be in the future');
    const within = isoAt(server, APPLICATION_DATE_FUTURE_SLACK_MS - 1_000);
    expect((await api.create({ job_id: 11, at: within })).stage_since).toBe(within);
  });
});

describe('PATCH /applications/{job_id}: stages', () => {
  it('moves through the stages, each move dated and kept; the same stage records nothing', async () => {
    await api.create({ job_id: 11, stage: 'applied', at: isoAt(server, -10 * DAY) });
    server.advance(60_000);
    const screening = isoAt(server, -5 * DAY);
    await api.patch(11, { stage: 'screening', at: screening });
    server.advance(60_000);
    const moved = await api.patch(11, { stage: 'interviewing' });
    expect(moved.stage).toBe('interviewing');
    expect(moved.stage_since).toBe(isoAt(server));
    expect(moved.history.map((e) => [e.stage, e.source])).toEqual([
      ['applied', 'operator'],
      ['screening', 'operator'],
      ['interviewing', 'operator'],
    ]);
    expect(moved.history[1]?.at).toBe(screening);
    expect(jobState(server, 11)).toBe('applied');

    server.advance(60_000);
    const same = await api.patch(11, { stage: 'interviewing', at: isoAt(server, -DAY) });
    expect(same).toEqual(moved);

    // The operator may move it back to Saved: the job follows.
    const back = await api.patch(11, { stage: 'saved' });
    expect(back.history).toHaveLength(4);
    expect(jobState(server, 11)).toBe('saved');
  });

  it('sets and clears notes, reference, salaries and the next step, in one call with a move', async () => {
    await api.create({ job_id: 13 });
    const step = { at: '2026-11-05T10:00:00.000Z', what: 'Phone screen' };
    const set = await api.patch(13, {
      stage: 'applied',
      notes: 'Referred by Ana: https://example.com/ana',
      reference: ' REQ-123 ',
      salary_asked: '70k EUR',
      salary_offered: '65k EUR',
      next_step: step,
    });
    expect(set).toMatchObject({
      stage: 'applied',
      notes: 'Referred by Ana: https://example.com/ana',
      reference: 'REQ-123',
      salary_asked: '70k EUR',
      salary_offered: '65k EUR',
      next_step: step,
    });
    // Left out: kept. Null or empty: cleared.
    const kept = await api.patch(13, { salary_offered: '' });
    expect(kept).toMatchObject({ reference: 'REQ-123', salary_offered: null, next_step: step });
    const cleared = await api.patch(13, { notes: null, reference: null, next_step: null });
    expect(cleared).toMatchObject({ notes: '', reference: null, next_step: null });
    expect(cleared.history).toHaveLength(2);
  });

  it.each([
    [{ stage: 'hired' }, /stage must be one of/],
    [{ stage: 'applied', at: 'last week' }, /at must be an ISO 8601 date-time/],
    [{ at: '2026-11-01T08:00:00Z' }, 'at dates a move: send it with stage'],
    [
      { notes: 'x'.repeat(APPLICATION_NOTES_MAX + 1) },
      `notes must be at most ${APPLICATION_NOTES_MAX} characters`,
    ],
    [{ next_step: { at: '2026-11-05T10:00:00Z' } }, /next_step/],
    [{ next_step: { at: 'soon', what: 'Call' } }, /next_step.at must be an ISO 8601/],
    [{ colour: 'red' }, /unknown key colour/],
  ])('answers 400 for %j and changes nothing', async (body, message) => {
    const created = await api.create({ job_id: 11 });
    const res = await api.call('PATCH', '/applications/11', body);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatch(message);
    expect(await api.detail(11)).toEqual(created);
  });

  it('takes notes at the limit, refuses a move dated in the future, and 404s what is not there', async () => {
    await api.create({ job_id: 11 });
    const full = 'x'.repeat(APPLICATION_NOTES_MAX);
    expect((await api.patch(11, { notes: full })).notes).toBe(full);
    const future = isoAt(server, DAY);
    const res = await api.call('PATCH', '/applications/11', { stage: 'applied', at: future });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe('at must not be in the future');
    for (const id of [12, 999]) {
      const missing = await api.call('PATCH', `/applications/${id}`, { stage: 'applied' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Application not found' });
      expect((await api.call('GET', `/applications/${id}`)).json()).toEqual({
        error: 'Application not found',
      });
    }
    expect((await api.call('GET', '/applications/abc')).statusCode).toBe(400);
  });
});

describe('PATCH /applications/{job_id}/history/{event_id}', () => {
  it('corrects a date; stage_since follows the latest entry by id', async () => {
    await api.create({ job_id: 11, stage: 'applied', at: isoAt(server, -9 * DAY) });
    const moved = await api.patch(11, { stage: 'screening', at: isoAt(server, -4 * DAY) });
    const [applied, screening] = moved.history;
    if (!applied || !screening) throw new Error('two entries expected');

    const earlier = isoAt(server, -6 * DAY);
    const edited = await api.ok('PATCH', `/applications/11/history/${screening.id}`, {
      at: earlier,
    });
    expect(edited.json()).toMatchObject({ stage: 'screening', stage_since: earlier });
    // Correcting an older entry leaves the stage's date.
    const older = isoAt(server, -12 * DAY);
    const res = await api.ok('PATCH', `/applications/11/history/${applied.id}`, { at: older });
    const after = await api.detail(11);
    expect(res.json()).toEqual(after);
    expect(after.stage_since).toBe(earlier);
    expect(after.history.map((e) => e.at)).toEqual([older, earlier]);
    expect(after.history[0]?.recorded_at).toBe(applied.recorded_at);
  });

  it('answers 404 for an entry of another application, 400 for a bad or future date', async () => {
    await api.create({ job_id: 11 });
    const other = await api.create({ job_id: 12 });
    const entry = other.history[0]?.id ?? 0;
    const wrong = await api.call('PATCH', `/applications/11/history/${entry}`, {
      at: isoAt(server),
    });
    expect(wrong.statusCode).toBe(404);
    expect(errorOf(wrong)).toBe('History entry not found');
    const none = await api.call('PATCH', `/applications/13/history/${entry}`, {
      at: isoAt(server),
    });
    expect(none.json()).toEqual({ error: 'Application not found' });
    for (const [at, message] of [
      [isoAt(server, DAY), 'at must not be in the future'],
      ['31/12/2026', /at must be an ISO 8601/],
    ] as const) {
      const res = await api.call('PATCH', `/applications/12/history/${entry}`, { at });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatch(message);
    }
    const extra = await api.call('PATCH', `/applications/12/history/${entry}`, {
      at: isoAt(server),
      stage: 'offer',
    });
    expect(extra.statusCode).toBe(400);
    expect(await api.detail(12)).toEqual(other);
  });
});

describe('GET /applications', () => {
  it('lists the board with the jobs’ columns, latest change first, filtered by stage, query and company', async () => {
    await api.create({ job_id: 11, stage: 'applied', at: isoAt(server, -3 * DAY) });
    await api.create({ job_id: 12, stage: 'interviewing', at: isoAt(server, -DAY) });
    await api.create({ job_id: 13, at: isoAt(server, -2 * DAY) });
    await api.create({ job_id: 14, stage: 'rejected', at: isoAt(server, -5 * DAY) });
    await api.ok('POST', '/applications/11/contacts', { name: 'Ana' }, 201);

    const all = await api.list();
    expect(all.map((a) => [a.job_id, a.stage])).toEqual([
      [12, 'interviewing'],
      [13, 'saved'],
      [11, 'applied'],
      [14, 'rejected'],
    ]);
    expect(all.find((a) => a.job_id === 11)).toMatchObject({
      company_name: 'Zalando SE',
      url: 'https://www.linkedin.com/jobs/view/11',
      contacts_count: 1,
    });
    const ids = async (query: string) => (await api.list(query)).map((a) => a.job_id);
    expect(await ids('?stage=applied,rejected')).toEqual([11, 14]);
    expect(await ids('?stage=offer')).toEqual([]);
    expect(await ids('?query=2')).toEqual([12]);
    expect(await ids('?company=ZALANDO')).toEqual([11, 14]);
    expect(await ids('?company=SOCIÉTÉ')).toEqual([12]);
    expect(await ids('?company=GÉN&stage=interviewing&query=2')).toEqual([12]);

    const unknownStage = await api.call('GET', '/applications?stage=applied,hired');
    expect(unknownStage.statusCode).toBe(400);
    expect(errorOf(unknownStage)).toMatch(/stage must be one or more of/);
    const unknownQuery = await api.call('GET', '/applications?query=77');
    expect(unknownQuery.statusCode).toBe(404);
    expect(unknownQuery.json()).toEqual({ error: 'Query not found' });
  });
});

describe('contacts', () => {
  it('adds, changes and removes contacts; empty texts are none', async () => {
    await api.create({ job_id: 11 });
    const added = applicationContactSchema.parse(
      (
        await api.ok(
          'POST',
          '/applications/11/contacts',
          { name: ' Ana Lopez ', role: 'Recruiter', email: 'ana@example.com', url: '' },
          201,
        )
      ).json(),
    );
    expect(added).toEqual({
      id: added.id,
      name: 'Ana Lopez',
      role: 'Recruiter',
      email: 'ana@example.com',
      url: null,
    });
    const changed = await api.ok('PATCH', `/applications/11/contacts/${added.id}`, {
      url: 'https://www.linkedin.com/in/ana',
      email: null,
    });
    expect(changed.json()).toEqual({
      ...added,
      email: null,
      url: 'https://www.linkedin.com/in/ana',
    });
    expect((await api.detail(11)).contacts).toEqual([changed.json()]);
    expect((await api.ok('DELETE', `/applications/11/contacts/${added.id}`)).json()).toEqual({
      success: true,
    });
    expect((await api.detail(11)).contacts).toEqual([]);
    const gone = await api.call('DELETE', `/applications/11/contacts/${added.id}`);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone)).toBe('Contact not found');
    const patchGone = await api.call('PATCH', `/applications/11/contacts/${added.id}`, {
      name: 'B',
    });
    expect(patchGone.statusCode).toBe(404);
  });

  it(`answers 409 past ${CONTACTS_PER_APPLICATION_MAX} contacts, 400 for a bad one, 404 without the application`, async () => {
    await api.create({ job_id: 11 });
    for (let i = 0; i < CONTACTS_PER_APPLICATION_MAX; i += 1)
      await api.ok('POST', '/applications/11/contacts', { name: `Person ${i}` }, 201);
    const over = await api.call('POST', '/applications/11/contacts', { name: 'One more' });
    expect(over.statusCode).toBe(409);
    expect(errorOf(over)).toBe(
      `An application has at most ${CONTACTS_PER_APPLICATION_MAX} contacts`,
    );
    expect((await api.detail(11)).contacts_count).toBe(CONTACTS_PER_APPLICATION_MAX);
    for (const [body, message] of [
      [{ name: '' }, /name must not be empty/],
      [{ name: 'A', email: 'not-an-address' }, /email must be an email address/],
      [{ name: 'A', url: 'javascript:alert(1)' }, /url must be an http or https address/],
      [{ name: 'A', phone: '1' }, /unknown key phone/],
    ] as const) {
      const res = await api.call('POST', '/applications/11/contacts', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res)).toMatch(message);
    }
    const none = await api.call('POST', '/applications/12/contacts', { name: 'A' });
    expect(none.json()).toEqual({ error: 'Application not found' });
  });
});

describe('DELETE /applications/{job_id}', () => {
  it('removes the application with its history and contacts; the job is seen', async () => {
    await api.create({ job_id: 11, stage: 'applied' });
    await api.patch(11, { stage: 'screening' });
    await api.ok('POST', '/applications/11/contacts', { name: 'Ana' }, 201);
    expect((await api.ok('DELETE', '/applications/11')).json()).toEqual({ success: true });
    for (const table of ['applications', 'application_events', 'application_contacts'])
      expect(count(`SELECT COUNT(*) FROM ${table}`), table).toBe(0);
    expect(jobState(server, 11)).toBe('seen');
    const again = await api.call('DELETE', '/applications/11');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'Application not found' });
    // It can come in again, afresh.
    expect((await api.create({ job_id: 11 })).history).toHaveLength(1);
  });
});

describe('API tokens', () => {
  it('a read-only token reads the pipeline and is refused every write; a read-write one writes', async () => {
    const created = await api.create({ job_id: 11 });
    const contact = applicationContactSchema.parse(
      (await api.ok('POST', '/applications/11/contacts', { name: 'Ana' }, 201)).json(),
    );
    const before = await api.detail(11);
    const readOnly = await api.token('read-only');
    const as = (
      token: string,
      method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
    ) =>
      server.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${token}` },
        ...(payload === undefined ? {} : { payload }),
      });
    for (const url of ['/applications', '/applications/11', '/pipeline/settings'])
      expect((await as(readOnly, 'GET', url)).statusCode, url).toBe(200);
    const writes = [
      ['POST', '/applications', { job_id: 12 }],
      ['PATCH', '/applications/11', { stage: 'applied' }],
      ['DELETE', '/applications/11', undefined],
      ['PATCH', `/applications/11/history/${created.history[0]?.id ?? 0}`, { at: isoAt(server) }],
      ['POST', '/applications/11/contacts', { name: 'Bo' }],
      ['PATCH', `/applications/11/contacts/${contact.id}`, { name: 'Bo' }],
      ['DELETE', `/applications/11/contacts/${contact.id}`, undefined],
      ['PUT', '/pipeline/settings', { no_answer_days: 5, reminder_lead: '1d' }],
    ] as const;
    for (const [method, url, body] of writes) {
      const res = await as(readOnly, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ error: READ_ONLY_TOKEN_MESSAGE });
    }
    expect(await api.detail(11)).toEqual(before);
    expect(count('SELECT COUNT(*) FROM applications')).toBe(1);

    const readWrite = await api.token('read-write');
    const moved = await as(readWrite, 'PATCH', '/applications/11', { stage: 'applied' });
    expect(moved.statusCode).toBe(200);
    expect((await api.detail(11)).stage).toBe('applied');
    expect((await as(readWrite, 'GET', '/applications/11')).statusCode).toBe(200);
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/v1/applications' })).statusCode,
    ).toBe(401);
  });
});
