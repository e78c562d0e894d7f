import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSimulator, type Simulator, type SimJob } from '../../../simulator';
import { bannedCompanyListSchema, jobDetailSchema, jobListSchema } from '../../contract';
import { BERLIN, seedQueries } from '../../runner/runner-test-kit';
import { startTestServer, type TestServer } from '../test-harness';

// Issue 41 against the simulated site, through the real server: a batch stores what each job's
// page says (the employer's address decoded, http(s) only; the company id), blocking by id then
// covers the guest search's jobs of a company the name lookup could not place, and a job read
// again after its posting closed on the site's clock reads closed.

const KEYWORDS = 'python developer';
const TYPEAHEAD = '/jobs-guest/api/typeaheadHits';

let simulator: Simulator;
let server: TestServer;
beforeAll(async () => {
  simulator = await startSimulator({
    jobsPerQuery: 30,
    jobCount: 300,
    companyCount: 12,
    closeShare: 0.5,
  });
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

async function runBatch(): Promise<void> {
  const res = await server.authed({ method: 'POST', url: '/api/v1/batches' });
  expect(res.statusCode, res.body).toBe(201);
  await server.ctx.runner.runner.idle();
}

const storedRow = z.object({
  id: z.string(),
  apply_url: z.string().nullable(),
  company_id: z.number().nullable(),
  page_company_id: z.number().nullable(),
  closed_at: z.number().nullable(),
  details_fetched_at: z.number().nullable(),
});
const stored = () =>
  z
    .array(storedRow)
    .parse(
      server.database.sqlite
        .prepare(
          'SELECT id, apply_url, company_id, page_company_id, closed_at, details_fetched_at FROM jobs ORDER BY id',
        )
        .all(),
    );

async function listIds(query = ''): Promise<number[]> {
  const res = await server.authed({ method: 'GET', url: `/api/v1/jobs?limit=100${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return jobListSchema.parse(res.json()).items.map((item) => item.id);
}

const searched = (): readonly SimJob[] =>
  simulator.search.guest(KEYWORDS, String(BERLIN.locationId)).visible;

describe('a batch stores what each job’s page says', () => {
  it('keeps the employer’s address decoded and only http(s), and the page’s company id', async () => {
    seedQueries(server.database, [{ jobTitle: KEYWORDS, ...BERLIN }]);
    await runBatch();
    const rows = stored();
    expect(rows).toHaveLength(30);
    let dropped = 0;
    let addresses = 0;
    for (const row of rows) {
      const truth = simulator.truth.job(row.id);
      if (!truth) throw new Error(`no truth for ${row.id}`);
      expect(row.details_fetched_at, row.id).not.toBeNull();
      expect(row.closed_at, row.id).toBeNull();
      expect(row.apply_url, `${row.id} (${truth.applyShape})`).toBe(truth.applyUrl);
      if (row.apply_url !== null) {
        addresses += 1;
        expect(row.apply_url).toMatch(/^https?:\/\//);
        expect(row.apply_url).not.toContain('linkedin.com');
      }
      if (truth.applyShape === 'javascript' || truth.applyShape === 'mailto') dropped += 1;
      if (truth.companyIdOnGuestPage) {
        expect(row.page_company_id).toBe(Number(truth.companyId));
        expect(row.company_id).toBe(Number(truth.companyId));
      }
    }
    expect(addresses).toBeGreaterThan(5);
    expect(dropped).toBeGreaterThan(0);

    // The API says the same.
    const withAddress = rows.find((r) => r.apply_url !== null);
    if (!withAddress) throw new Error('no job with an address');
    const detail = jobDetailSchema.parse(
      (await server.authed({ method: 'GET', url: `/api/v1/jobs/${withAddress.id}` })).json(),
    );
    expect(detail).toMatchObject({ apply_url: withAddress.apply_url, closed_at: null });
  });

  it('blocks by id the guest search’s jobs of a company once a page told its id', async () => {
    // A company whose page names its id, found by the search with another job or more.
    const jobs = searched();
    const company = jobs.find(
      (job) =>
        simulator.truth.job(job.id)?.companyIdOnGuestPage === true &&
        jobs.filter((other) => other.company.id === job.company.id).length >= 2,
    )?.company;
    if (!company) throw new Error('the search has no company with two jobs and its id shown');
    const itsJobs = jobs
      .filter((job) => job.company.id === company.id)
      .map((job) => Number(job.id));

    // Blocked by id with no name known (no cookies), and the name lookup failing all batch long:
    // only the pages can tell which jobs are the company's.
    const ban = await server.authed({ method: 'POST', url: `/api/v1/companies/${company.id}/ban` });
    expect(ban.json()).toEqual({ id: Number(company.id), normalized_name: '' });
    simulator.faults.serverError(10_000, { pathPrefix: TYPEAHEAD });
    seedQueries(server.database, [{ jobTitle: KEYWORDS, ...BERLIN }]);
    await runBatch();
    simulator.faults.clear();

    const listed = await listIds();
    expect(listed.length).toBeGreaterThan(10);
    expect(listed.filter((id) => itsJobs.includes(id))).toEqual([]);
    // Every job of the company is its by id or, once the page named it, by name.
    const banned = bannedCompanyListSchema.parse(
      (await server.authed({ method: 'GET', url: '/api/v1/companies/banned' })).json(),
    );
    expect(banned).toEqual([{ id: Number(company.id), normalized_name: expect.any(String) }]);
    expect(banned[0]?.normalized_name).not.toBe('');
    const byId = stored().filter((row) => row.company_id === Number(company.id));
    expect(byId.length).toBeGreaterThan(0);
  });
});

describe('a job whose posting closed on the site', () => {
  it('reads closed once its page is read again, and Open only leaves it out', async () => {
    seedQueries(server.database, [{ jobTitle: KEYWORDS, ...BERLIN }]);
    await runBatch();
    simulator.clock.advanceDays(20);
    server.advance(20 * 86_400_000);
    const closed = stored().find((row) => simulator.truth.job(row.id)?.closed === true);
    const open = stored().find((row) => simulator.truth.job(row.id)?.closed === false);
    if (!closed || !open) throw new Error('the batch found no closed or no open job');

    for (const row of [closed, open]) {
      const res = await server.authed({ method: 'POST', url: `/api/v1/jobs/${row.id}/details` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const detail = jobDetailSchema.parse(
      (await server.authed({ method: 'GET', url: `/api/v1/jobs/${closed.id}` })).json(),
    );
    expect(detail.closed_at).toBe(new Date(server.ctx.now()).toISOString());
    // A closed page shows no apply address: the one its open page gave is kept.
    expect(detail.apply_url).toBe(closed.apply_url);
    const openDetail = jobDetailSchema.parse(
      (await server.authed({ method: 'GET', url: `/api/v1/jobs/${open.id}` })).json(),
    );
    expect(openDetail.closed_at).toBeNull();

    const every = await listIds();
    const openOnly = await listIds('&open=true');
    expect(every).toContain(Number(closed.id));
    expect(openOnly).not.toContain(Number(closed.id));
    expect(openOnly).toContain(Number(open.id));
    expect(openOnly).toHaveLength(every.length - 1);
  });
});
