import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  UNDO_FIRST_ENTRY,
  UNDO_NO_ANSWER_RULE,
  UNDO_NOT_LATEST,
  type ApplicationDetail,
} from '../../contract';
import { READ_ONLY_TOKEN_MESSAGE } from '../auth/guard';
import { startTestServer, type TestServer } from '../test-harness';
import { DAY, isoAt, jobState, pipelineApi, seedJobs } from './pipeline-test-kit';

// Issue 39 (docs/decisions/059) on a real server: a move that closes an application ends its next
// step and keeps it in the move's history entry; a move may end it on request; a closed
// application takes none; and a move is undone as if it had never been made.

let server: TestServer;
let api: ReturnType<typeof pipelineApi>;
beforeEach(async () => {
  server = await startTestServer();
  api = pipelineApi(server);
  seedJobs(server, [{ id: 21 }, { id: 22 }, { id: 23 }]);
});
afterEach(async () => {
  await server.close();
});

const errorOf = (res: { json: () => unknown }) => errorBodySchema.parse(res.json()).error;
const STEP = { at: '2026-11-05T10:00:00.000Z', what: 'Phone screen' };
const latest = (detail: ApplicationDetail) => detail.history.at(-1);
const undo = (jobId: number, eventId: number | undefined) =>
  api.call('DELETE', `/applications/${jobId}/history/${eventId ?? 0}`);

/** An application in Screening with a next step, a day after it was applied to. */
async function screeningWithStep(jobId: number): Promise<ApplicationDetail> {
  await api.create({ job_id: jobId, stage: 'applied', at: isoAt(server, -3 * DAY) });
  server.advance(60_000);
  await api.patch(jobId, { stage: 'screening', at: isoAt(server, -2 * DAY) });
  server.advance(60_000);
  return api.patch(jobId, { next_step: STEP });
}

describe('a move that closes an application', () => {
  it.each(['rejected', 'withdrawn'] as const)(
    'to %s ends the next step, kept in the move’s entry, and leaves the list',
    async (stage) => {
      await screeningWithStep(21);
      server.advance(60_000);
      const closed = await api.patch(21, { stage });
      expect(closed).toMatchObject({ stage, next_step: null });
      expect(latest(closed)).toMatchObject({ stage, ended_next_step: STEP });
      expect(closed.history.slice(0, -1).map((e) => e.ended_next_step)).toEqual([null, null]);
      const listed = (await api.list()).find((a) => a.job_id === 21);
      expect(listed).toMatchObject({ stage, next_step: null });
    },
  );

  it('takes no next step while closed (409), nor one sent with the closing move (400)', async () => {
    await screeningWithStep(21);
    const both = await api.call('PATCH', '/applications/21', {
      stage: 'rejected',
      next_step: STEP,
    });
    expect(both.statusCode).toBe(400);
    expect(errorOf(both)).toBe(
      'Rejected closes the application: it takes no next step (move it to another stage first)',
    );
    expect((await api.detail(21)).stage).toBe('screening');

    await api.patch(21, { stage: 'no_answer' });
    const set = await api.call('PATCH', '/applications/21', { next_step: STEP });
    expect(set.statusCode).toBe(409);
    expect(errorOf(set)).toMatch(/^No answer closes the application/);
    // Clearing, or the notes, are fine.
    expect((await api.patch(21, { next_step: null, notes: 'Ghosted' })).notes).toBe('Ghosted');
  });

  it('reopened, it has no step until one is set: the old one stays in the history', async () => {
    await screeningWithStep(21);
    await api.patch(21, { stage: 'rejected' });
    const reopened = await api.patch(21, { stage: 'interviewing' });
    expect(reopened.next_step).toBeNull();
    const next = { at: '2026-11-09T09:00:00.000Z', what: 'Second round' };
    const moved = await api.patch(21, { stage: 'offer', next_step: next });
    expect(moved.next_step).toEqual(next);
    expect(moved.history.map((e) => [e.stage, e.ended_next_step])).toEqual([
      ['applied', null],
      ['screening', null],
      ['rejected', STEP],
      ['interviewing', null],
      ['offer', null],
    ]);
  });
});

