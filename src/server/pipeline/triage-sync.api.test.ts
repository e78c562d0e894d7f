import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  jobDetailSchema,
  jobListSchema,
  ruleApplyResultSchema,
  ruleSchema,
  type RuleWriteInput,
} from '../../contract';
import { RuleGate } from '../../runner/apply-rules';
import { startTestServer, type TestServer } from '../test-harness';
import { DAY, isoAt, jobState, pipelineApi, seedJobs } from './pipeline-test-kit';

// Jobs triage and the pipeline kept in step (issue 33, decision 056), rules never touching a job
// in the pipeline, and a repost pointing at the chain's application.

let server: TestServer;
let api: ReturnType<typeof pipelineApi>;
beforeEach(async () => {
  server = await startTestServer();
  api = pipelineApi(server);
});
afterEach(async () => {
  await server.close();
});

const triage = async (id: number, state: string) =>
  (await api.ok('PATCH', `/jobs/${id}`, { state })).json();
const bulk = async (ids: number[], state: string) =>
  (await api.ok('POST', '/jobs/state', { ids, state })).json();
const place = (id: number) =>
  server.database.sqlite
    .prepare('SELECT stage, left_at FROM applications WHERE job_id = ?')
    .get(String(id));
const events = (id: number) =>
  server.database.sqlite
    .prepare('SELECT stage, source FROM application_events WHERE job_id = ? ORDER BY id')
    .all(String(id));

describe('Jobs triage (PATCH /jobs/{id})', () => {
  beforeEach(() => seedJobs(server, [{ id: 1 }, { id: 2 }, { id: 3 }]));

  it('saved puts a job in as Saved, applied moves it on, and the history says triage', async () => {
    expect(await triage(1, 'saved')).toEqual({ id: 1, state: 'saved' });
    expect(await api.detail(1)).toMatchObject({ stage: 'saved', stage_since: isoAt(server) });
    server.advance(DAY);
    expect(await triage(1, 'applied')).toEqual({ id: 1, state: 'applied' });
    const moved = await api.detail(1);
    expect(moved).toMatchObject({ stage: 'applied', stage_since: isoAt(server) });
    expect(events(1)).toEqual([
      { stage: 'saved', source: 'triage' },
      { stage: 'applied', source: 'triage' },
    ]);
    // Applied straight from new: in as Applied.
    await triage(2, 'applied');
    expect(place(2)).toEqual({ stage: 'applied', left_at: null });
  });

  it('never moves a later stage back: saved or applied on Interviewing keeps it, and applied', async () => {
    await api.create({ job_id: 1, stage: 'interviewing' });
    expect(await triage(1, 'saved')).toEqual({ id: 1, state: 'applied' });
    expect(await triage(1, 'applied')).toEqual({ id: 1, state: 'applied' });
    expect(jobState(server, 1)).toBe('applied');
    expect((await api.detail(1)).history).toHaveLength(1);
    // Saved on Applied stays Applied too.
    await api.create({ job_id: 2, stage: 'applied' });
    expect(await triage(2, 'saved')).toEqual({ id: 2, state: 'applied' });
    expect(place(2)).toEqual({ stage: 'applied', left_at: null });
  });

  it('new, seen or hidden takes it off the board; saved brings it back with its history and notes', async () => {
    await api.create({ job_id: 1, stage: 'applied' });
    await api.patch(1, { stage: 'interviewing', notes: 'Second round on Monday' });
    for (const state of ['hidden', 'seen', 'new']) {
      expect(await triage(1, state)).toEqual({ id: 1, state });
      expect(place(1)).toEqual({ stage: 'interviewing', left_at: server.ctx.now() });
      expect(await api.list()).toEqual([]);
      expect((await api.call('GET', '/applications/1')).statusCode).toBe(404);
      await triage(1, 'saved');
      server.advance(1_000);
    }
    const back = await api.detail(1);
    expect(back).toMatchObject({ stage: 'interviewing', notes: 'Second round on Monday' });
    expect(back.history.map((e) => e.stage)).toEqual(['applied', 'interviewing']);
    expect(jobState(server, 1)).toBe('applied');
    // POST brings a job taken off the board back, moved to the stage asked for.
    await triage(1, 'hidden');
    const returned = await api.create({ job_id: 1, stage: 'offer' });
    expect(returned.history.map((e) => e.stage)).toEqual(['applied', 'interviewing', 'offer']);
  });

  it('answers 404 for a job that is not stored, and enters nothing', async () => {
    const res = await api.call('PATCH', '/jobs/99', { state: 'saved' });
    expect(res.statusCode).toBe(404);
    expect(place(99)).toBeUndefined();
  });
});

