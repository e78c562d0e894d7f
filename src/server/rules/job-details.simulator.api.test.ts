import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../simulator';
import { jobDetailSchema } from '../../contract';
import { SiteError } from '../../scraper';
import { siteFailure } from './job-details-now';
import { startTestServer, type TestServer } from '../test-harness';

// POST /jobs/{id}/details against the simulated site: a job a rule hid on its card, before its
// details were fetched, gets them on the operator's request, through the shared (paced) client.

const DETAILS = '/jobs-guest/jobs/api/jobPosting/';

let simulator: Simulator;
let server: TestServer;
beforeAll(async () => {
  simulator = await startSimulator({ jobCount: 50 });
});
afterAll(async () => {
  await simulator.close();
});
beforeEach(async () => {
  simulator.reset();
  server = await startTestServer({ LINKEDIN_BASE_URL: simulator.url });
});
afterEach(async () => {
  await server.close();
});

function seedHidden(id: string, title: string) {
  const db = server.database.sqlite;
  db.exec(
    `INSERT OR IGNORE INTO batches (id, kind, status, started_at) VALUES (1, 'manual', 'completed', 0)`,
  );
  db.exec(`INSERT INTO rules (id, name, conditions, match, exceptions, action, enabled, position, created_at, updated_at)
           VALUES (1, 'No senior roles', '[{"field":"title","value":"senior"}]', 'any', '[]', 'hide', 1, 1, 0, 0)`);
  db.prepare(
    `INSERT INTO jobs (id, title, company_name, company_normalized, location, url, first_seen_batch_id,
       first_seen_at, last_seen_at, state, hidden_by_rule_id, state_before_rule)
     VALUES (?, ?, 'ACME', 'acme', 'Berlin', 'https://www.linkedin.com/jobs/view/' || ?, 1, 1, 1, 'hidden', 1, 'new')`,
  ).run(id, title, id);
}

const fetchDetails = (id: string) =>
  server.authed({ method: 'POST', url: `/api/v1/jobs/${id}/details` });
const detailRequests = () => simulator.requests.filter((r) => r.path.startsWith(DETAILS));

describe('fetching a hidden job’s details on demand', () => {
  it('stores the details, keeps the job hidden by its rule, and answers the refreshed job', async () => {
    const simJob = simulator.catalogue.jobs[0];
    if (!simJob) throw new Error('empty catalogue');
    seedHidden(simJob.id, 'Senior Engineer');
    const before = await server.authed({ method: 'GET', url: `/api/v1/jobs/${simJob.id}` });
    expect(jobDetailSchema.parse(before.json())).toMatchObject({
      details_fetched: false,
      description_html: null,
    });
    const res = await fetchDetails(simJob.id);
    expect(res.statusCode, res.body).toBe(200);
    const job = jobDetailSchema.parse(res.json());
    expect(job).toMatchObject({
      details_fetched: true,
      state: 'hidden',
      hidden_by_rule: { id: 1, name: 'No senior roles' },
    });
    expect(job.description_html).toContain('<');
    expect(detailRequests()).toHaveLength(1);
  });

  it('says clearly when the job is unknown, gone from the site, or the site refuses', async () => {
    expect((await fetchDetails('123')).json()).toEqual({ error: 'Job 123 not found' });

    seedHidden('4242424242', 'Senior Ghost');
    const gone = await fetchDetails('4242424242');
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ error: 'The site no longer has this job: it was taken down.' });

    const simJob = simulator.catalogue.jobs[1];
    if (!simJob) throw new Error('empty catalogue');
    server.database.sqlite
      .prepare(
        `INSERT INTO jobs (id, title, company_name, company_normalized, location, url, first_seen_batch_id,
           first_seen_at, last_seen_at) VALUES (?, 'Data Engineer', 'ACME', 'acme', 'Berlin', 'u', 1, 1, 1)`,
      )
      .run(simJob.id);
    simulator.faults.authWall({ pathPrefix: DETAILS, count: 5 });
    const wall = await fetchDetails(simJob.id);
    expect(wall.statusCode).toBe(502);
    expect(wall.json().error).toContain('Paste new cookies in Settings');
    simulator.faults.clear();

    // Nothing was stored by the failures; a later try works.
    expect((await fetchDetails(simJob.id)).statusCode).toBe(200);
  });
});

describe("the site's refusals", () => {
  it('become statuses and words the operator can act on', () => {
    const as = (error: SiteError) => {
      const http = siteFailure(error);
      return [http.statusCode, http.message];
    };
    expect(as(new SiteError('rate-limited', 'HTTP 429'))).toEqual([
      503,
      'The site refused the request for now (too many requests): try again in a few minutes.',
    ]);
    expect(as(new SiteError('http', 'HTTP 404', { status: 404 }))[0]).toBe(410);
    expect(as(new SiteError('http', 'LinkedIn answered HTTP 500', { status: 500 }))).toEqual([
      502,
      'The site refused the request: LinkedIn answered HTTP 500',
    ]);
    expect(as(new SiteError('timeout', 'LinkedIn did not answer in time'))[0]).toBe(502);
    expect(() => siteFailure(new Error('a bug'))).toThrow('a bug');
  });
});
