import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIT_PROFILES, startSimulator, type Simulator } from '../../../simulator';
import { jobDetailSchema } from '../../contract';
import { fitLlmSettingsAnswerSchema } from '../../contract/fit-llm';
import { BERLIN, seedQueries } from '../../runner/runner-test-kit';
import {
  FAKE_SCORE,
  FAKE_TOTAL_TOKENS,
  INVENTED_QUOTE,
  startFakeLlmServer,
  type FakeLlmServer,
} from './fake-llm-server';
import { KEY_PIECE_MIN } from './key-mask';
import { startOpinionServer, waitFor, type OpinionServer } from './opinion-test-kit';

// The second opinion end to end (issue 40, docs/decisions/067): a real batch over the simulator's
// fit postings queues its top N new jobs by local fit as it ends, and the worker asks our own
// fake OpenAI-compatible server about each: a slow answer (timed out, then retried), a 429 with
// Retry-After, a 500 echoing the key, malformed JSON, invented quotes, a server without
// json_schema, the day's budget, and a restart with an item in flight. The key reaches the
// endpoint's Authorization header and nothing else: no log line, error text or answer.

const KEY = 'sk-proj-Hv93KdLq0Wz7Xt5Bn2Mc8Yr4';
const TOP_N = 3;

let simulator: Simulator;
let fake: FakeLlmServer;
let server: OpinionServer;
let batchId = 0;
const logs: string[] = [];

const settingsBody = (overrides: object = {}) => ({
  base_url: fake.url,
  model: 'fake-model',
  top_n: TOP_N,
  daily_token_budget: 1_000_000,
  ...overrides,
});
const putSettings = async (overrides: object = {}) => {
  const res = await server.authed({
    method: 'PUT',
    url: '/api/v1/fit/llm/settings',
    payload: settingsBody(overrides),
  });
  expect(res.statusCode, res.body).toBe(200);
  return fitLlmSettingsAnswerSchema.parse(res.json());
};
const getSettings = async () =>
  fitLlmSettingsAnswerSchema.parse(
    (await server.authed({ method: 'GET', url: '/api/v1/fit/llm/settings' })).json(),
  );

const queueRowSchema = z.object({
  job_id: z.string(),
  status: z.enum(['pending', 'done', 'failed']),
  attempts: z.number(),
  lease_until: z.number().nullable(),
  error: z.string().nullable(),
});
const queueRows = () =>
  server.database.sqlite
    .prepare(
      'SELECT job_id, status, attempts, lease_until, error FROM fit_opinion_queue ORDER BY id',
    )
    .all()
    .map((row) => queueRowSchema.parse(row));
const allDone = () => {
  const rows = queueRows();
  return rows.length > 0 && rows.every((row) => row.status !== 'pending');
};

/** Clears the answers and the queue, and queues the batch's top `topN` again as its end does. */
async function requeue(topN: number, overrides: object = {}): Promise<void> {
  await putSettings({ top_n: topN, ...overrides });
  server.database.sqlite.exec('DELETE FROM fit_second_opinions; DELETE FROM fit_opinion_queue');
  await server.ctx.connection.write(() =>
    server.ctx.secondOpinion.onBatchFinished({
      batchId,
      status: 'completed',
      error: null,
      cookiesRejected: false,
      now: Date.now(),
    }),
  );
  expect(queueRows()).toHaveLength(topN);
}

const detail = async (jobId: string) => {
  const res = await server.authed({ method: 'GET', url: `/api/v1/jobs/${jobId}` });
  expect(res.statusCode, res.body).toBe(200);
  return jobDetailSchema.parse(res.json());
};