describe('bulk triage (POST /jobs/state)', () => {
  beforeEach(() =>
    seedJobs(server, [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }, { id: 5, state: 'seen' }]),
  );

  it('applied: in as Applied, Saved moved on, later stages kept; unknown ids skipped', async () => {
    await api.create({ job_id: 2 });
    await api.create({ job_id: 3, stage: 'interviewing' });
    await api.create({ job_id: 4, stage: 'rejected' });
    await triage(4, 'hidden');
    expect(await bulk([1, 2, 3, 4, 77], 'applied')).toEqual({ updated: 4 });
    const stages = Object.fromEntries((await api.list()).map((a) => [a.job_id, a.stage]));
    expect(stages).toEqual({ 1: 'applied', 2: 'applied', 3: 'interviewing', 4: 'rejected' });
    for (const id of [1, 2, 3, 4]) expect(jobState(server, id)).toBe('applied');
    expect(events(2)).toEqual([
      { stage: 'saved', source: 'operator' },
      { stage: 'applied', source: 'triage' },
    ]);
    expect(events(3)).toHaveLength(1);
    expect(place(77)).toBeUndefined();
  });

  it('saved: in as Saved, later stages kept with their state; seen takes them all off', async () => {
    await api.create({ job_id: 3, stage: 'offer' });
    expect(await bulk([1, 3], 'saved')).toEqual({ updated: 2 });
    expect(place(1)).toEqual({ stage: 'saved', left_at: null });
    expect(place(3)).toEqual({ stage: 'offer', left_at: null });
    expect(jobState(server, 1)).toBe('saved');
    expect(jobState(server, 3)).toBe('applied');
    expect(await bulk([1, 3, 5], 'seen')).toEqual({ updated: 3 });
    expect(await api.list()).toEqual([]);
    expect(place(3)).toEqual({ stage: 'offer', left_at: server.ctx.now() });
    expect(place(5)).toBeUndefined();
    for (const id of [1, 3, 5]) expect(jobState(server, id)).toBe('seen');
  });
});

