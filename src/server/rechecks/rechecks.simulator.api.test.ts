import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startSimulator, type Simulator, type SimJob } from '../../../simulator';
import { batchListSchema, recheckSettingsAnswerSchema } from '../../contract';
import { BERLIN, seedQueries } from '../../runner/runner-test-kit';
import { startTestServer, type TestServer } from '../test-harness';

// Issue 41, round two, against the simulated site through the real server: after each completed
// batch the jobs at Saved or Applied and the flagged ones are re-read, each at most once every N
// days (the product's clock moved day by day with the site's), at most the budget a batch,
// oldest-read first; a closing is written with what the page says now (the employer's address,
// the company's id); a refusal stops them, the batch stays completed; re-checks are the batch's
// requests on the Overview's site health.

const KEYWORDS = 'recheck watch';
const DAY = 86_400_000;
const DETAILS = '/jobs-guest/jobs/api/jobPosting/';

let simulator: Simulator;
let server: TestServer;
/** The postings the query lists first, by name: most close at known hours on the site's clock. */
let jobs: Record<'early' | 'late' | 'open' | 'flagged' | 'applied', SimJob>;

beforeEach(async () => {
  // A site of its own for each test, its clock at the start. No growth and no other closings:
  // the only news each day is what the test set up.
  simulator = await startSimulator({ jobsPerQuery: 2, jobCount: 200, dailyGrowth: 0 });
  const feature = (title: string, closesAfterHours?: number) =>
    simulator.feature({
      title,
      companyName: `Recheck ${title}`,
      hoursAgo: 2,
      easyApply: false,
      keywords: KEYWORDS,
      closesAfterHours,
    });
  jobs = {
    early: feature('Closes on day one', 30),
    late: feature('Closes on day five', 5 * 24 + 6),
    open: feature('Stays open'),
    flagged: feature('Flagged and closes', 40),
    applied: feature('Applied and closes', 30),
  };
});
beforeEach(async () => {
  server = await startTestServer({ LINKEDIN_BASE_URL: simulator.url, SCRAPE_STALL_MS: '1000' });
});
afterEach(async () => {
  await server.close();
  await simulator.close();
});

async function runBatch(): Promise<number> {
  const res = await server.authed({ method: 'POST', url: '/api/v1/batches' });
  expect(res.statusCode, res.body).toBe(201);
  await server.ctx.runner.runner.idle();
  const batches = batchListSchema.parse(
    (await server.authed({ method: 'GET', url: '/api/v1/batches' })).json(),
  );
  const latest = batches[0];
  expect(latest?.status).toBe('completed');
  return latest?.id ?? 0;
}

/** The site's clock and the product's, a day on. */
function nextDay(): void {
  simulator.clock.advance(DAY);
  server.advance(DAY);
}

