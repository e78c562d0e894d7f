import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBodySchema, NO_ANSWER_DAYS_MAX, PIPELINE_SETTINGS_DEFAULT } from '../../contract';
import { startTestServer, type TestServer } from '../test-harness';
import { createNoAnswerSweeper } from './no-answer-sweeper';
import { BackgroundJobs } from '../background/background-jobs';
import { DAY, isoAt, jobState, pipelineApi, seedJobs } from './pipeline-test-kit';

// The No answer rule (issue 33): applications in Applied for N days move to No answer, dated
// when the N days ran out, swept on the server's clock (moved here by days); off when N is null.

let server: TestServer;
let api: ReturnType<typeof pipelineApi>;
beforeEach(async () => {
  server = await startTestServer();
  api = pipelineApi(server);
  seedJobs(server, [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);
});
afterEach(async () => {
  await server.close();
});

const settings = (body: object) => api.ok('PUT', '/pipeline/settings', body);

describe('GET/PUT /pipeline/settings', () => {
  it('answers the defaults, then what was saved', async () => {
    expect((await api.ok('GET', '/pipeline/settings')).json()).toEqual(PIPELINE_SETTINGS_DEFAULT);
    expect(PIPELINE_SETTINGS_DEFAULT).toEqual({ no_answer_days: 30, reminder_lead: '1h' });
    const saved = { no_answer_days: null, reminder_lead: '1d' };
    expect((await settings(saved)).json()).toEqual(saved);
    expect((await api.ok('GET', '/pipeline/settings')).json()).toEqual(saved);
    expect(
      (await settings({ no_answer_days: NO_ANSWER_DAYS_MAX, reminder_lead: 'none' })).json(),
    ).toEqual({ no_answer_days: NO_ANSWER_DAYS_MAX, reminder_lead: 'none' });
  });

  it.each([
    [
      { no_answer_days: 0, reminder_lead: '1h' },
      /no_answer_days must be a whole number from 1 to 365, or null/,
    ],
    [{ no_answer_days: 366, reminder_lead: '1h' }, /no_answer_days must be a whole number/],
    [{ no_answer_days: 2.5, reminder_lead: '1h' }, /no_answer_days must be a whole number/],
    [{ no_answer_days: '30', reminder_lead: '1h' }, /no_answer_days must be a whole number/],
    [{ no_answer_days: 30, reminder_lead: '2h' }, /reminder_lead must be one of none, 1h, 1d/],
    [{ no_answer_days: 30 }, /reminder_lead/],
    [{ no_answer_days: 30, reminder_lead: '1h', other: 1 }, /unknown key other/],
  ])('answers 400 for %j and keeps the settings', async (body, message) => {
    const res = await api.call('PUT', '/pipeline/settings', body);
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).error).toMatch(message);
    expect((await api.ok('GET', '/pipeline/settings')).json()).toEqual(PIPELINE_SETTINGS_DEFAULT);
  });

  it('reads the defaults over a stored value it cannot read', async () => {
    server.database.sqlite
      .prepare(`INSERT INTO settings (key, value) VALUES ('pipeline', '{"no_answer_days": -4')`)
      .run();
    expect((await api.ok('GET', '/pipeline/settings')).json()).toEqual(PIPELINE_SETTINGS_DEFAULT);
  });
});