describe('rules never touch a job in the pipeline', () => {
  beforeEach(() =>
    seedJobs(server, [
      { id: 1, title: 'Data Engineer', description: 'Python' },
      { id: 2, title: 'Data Engineer', description: 'Python' },
      { id: 3, title: 'Data Engineer', description: 'Python' },
    ]),
  );

  const rule = async (input: RuleWriteInput) =>
    ruleSchema.parse((await api.ok('POST', '/rules', input, 201)).json());
  const apply = async (id: number) =>
    ruleApplyResultSchema.parse((await api.ok('POST', `/rules/${id}/apply`)).json());
  const flagged = (ruleId: number) =>
    server.database.sqlite
      .prepare('SELECT job_id FROM job_flags WHERE rule_id = ? ORDER BY job_id')
      .pluck()
      .all(ruleId);
  const muted = () =>
    server.database.sqlite
      .prepare('SELECT id FROM jobs WHERE muted_by_rule_id IS NOT NULL ORDER BY id')
      .pluck()
      .all();
  const conditions = [{ field: 'title' as const, value: 'engineer' }];

  it('applied to stored jobs: flag, mute and hide skip the board, not a job taken off it', async () => {
    await api.create({ job_id: 1, stage: 'interviewing' });
    await api.create({ job_id: 2 });
    await triage(2, 'seen'); // off the board: rules may act on it again

    const flag = await rule({ name: 'Engineers', conditions, action: 'flag', color: 'green' });
    const dry = ruleApplyResultSchema.parse(
      (await api.ok('POST', `/rules/${flag.id}/apply?dry_run=true`)).json(),
    );
    expect(dry).toEqual({ matches: 3, changed: 2, dry_run: true });
    expect(await apply(flag.id)).toEqual({ matches: 3, changed: 2, dry_run: false });
    expect(flagged(flag.id)).toEqual(['2', '3']);

    const mute = await rule({ name: 'Quiet', conditions, action: 'mute' });
    expect(await apply(mute.id)).toMatchObject({ matches: 3, changed: 2 });
    expect(muted()).toEqual(['2', '3']);

    const hide = await rule({ name: 'Away', conditions, action: 'hide' });
    expect(await apply(hide.id)).toMatchObject({ matches: 3, changed: 2 });
    expect(jobState(server, 1)).toBe('applied');
    expect(place(1)).toEqual({ stage: 'interviewing', left_at: null });
  });

  it('in a batch (the runner’s gate): flag and mute skip a job in the pipeline', async () => {
    await api.create({ job_id: 1, stage: 'applied' });
    const flag = await rule({ name: 'Engineers', conditions, action: 'flag', color: 'green' });
    await rule({ name: 'Quiet', conditions, action: 'mute' });
    await rule({ name: 'Away', conditions, action: 'hide' });
    const gate = new RuleGate(server.database.sqlite);
    const rules = gate.rules('card');
    expect(rules).toHaveLength(3);
    const text = { title: 'Data Engineer', company: 'ACME', location: 'Berlin', description: '' };
    expect(gate.apply(rules, '1', text)).toBe(false);
    expect(gate.apply(rules, '3', text)).toBe(true);
    expect(flagged(flag.id)).toEqual(['3']);
    expect(muted()).toEqual(['3']);
    expect(jobState(server, 1)).toBe('applied');
  });
});

describe('a repost of a job in the pipeline', () => {
  beforeEach(() =>
    seedJobs(server, [
      { id: 21, company: 'Initech' },
      { id: 22, company: 'Initech', repostOf: { of: 21, root: 21 } },
      { id: 23, company: 'Initech', repostOf: { of: 22, root: 21 } },
    ]),
  );

  const repostOf = async (id: number) =>
    jobDetailSchema.parse((await api.ok('GET', `/jobs/${id}`)).json()).repost;

  it('names the chain’s application and its stage, the latest when two are on the board', async () => {
    expect(await repostOf(22)).toMatchObject({ applied_before: false, pipeline: null });
    await api.create({ job_id: 21, stage: 'applied', at: isoAt(server, -5 * DAY) });
    await api.patch(21, { stage: 'interviewing', at: isoAt(server, -2 * DAY) });
    expect(await repostOf(22)).toMatchObject({
      of: 21,
      applied_before: true,
      pipeline: { job_id: 21, stage: 'interviewing' },
    });
    const list = jobListSchema.parse((await api.ok('GET', '/jobs?grouped=false')).json());
    expect(list.items.find((j) => j.id === 23)?.repost?.pipeline).toEqual({
      job_id: 21,
      stage: 'interviewing',
    });
    // The repost itself saved later: the other reposts name it; it still names the first.
    await triage(22, 'saved');
    expect((await repostOf(23))?.pipeline).toEqual({ job_id: 22, stage: 'saved' });
    expect((await repostOf(22))?.pipeline).toEqual({ job_id: 21, stage: 'interviewing' });
    // Off the board: no longer named.
    await bulk([21, 22], 'hidden');
    expect(await repostOf(23)).toMatchObject({ applied_before: false, pipeline: null });
  });
});
