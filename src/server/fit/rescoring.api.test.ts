import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobDetailSchema, jobListSchema } from '../../contract';
import { fitStatusSchema } from '../../contract/fit-api';
import { SERVER_JOBS } from '../background/server-jobs';
import { startTestServer, type TestServer } from '../test-harness';
import { makeProfile } from './fit-test-kit';

// Issue 40 through the server: making, changing and deleting a profile, changing the aliases or a
// query's profile scores the stored jobs again in the background, and GET /fit/status follows it.

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  await server.database.db
    .insertInto('locations')
    .values([{ id: 1, display_name: 'Berlin, Germany', seen_at: 0 }])
    .execute();
  const db = server.database.sqlite;
  for (const title of ['Platform', 'Data'])
    await server.authed({
      method: 'POST',
      url: '/api/v1/queries',
      payload: { job_title: title, location_id: 1, status: 'active', is_ai: false },
    });
  db.exec(`INSERT INTO batches (id, kind, status, started_at) VALUES (1, 'manual', 'completed', 0);
    INSERT INTO query_runs (id, batch_id, query_id, job_title, location, location_id, is_ai, status)
      VALUES (1, 1, 1, 'Platform', 'Berlin', 1, 0, 'completed'),
             (2, 1, 2, 'Data', 'Berlin', 1, 0, 'completed');`);
  const job = db.prepare(`INSERT INTO jobs (id, title, company_name, company_normalized, location,
      url, first_seen_batch_id, first_seen_at, details_fetched_at) VALUES (?, ?, 'Acme', 'acme', 'Berlin', 'x', 1, ?, 1)`);
  const description = db.prepare(
    'INSERT INTO job_descriptions (job_id, description) VALUES (?, ?)',
  );
  const link = db.prepare(
    'INSERT INTO query_run_jobs (query_run_id, job_id, rank) VALUES (?, ?, 1)',
  );
  const jobs = [
    ['1', 'Kubernetes Engineer', 'You run Kubernetes clusters.', 1],
    ['2', 'Go Engineer', 'You write Go services.', 1],
    ['3', 'Spark Data Engineer', 'You build Spark pipelines.', 2],
  ] as const;
  for (const [id, title, text, run] of jobs) {
    job.run(id, title, Number(id));
    description.run(id, text);
    link.run(run, id);
  }
});
afterEach(async () => {
  await server.close();
});

const settled = () => server.ctx.background.idle(SERVER_JOBS.fitRescoring);
const list = async () => {
  const res = await server.authed({ method: 'GET', url: '/api/v1/jobs?sort=fit' });
  return jobListSchema
    .parse(res.json())
    .items.map((j) => [j.id, j.fit?.profile_id ?? null] as const);
};
const status = async () =>
  fitStatusSchema.parse((await server.authed({ method: 'GET', url: '/api/v1/fit/status' })).json());
const detail = async (id: number) =>
  jobDetailSchema.parse((await server.authed({ method: 'GET', url: `/api/v1/jobs/${id}` })).json());

describe('rescoring after a change', () => {
  it('scores every stored job once the first profile is made, and says it is done', async () => {
    await settled();
    expect(await status()).toEqual({
      rescoring: false,
      done: 0,
      total: 0,
      started_at: null,
      has_profiles: false,
    });
    await makeProfile(server, { name: 'Platform', must_skills: ['Kubernetes'] });
    await settled();
    expect(await list()).toEqual([
      [1, 1],
      [3, 1],
      [2, 1],
    ]);
    expect(await status()).toEqual({
      rescoring: false,
      done: 3,
      total: 3,
      started_at: null,
      has_profiles: true,
    });
    const fit = (await detail(1)).fits?.[0];
    expect(fit?.parts.find((p) => p.kind === 'must_skill')).toMatchObject({
      label: 'Must-have: Kubernetes',
      outcome: 'yes',
      evidence: [
        { field: 'title' },
        { field: 'description', text: 'You run Kubernetes clusters.' },
      ],
    });
  });

  it('scores again after the profile changes, with its new version and parts', async () => {
    await makeProfile(server, { name: 'Platform', must_skills: ['Kubernetes'] });
    await settled();
    const before = (await detail(2)).fit?.score ?? 0;
    const res = await server.authed({
      method: 'PUT',
      url: '/api/v1/fit-profiles/1',
      payload: { name: 'Platform', must_skills: ['Go'] },
    });
    expect(res.statusCode).toBe(200);
    await settled();
    const after = await detail(2);
    expect(after.fits?.[0]).toMatchObject({ profile_version: 2 });
    expect(after.fit?.score).toBeGreaterThan(before);
    expect((await list())[0]).toEqual([2, 1]);
  });

  it('scores a query’s jobs against the profile it is given, and by the default again when it is deleted', async () => {
    await makeProfile(server, { name: 'Platform', must_skills: ['Kubernetes'] });
    await makeProfile(server, { name: 'Data', must_skills: ['Spark'] });
    await settled();
    const put = await server.authed({
      method: 'PUT',
      url: '/api/v1/queries/2',
      payload: {
        job_title: 'Data',
        location_id: 1,
        status: 'active',
        is_ai: false,
        fit_profile_id: 2,
      },
    });
    expect(put.statusCode).toBe(200);
    await settled();
    expect((await detail(3)).fits?.map((f) => f.profile_name)).toEqual(['Data']);
    expect((await detail(1)).fits?.map((f) => f.profile_name)).toEqual(['Platform']);
    await server.authed({ method: 'DELETE', url: '/api/v1/fit-profiles/2' });
    await settled();
    expect((await detail(3)).fits?.map((f) => f.profile_name)).toEqual(['Platform']);
    expect(
      server.database.sqlite
        .prepare('SELECT COUNT(*) FROM job_fits WHERE profile_id = 2')
        .pluck()
        .get(),
    ).toBe(0);
  });

  it('scores again after the aliases change, and clears every fit when the last profile goes', async () => {
    await makeProfile(server, { name: 'Platform', must_skills: ['Container orchestration'] });
    await settled();
    expect((await detail(1)).fit?.band).not.toBe('strong');
    await server.authed({
      method: 'PUT',
      url: '/api/v1/fit-aliases',
      payload: { groups: [['Container orchestration', 'Kubernetes']] },
    });
    await settled();
    const widened = (await detail(1)).fits?.[0];
    expect(widened?.profile_version).toBe(2);
    expect(widened?.parts.find((p) => p.kind === 'must_skill')?.outcome).toBe('yes');
    await server.authed({ method: 'DELETE', url: '/api/v1/fit-profiles/1' });
    await settled();
    expect(await list()).toEqual([
      [3, null],
      [2, null],
      [1, null],
    ]);
    expect(server.database.sqlite.prepare('SELECT COUNT(*) FROM job_fits').pluck().get()).toBe(0);
    expect((await status()).has_profiles).toBe(false);
  });
});