async function triage(job: SimJob, state: 'saved' | 'applied'): Promise<void> {
  const res = await server.authed({
    method: 'PATCH',
    url: `/api/v1/jobs/${job.id}`,
    payload: { state },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function saveSettings(every_days: number, budget: number) {
  const res = await server.authed({
    method: 'PUT',
    url: '/api/v1/rechecks/settings',
    payload: { every_days, budget },
  });
  expect(res.statusCode, res.body).toBe(200);
  return recheckSettingsAnswerSchema.parse(res.json());
}

/** Flags `job` with a flag rule written as the rules' routes write it. */
function flag(job: SimJob): void {
  const sqlite = server.database.sqlite;
  const rule = sqlite
    .prepare(
      `INSERT INTO rules (name, conditions, match, action, position, created_at, updated_at)
       VALUES ('Watch', '[]', 'any', 'flag', 1, 0, 0) RETURNING id`,
    )
    .pluck()
    .get();
  sqlite.prepare('INSERT INTO job_flags (rule_id, job_id) VALUES (?, ?)').run(rule, job.id);
}

/** The re-reads of these jobs' pages since `mark` (an index into the request log). */
function reads(mark: number, ...watched: SimJob[]): string[] {
  const ids = new Set(watched.map((j) => j.id));
  return simulator.requests
    .slice(mark)
    .filter((r) => r.path.startsWith(DETAILS))
    .map((r) => r.path.slice(DETAILS.length))
    .filter((id) => ids.has(id));
}

const factsRow = z.object({
  closed_at: z.number().nullable(),
  last_checked_at: z.number().nullable(),
  apply_url: z.string().nullable(),
  page_company_id: z.number().nullable(),
});
const facts = (job: SimJob) =>
  factsRow.parse(
    server.database.sqlite
      .prepare(
        'SELECT closed_at, last_checked_at, apply_url, page_company_id FROM jobs WHERE id = ?',
      )
      .get(job.id),
  );

/** Day 0: the query's batch stores the postings; the operator saves, applies and flags them. */
async function firstDay(): Promise<void> {
  seedQueries(server.database, [{ jobTitle: KEYWORDS, ...BERLIN }]);
  await runBatch();
  await triage(jobs.early, 'saved');
  await triage(jobs.late, 'saved');
  await triage(jobs.open, 'saved');
  await triage(jobs.applied, 'applied');
  flag(jobs.flagged);
}

describe('re-checks of saved, applied and flagged jobs', () => {
  it('finds each closed within N days + 1, re-reads a job once every N days, never an open one closed', async () => {
    await firstDay();
    const watched = [jobs.early, jobs.late, jobs.open, jobs.flagged, jobs.applied];
    const settings = await saveSettings(3, 100);
    expect(settings).toEqual({ every_days: 3, budget: 100, watched: 5 });
    const closedDay = new Map<string, number>();
    const readDays = new Map<string, number[]>();
    for (let day = 1; day <= 8; day += 1) {
      nextDay();
      const mark = simulator.requests.length;
      await runBatch();
      for (const id of reads(mark, ...watched))
        readDays.set(id, [...(readDays.get(id) ?? []), day]);
      for (const job of watched) {
        const closedAt = facts(job).closed_at;
        if (closedAt !== null && !closedDay.has(job.id)) closedDay.set(job.id, day);
        // Never closed while the site says it is open.
        if (closedAt !== null) expect(simulator.truth.job(job.id)?.closed, job.title).toBe(true);
      }
    }
    // Read on day 0 by the details step: due again on day 3, then every 3 days while open.
    expect(readDays.get(jobs.open.id)).toEqual([3, 6]);
    expect(readDays.get(jobs.late.id)).toEqual([3, 6]);
    // Closed by the site on day 1 or 2, found on day 3; closed on day 5, found on day 6.
    expect(closedDay.get(jobs.early.id)).toBe(3);
    expect(closedDay.get(jobs.flagged.id)).toBe(3);
    expect(closedDay.get(jobs.applied.id)).toBe(3);
    expect(closedDay.get(jobs.late.id)).toBe(6);
    expect(closedDay.has(jobs.open.id)).toBe(false);
    // A closed job is not read again.
    expect(readDays.get(jobs.early.id)).toEqual([3]);
    expect(facts(jobs.open).closed_at).toBeNull();
    // The API says the same, and Open only leaves them out.
    const open = await server.authed({ method: 'GET', url: '/api/v1/jobs?open=true&limit=100' });
    const openIds = z
      .object({ items: z.array(z.object({ id: z.number() })) })
      .parse(open.json())
      .items.map((i) => String(i.id));
    expect(openIds).toContain(jobs.open.id);
    expect(openIds).not.toContain(jobs.early.id);
    expect(await saveSettings(3, 100)).toMatchObject({ watched: 1 });
  });

  it('writes what the re-read page says: the employer’s address decoded, only http(s), the company id', async () => {
    await firstDay();
    // As if the pages had said otherwise when their details were read.
    for (const job of [jobs.late, jobs.open])
      server.database.sqlite
        .prepare(
          `UPDATE jobs SET apply_url = 'https://stale.example/old', page_company_id = NULL
           WHERE id = ?`,
        )
        .run(job.id);
    for (let day = 1; day <= 3; day += 1) {
      nextDay();
      await runBatch();
    }
    // Its page wraps the address in LinkedIn's externalApply link: decoded, unwrapped.
    const late = simulator.truth.job(jobs.late.id);
    expect(late?.applyShape).toBe('link-only');
    expect(facts(jobs.late)).toMatchObject({
      closed_at: null,
      apply_url: late?.applyUrl,
      page_company_id: Number(late?.companyId),
    });
    expect(facts(jobs.late).apply_url).toMatch(/^https:\/\/jobs\.featured-1-[a-z-]+\.example\//);
    // Its page's address is a javascript: link: not kept, the stale one gone too.
    const open = simulator.truth.job(jobs.open.id);
    expect(open?.applyShape).toBe('javascript');
    expect(facts(jobs.open)).toMatchObject({
      apply_url: null,
      page_company_id: Number(open?.companyId),
    });
    // A closed page shows no address: it keeps the one its open page gave.
    expect(facts(jobs.early).closed_at).not.toBeNull();
    expect(facts(jobs.early).apply_url).toBe(simulator.truth.job(jobs.early.id)?.applyUrl);
  });

  it('spends at most the budget a batch, oldest-read first, and the rest the next day', async () => {
    await firstDay();
    // Each job read at another time: the oldest first.
    const order = [jobs.applied, jobs.open, jobs.late, jobs.flagged, jobs.early];
    const setRead = server.database.sqlite.prepare(
      'UPDATE jobs SET last_checked_at = ? WHERE id = ?',
    );
    order.forEach((job, i) => setRead.run(1_000 + i, job.id));
    await saveSettings(3, 2);
    nextDay();
    let mark = simulator.requests.length;
    await runBatch();
    expect(reads(mark, ...order)).toEqual([jobs.applied.id, jobs.open.id]);
    nextDay();
    mark = simulator.requests.length;
    await runBatch();
    expect(reads(mark, ...order)).toEqual([jobs.late.id, jobs.flagged.id]);
    // A budget of 0 turns them off.
    await saveSettings(3, 0);
    nextDay();
    mark = simulator.requests.length;
    await runBatch();
    expect(reads(mark, ...order)).toEqual([]);
  });

  it('stops at the site’s refusal: the batch stays completed, the jobs not read stay due', async () => {
    await firstDay();
    await saveSettings(1, 100);
    nextDay();
    // Every page refused from here on: the first re-check meets it and the others wait.
    const watched = [jobs.early, jobs.late, jobs.open, jobs.flagged, jobs.applied];
    const readBefore = watched.map((job) => facts(job).last_checked_at);
    simulator.faults.rateLimit(1_000, { pathPrefix: DETAILS });
    const mark = simulator.requests.length;
    const batchId = await runBatch();
    simulator.faults.clear();
    const tried = new Set(reads(mark, ...watched));
    expect(tried.size).toBe(1);
    expect(watched.map((job) => facts(job).last_checked_at)).toEqual(readBefore);
    // The refusals are the batch's requests, refused, on the Overview's site health.
    const counts = z
      .object({ requests: z.number(), rate_limited: z.number() })
      .parse(
        server.database.sqlite
          .prepare('SELECT requests, rate_limited FROM batch_site_counts WHERE batch_id = ?')
          .get(batchId),
      );
    expect(counts.rate_limited).toBeGreaterThan(0);
    // The next batch reads them all.
    nextDay();
    const again = simulator.requests.length;
    await runBatch();
    expect(new Set(reads(again, ...watched)).size).toBe(5);
  });

  it('counts the re-checks among the batch’s site requests', async () => {
    await firstDay();
    await saveSettings(1, 100);
    nextDay();
    const mark = simulator.requests.length;
    const batchId = await runBatch();
    const sent = simulator.requests.slice(mark).filter((r) => !r.path.startsWith('/__')).length;
    const stored = z
      .number()
      .parse(
        server.database.sqlite
          .prepare('SELECT requests FROM batch_site_counts WHERE batch_id = ?')
          .pluck()
          .get(batchId),
      );
    expect(reads(mark, jobs.early, jobs.late, jobs.open, jobs.flagged, jobs.applied)).toHaveLength(
      5,
    );
    expect(stored).toBe(sent);
  });
});