describe('No answer', () => {
  it('moves Applied after N days, dated stage_since + N days, by the product; nothing else', async () => {
    await settings({ no_answer_days: 7, reminder_lead: '1h' });
    const applied = await api.create({ job_id: 1, stage: 'applied', at: isoAt(server, -3 * DAY) });
    await api.create({ job_id: 2, stage: 'applied', at: isoAt(server, -DAY) });
    await api.create({ job_id: 3, stage: 'screening', at: isoAt(server, -20 * DAY) });
    await api.create({ job_id: 4, at: isoAt(server, -20 * DAY) });

    server.advance(4 * DAY - 1);
    expect(server.ctx.noAnswer.sweep()).toBe(0);
    expect((await api.detail(1)).stage).toBe('applied');

    server.advance(1);
    const sweptAt = isoAt(server);
    expect(server.ctx.noAnswer.sweep()).toBe(1);
    const moved = await api.detail(1);
    const due = new Date(Date.parse(applied.stage_since) + 7 * DAY).toISOString();
    expect(moved).toMatchObject({ stage: 'no_answer', stage_since: due, updated_at: sweptAt });
    expect(moved.history.at(-1)).toEqual({
      id: expect.any(Number),
      stage: 'no_answer',
      at: due,
      recorded_at: sweptAt,
      source: 'product',
      ended_next_step: null,
    });
    expect(jobState(server, 1)).toBe('applied');
    expect(server.ctx.noAnswer.sweep()).toBe(0);

    server.advance(2 * DAY);
    expect(server.ctx.noAnswer.sweep()).toBe(1);
    const stages = Object.fromEntries((await api.list()).map((a) => [a.job_id, a.stage]));
    expect(stages).toEqual({ 1: 'no_answer', 2: 'no_answer', 3: 'screening', 4: 'saved' });
  });

  it('skips an application taken off the board, and moves it once it is back and due', async () => {
    await settings({ no_answer_days: 7, reminder_lead: '1h' });
    await api.create({ job_id: 1, stage: 'applied' });
    await api.ok('PATCH', '/jobs/1', { state: 'hidden' });
    server.advance(10 * DAY);
    expect(server.ctx.noAnswer.sweep()).toBe(0);
    await api.ok('PATCH', '/jobs/1', { state: 'applied' });
    expect(server.ctx.noAnswer.sweep()).toBe(1);
    expect((await api.detail(1)).stage).toBe('no_answer');
  });

  it('is off when no_answer_days is null, and a shorter wait applies as it is saved', async () => {
    await settings({ no_answer_days: null, reminder_lead: '1h' });
    await api.create({ job_id: 1, stage: 'applied' });
    server.advance(20 * DAY);
    expect(server.ctx.noAnswer.sweep()).toBe(0);
    expect((await api.detail(1)).stage).toBe('applied');
    await settings({ no_answer_days: 10, reminder_lead: '1h' });
    expect((await api.detail(1)).stage).toBe('no_answer');
  });

  it('waits 30 days by default', async () => {
    await api.create({ job_id: 1, stage: 'applied' });
    server.advance(30 * DAY - 1);
    expect(server.ctx.noAnswer.sweep()).toBe(0);
    server.advance(1);
    expect(server.ctx.noAnswer.sweep()).toBe(1);
  });

  it('sweeps when started and on its timer, until stopped', async () => {
    await settings({ no_answer_days: 1, reminder_lead: '1h' });
    await api.create({ job_id: 1, stage: 'applied', at: isoAt(server, -2 * DAY) });
    let clock = server.ctx.now();
    const log = { debug: () => undefined, info: () => undefined, error: () => undefined };
    const sweeper = createNoAnswerSweeper({
      connection: server.database.connection,
      now: () => clock,
      log,
    });
    // As the server's background registry runs it (src/server/background/server-jobs.ts).
    const jobs = new BackgroundJobs({ log, now: () => clock });
    jobs.add({
      name: 'no-answer-sweep',
      everyMs: 20,
      run: () => server.database.connection.write(() => sweeper.sweep()),
      stop: () => sweeper.close(),
    });
    try {
      jobs.start();
      // At start: the one due already.
      expect((await api.detail(1)).stage).toBe('no_answer');
      await api.create({ job_id: 2, stage: 'applied' });
      clock += DAY;
      await expect.poll(async () => (await api.detail(2)).stage).toBe('no_answer');
      await jobs.stop();
      const [record] = jobs.records();
      expect(record).toMatchObject({ name: 'no-answer-sweep', failures: 0, lastError: null });
      expect(record?.runs).toBeGreaterThanOrEqual(2);
      await api.create({ job_id: 3, stage: 'applied' });
      clock += 5 * DAY;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await api.detail(3)).stage).toBe('applied');
      expect(sweeper.sweep()).toBe(0);
    } finally {
      await jobs.stop();
    }
  });
});