beforeAll(async () => {
  simulator = await startSimulator({ fitJobs: 12, jobsPerQuery: 30 });
  fake = await startFakeLlmServer();
  server = await startOpinionServer({ linkedinBaseUrl: simulator.url, logs });
  const profile = await server.authed({
    method: 'POST',
    url: '/api/v1/fit-profiles',
    payload: FIT_PROFILES.backend.body,
  });
  expect(profile.statusCode, profile.body).toBe(201);
  seedQueries(server.database, [{ jobTitle: 'fit jobs', ...BERLIN }]);
  const res = await server.authed({
    method: 'PUT',
    url: '/api/v1/fit/llm/settings',
    payload: { ...settingsBody(), api_key: KEY },
  });
  expect(res.statusCode, res.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
  await simulator?.close();
});

describe('the second opinion', () => {
  it('asks about the batch’s top N new jobs by fit as it ends, and shows the answers', async () => {
    fake.script('invent', 'ok', 'ok-no-usage');
    const started = await server.authed({ method: 'POST', url: '/api/v1/batches' });
    expect(started.statusCode, started.body).toBe(201);
    batchId = z.object({ id: z.number() }).parse(started.json()).id;
    await server.ctx.runner.runner.idle();
    await waitFor(allDone, 15_000, 'the three opinions');

    const top = server.database.sqlite
      .prepare(
        `SELECT id FROM jobs WHERE first_seen_batch_id = ? AND fit_score IS NOT NULL
         ORDER BY fit_score DESC, first_seen_at DESC, id LIMIT ?`,
      )
      .pluck()
      .all(batchId, TOP_N)
      .map((id) => z.string().parse(id));
    expect(queueRows().map((row) => row.job_id)).toEqual(top);
    expect(queueRows().every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
    expect(fake.requests).toHaveLength(TOP_N);
    for (const request of fake.requests) {
      expect(request.authorization).toBe(`Bearer ${KEY}`);
      expect(request.body.model).toBe('fake-model');
      expect(request.body.response_format?.type).toBe('json_schema');
    }

    const opinions = await Promise.all(top.map(async (id) => (await detail(id)).second_opinions));
    const flat = opinions.flatMap((list) => list ?? []);
    expect(flat).toHaveLength(TOP_N);
    for (const opinion of flat) {
      expect(opinion).toMatchObject({
        score: FAKE_SCORE,
        verdict: 'A good fit with gaps',
        model: 'fake-model',
        stale: false,
      });
      expect(opinion.strengths[0]?.quote).not.toBe('');
    }
    // The invented quotes were dropped and counted; the real ones kept.
    const invented = flat.filter((opinion) => opinion.dropped_quotes > 0);
    expect(invented).toHaveLength(1);
    expect(invented[0]).toMatchObject({ dropped_quotes: 2 });
    expect(invented[0]?.strengths).toHaveLength(1);
    expect(JSON.stringify(flat)).not.toContain(INVENTED_QUOTE);
    // Shown beside the local score, which stays.
    const job = await detail(top[0] ?? '');
    expect(job.fits?.length).toBeGreaterThan(0);
    expect(job.fit?.score).toBe(job.fits?.[0]?.score);

    const settings = await getSettings();
    expect(settings.usage[0]?.requests).toBe(3);
    // Two answers told their tokens; the third's were estimated from its length.
    expect(settings.usage[0]?.tokens).toBeGreaterThan(2 * FAKE_TOTAL_TOKENS);
    expect(settings.usage[0]?.estimated_tokens).toBe(
      (settings.usage[0]?.tokens ?? 0) - 2 * FAKE_TOTAL_TOKENS,
    );
  }, 60_000);

  it('times out a slow answer and asks again', async () => {
    await requeue(1);
    const before = fake.requests.length;
    fake.script({ slow: 4_000 });
    await waitFor(allDone, 15_000, 'the slow opinion');
    expect(queueRows()[0]).toMatchObject({ status: 'done', attempts: 2 });
    expect(fake.requests.length - before).toBe(2);
    expect(logs.some((line) => line.includes('no answer within 2 s'))).toBe(true);
  }, 30_000);

  it('waits out a 429’s Retry-After before asking again', async () => {
    await requeue(1);
    const before = fake.requests.length;
    fake.script({ status429: '1' });
    await waitFor(allDone, 15_000, 'the rate-limited opinion');
    const [refused, answered] = fake.requests.slice(before);
    // The backoff alone would have asked again after 150 ms.
    expect((answered?.at ?? 0) - (refused?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(queueRows()[0]).toMatchObject({ status: 'done', attempts: 2 });
  }, 30_000);

  it('asks again after malformed JSON', async () => {
    await requeue(1);
    fake.script('malformed');
    await waitFor(allDone, 15_000, 'the opinion after a malformed one');
    expect(queueRows()[0]).toMatchObject({ status: 'done', attempts: 2 });
    expect(logs.some((line) => line.includes('the answer holds no JSON object'))).toBe(true);
  }, 30_000);

  it('falls back to json_object on a server that refuses json_schema, and remembers it', async () => {
    await requeue(2);
    const before = fake.requests.length;
    fake.script('refuse-schema');
    await waitFor(allDone, 15_000, 'the opinions in json_object');
    const formats = fake.requests.slice(before).map((r) => r.body.response_format?.type);
    expect(formats).toEqual(['json_schema', 'json_object', 'json_object']);
    expect(queueRows().every((row) => row.status === 'done' && row.attempts === 1)).toBe(true);
  }, 30_000);

  it('gives up after 500s that echo the key, masks it everywhere, and tries again on new settings', async () => {
    await requeue(1);
    fake.script('echo-500', 'echo-500', 'echo-500');
    await waitFor(allDone, 15_000, 'the failed opinion');
    expect(queueRows()[0]).toMatchObject({ status: 'failed', attempts: 3 });
    const settings = await getSettings();
    expect(settings.queue.failed).toBe(1);
    expect(settings.last_error).toMatch(/^HTTP 500: .*\*\*\*/);
    expectNoKeyIn(settings.last_error ?? '');
    expectNoKeyIn(queueRows()[0]?.error ?? '');
    // The operator fixes the endpoint: the item is asked again.
    await putSettings({ top_n: 1 });
    await waitFor(allDone, 15_000, 'the retried opinion');
    expect(queueRows()[0]).toMatchObject({ status: 'done', error: null });
    expect((await getSettings()).last_error).toBeNull();
  }, 30_000);

  it('stops at the day’s token budget', async () => {
    const used = (await getSettings()).usage[0]?.tokens ?? 0;
    const before = fake.requests.length;
    await requeue(2, { daily_token_budget: used + 1 });
    await waitFor(() => queueRows().some((row) => row.status === 'done'), 15_000, 'one opinion');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fake.requests.length - before).toBe(1);
    expect(
      queueRows()
        .map((row) => row.status)
        .sort(),
    ).toEqual(['done', 'pending']);
    const settings = await getSettings();
    expect(settings.queue).toMatchObject({ pending: 1, budget_spent: true });
    // More budget: the rest goes.
    await putSettings({ top_n: 2, daily_token_budget: 1_000_000 });
    await waitFor(allDone, 15_000, 'the second opinion after the budget grew');
  }, 30_000);

  it('sends nothing while no base URL is set', async () => {
    await requeue(1);
    await waitFor(allDone, 15_000, 'the queued opinion');
    server.database.sqlite.exec(`UPDATE fit_opinion_queue SET status = 'pending'`);
    const before = fake.requests.length;
    await putSettings({ base_url: null, model: '' });
    // A batch's end queues nothing either.
    server.database.sqlite.exec('DELETE FROM fit_second_opinions');
    await server.ctx.connection.write(() =>
      server.ctx.secondOpinion.onBatchFinished({
        batchId,
        status: 'completed',
        error: null,
        cookiesRejected: false,
        now: Date.now(),
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fake.requests.length).toBe(before);
    expect(queueRows()).toHaveLength(1);
    expect((await getSettings()).api_key_set).toBe(false);
    await putSettings({ top_n: 1, api_key: KEY });
    await waitFor(allDone, 15_000, 'the opinion once the endpoint is back');
  }, 30_000);

  it('sends an item in flight at a close again after the restart', async () => {
    await requeue(1);
    const before = fake.requests.length;
    fake.script('hang');
    await waitFor(() => fake.requests.length > before, 10_000, 'the request in flight');
    const dataDir = server.dataDir;
    await server.close();
    server = await startOpinionServer({ dataDir, linkedinBaseUrl: simulator.url, logs });
    await waitFor(allDone, 15_000, 'the opinion after the restart');
    expect(queueRows()[0]).toMatchObject({ status: 'done', attempts: 1 });
    expect(fake.requests.length - before).toBe(2);
    const jobId = queueRows()[0]?.job_id ?? '';
    expect((await detail(jobId)).second_opinions?.[0]?.score).toBe(FAKE_SCORE);
  }, 30_000);

  it('never wrote the key, or any piece of it, in a log line', () => {
    expect(logs.length).toBeGreaterThan(50);
    expect(logs.some((line) => line.includes('second opinion failed'))).toBe(true);
    expectNoKeyIn(logs.join('\n'));
    // It did reach the endpoint, in the header made for it.
    expect(fake.requests.every((r) => r.authorization === `Bearer ${KEY}`)).toBe(true);
  });
});

/** Neither the key nor any KEY_PIECE_MIN-character piece of it, in any case. */
function expectNoKeyIn(text: string): void {
  const lower = text.toLowerCase();
  for (let i = 0; i + KEY_PIECE_MIN <= KEY.length; i++) {
    const piece = KEY.slice(i, i + KEY_PIECE_MIN).toLowerCase();
    expect(lower.includes(piece), `the key's piece ${i} is in the text`).toBe(false);
  }
}
