import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SERVER_JOBS } from '../background/server-jobs';
import { startTestServer, type TestServer } from '../test-harness';
import { pipelineApi, seedJobs } from './pipeline-test-kit';

// The job's facts on the board (issues 40 and 41): each application in the list and the detail
// carries its job's fit summary, when its page was found closed and the employer's apply address,
// for the cards and the application panel; the OpenAPI document names them.

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

const openApiPathsSchema = z.object({
  paths: z.record(z.string(), z.object({ get: z.optional(z.object({ responses: z.unknown() })) })),
});

const CLOSED_AT = Date.parse('2026-10-30T12:00:00Z');
const APPLY_URL = 'https://jobs.acme.example/apply/22?src=li';

/** Job 21 closed, 22 with the employer's address and a Strong fit, 23 neither. */
async function seedFacts(): Promise<void> {
  await server.ctx.background.idle(SERVER_JOBS.fitRescoring);
  const db = server.database.sqlite;
  db.prepare('UPDATE jobs SET closed_at = ? WHERE id = ?').run(CLOSED_AT, '21');
  db.prepare('UPDATE jobs SET apply_url = ? WHERE id = ?').run(APPLY_URL, '22');
  db.exec(`INSERT INTO fit_profiles (id, name, name_key, is_default, body, created_at, updated_at)
           VALUES (1, 'Backend', 'backend', 1, '{}', 0, 0)`);
  db.exec(`INSERT INTO job_fits (job_id, profile_id, profile_version, score, dealbreaker, source,
      parts, scored_at) VALUES ('22', 1, 1, 86, 0, 'details', '[]', 0)`);
  db.exec(`UPDATE jobs SET fit_score = 86, fit_profile_id = 1 WHERE id = '22'`);
  db.exec('UPDATE fit_state SET pass_generation = generation, pass_started_at = NULL');
  for (const id of [21, 22, 23]) await api.create({ job_id: id });
}

describe('the job facts of an application', () => {
  it('are on every item of the list and on the detail, null where the job has none', async () => {
    await seedFacts();
    const items = await api.list();
    const facts = items
      .map((item) => [item.job_id, item.closed_at, item.apply_url, item.fit?.band ?? null])
      .sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(facts).toEqual([
      [21, '2026-10-30T12:00:00.000Z', null, null],
      [22, null, APPLY_URL, 'strong'],
      [23, null, null, null],
    ]);
    expect(await api.detail(21)).toMatchObject({
      closed_at: '2026-10-30T12:00:00.000Z',
      apply_url: null,
      fit: null,
    });
    expect(await api.detail(22)).toMatchObject({
      closed_at: null,
      apply_url: APPLY_URL,
      fit: { score: 86, band: 'strong', profile_id: 1, dealbreaker: false, source: 'details' },
    });
  });

  it('are named in the OpenAPI document’s answer of GET /applications', async () => {
    const res = await server.authed({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode, res.body).toBe(200);
    const document = openApiPathsSchema.parse(res.json());
    const text = JSON.stringify(document.paths['/api/v1/applications']?.get?.responses);
    for (const field of ['"closed_at"', '"apply_url"', '"fit"']) expect(text).toContain(field);
  });
});