describe('a move to an open stage', () => {
  it('keeps the next step unless it is sent: null or a new one ends it, in the entry', async () => {
    await screeningWithStep(21);
    const kept = await api.patch(21, { stage: 'interviewing' });
    expect(kept.next_step).toEqual(STEP);
    expect(latest(kept)?.ended_next_step).toBeNull();

    const cleared = await api.patch(21, { stage: 'offer', next_step: null });
    expect(cleared.next_step).toBeNull();
    expect(latest(cleared)?.ended_next_step).toEqual(STEP);

    await screeningWithStep(22);
    const next = { at: '2026-11-12T15:00:00.000Z', what: 'Final round' };
    const replaced = await api.patch(22, { stage: 'interviewing', next_step: next });
    expect(replaced.next_step).toEqual(next);
    expect(latest(replaced)?.ended_next_step).toEqual(STEP);
  });
});

describe('DELETE /applications/{job_id}/history/{event_id}: undo a move', () => {
  it('brings back the stage, its date and the step a closing move ended; the history as before', async () => {
    const before = await screeningWithStep(21);
    server.advance(60_000);
    const closed = await api.patch(21, { stage: 'rejected' });
    server.advance(60_000);
    const res = await undo(21, latest(closed)?.id);
    expect(res.statusCode, res.body).toBe(200);
    const undone = await api.detail(21);
    expect(undone).toEqual({ ...before, updated_at: isoAt(server) });
    expect(undone.next_step).toEqual(STEP);
    expect(res.json()).toEqual(undone);
    expect(jobState(server, 21)).toBe('applied');
  });

  it('brings back the stage the job’s triage state follows, and keeps a step the move kept', async () => {
    await api.create({ job_id: 22, at: isoAt(server, -DAY) });
    await api.patch(22, { next_step: STEP });
    const applied = await api.patch(22, { stage: 'applied' });
    expect(jobState(server, 22)).toBe('applied');
    await undo(22, latest(applied)?.id);
    expect(await api.detail(22)).toMatchObject({
      stage: 'saved',
      stage_since: isoAt(server, -DAY),
      next_step: STEP,
    });
    expect(jobState(server, 22)).toBe('saved');
  });

  it('undoing a reopening closes the application again, with no step', async () => {
    await screeningWithStep(21);
    await api.patch(21, { stage: 'withdrawn' });
    const reopened = await api.patch(21, {
      stage: 'interviewing',
      next_step: { at: '2026-11-20T10:00:00.000Z', what: 'Call' },
    });
    await undo(21, latest(reopened)?.id);
    expect(await api.detail(21)).toMatchObject({ stage: 'withdrawn', next_step: null });
  });

  it('refuses all but the latest move, the first entry, the No answer rule’s, and another’s entry', async () => {
    const first = await api.create({ job_id: 21, stage: 'applied', at: isoAt(server, -40 * DAY) });
    const firstEntry = first.history[0]?.id;
    const notLatest = await undo(21, firstEntry);
    expect([notLatest.statusCode, errorOf(notLatest)]).toEqual([409, UNDO_FIRST_ENTRY]);

    // The No answer rule moves it (30 days by default).
    expect(server.ctx.noAnswer.sweep()).toBe(1);
    const swept = await api.detail(21);
    const byRule = await undo(21, latest(swept)?.id);
    expect([byRule.statusCode, errorOf(byRule)]).toEqual([409, UNDO_NO_ANSWER_RULE]);

    const moved = await api.patch(21, { stage: 'interviewing' });
    const older = await undo(21, swept.history.at(-1)?.id);
    expect([older.statusCode, errorOf(older)]).toEqual([409, UNDO_NOT_LATEST]);
    expect(await api.detail(21)).toEqual(moved);

    await api.create({ job_id: 22 });
    const another = await undo(22, latest(moved)?.id);
    expect([another.statusCode, errorOf(another)]).toEqual([404, 'History entry not found']);
    const absent = await undo(23, 1);
    expect([absent.statusCode, errorOf(absent)]).toEqual([404, 'Application not found']);
    expect((await undo(21, -1)).statusCode).toBe(400);
  });

  it('needs a read-write token', async () => {
    const created = await api.create({ job_id: 21 });
    const moved = await api.patch(21, { stage: 'applied' });
    const token = await api.token('read-only');
    const res = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/applications/21/history/${latest(moved)?.id ?? 0}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe(READ_ONLY_TOKEN_MESSAGE);
    expect((await api.detail(21)).history).toHaveLength(created.history.length + 1);
  });
});
