import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobDetailSchema, jobListSchema, type JobList, type JobListItem } from '../../contract';
import { BatchStore, type StoredRun } from '../../runner/batch-store';
import { BERLIN, detailsOf, seedQueries } from '../../runner/runner-test-kit';
import type { JobCard } from '../../scraper';
import { startTestServer, type TestServer } from '../test-harness';

// Issue 17: the same role in several places is one row of the list, reposts are told apart from
// look-alikes by their descriptions, and hide_reposts; jobs stored the way the runner stores
// them (BatchStore: cards, then details), read back through the API.

let server: TestServer;
let store: BatchStore;
beforeEach(async () => {
  server = await startTestServer();
  store = new BatchStore(server.database.sqlite);
  seedQueries(server.database, [{ jobTitle: 'Engineer', ...BERLIN }]);
});
afterEach(async () => {
  await server.close();
});

let nextId = 4_300_000_000;
function card(title: string, company: string, location: string, posted = '2026-10-20'): JobCard {
  nextId += 1;
  return {
    jobId: String(nextId),
    title,
    companyName: company,
    companySlug: company.toLowerCase(),
    location,
    salary: null,
    postedDate: posted,
    postedText: null,
    url: `https://www.linkedin.com/jobs/view/${nextId}`,
  };
}

/** The batch's run of the seeded query, started at the server's now. */
function runOf(batchId: number): StoredRun {
  const query = store.nextQuery(batchId);
  if (!query) throw new Error('no query');
  return store.createRun(batchId, query, server.ctx.now());
}

/** One batch storing the cards as one page each, at the server's now; then moves the clock on. */
function batch(cards: JobCard[]): { run: StoredRun; batchId: number } {
  const claim = store.claimBatch('manual', server.ctx.now());
  if (!claim.claimed) throw new Error('batch not claimed');
  const run = runOf(claim.batch.id);
  cards.forEach((c, i) => {
    store.savePage(
      run,
      { start: i, cards: [c], skippedCards: 0, nextStart: i + 1 },
      server.ctx.now(),
    );
    server.advance(1000);
  });
  store.finishRun(run.id, 'completed', null, server.ctx.now());
  store.finishBatch(claim.batch.id, 'completed', null, server.ctx.now());
  server.advance(86_400_000);
  return { run, batchId: claim.batch.id };
}

async function list(query = ''): Promise<JobList> {
  const res = await server.authed({ method: 'GET', url: `/api/v1/jobs${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return jobListSchema.parse(res.json());
}

async function allPages(query: string, limit: number): Promise<JobListItem[]> {
  const items: JobListItem[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 200; pages += 1) {
    const sep = query ? '&' : '?';
    const page = await list(
      `${query}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    items.push(...page.items);
    cursor = page.next_cursor;
    if (!cursor) return items;
  }
  throw new Error('the list never ended');
}

const id = (c: JobCard) => Number(c.jobId);
const TEXT_A =
  'You will build the data platform of our payments team with Python, SQL and Airflow, own pipelines end to end and mentor two engineers.';
const TEXT_B =
  'Join our marketing analytics team to design dashboards in Looker, run experiments with product managers and present results to leadership.';

describe('the same role in several places', () => {
  it('is one row with grouped=true, listed whole with group=<key>, and every job without', async () => {
    const places = ['Berlin, Germany', 'Hamburg, Germany', 'Munich, Bavaria, Germany'];
    const engineers = places.map((p) => card('Data Engineer (m/w/d)', 'Acme', p));
    const managers = [
      card('Product Manager', 'Acme', 'Berlin, Germany'),
      card('Product Manager - Remote', 'Acme', 'Paris, France'),
    ];
    const other = card('Data Engineer', 'Globex', 'Berlin, Germany');
    const singles = Array.from({ length: 6 }, (_, i) =>
      card(`Role ${i}`, `Company ${i}`, 'Berlin, Germany'),
    );
    batch([...engineers, ...managers, other, ...singles]);
    // A day later: the role in a fourth place, and a repost in Berlin.
    const cologne = card('Data Engineer', 'Acme', 'Cologne, Germany');
    const repost = card('Data Engineer – Contract', 'Acme', 'Berlin, Germany');
    batch([cologne, repost]);

    const grouped = await list('?grouped=true');
    // One row per group: its newest member (first seen last).
    const rows = grouped.items.map((j) => j.id);
    expect(rows).toEqual([
      id(repost),
      ...singles.map(id).reverse(),
      id(other),
      id(managers[1] ?? other),
    ]);
    expect(grouped.total).toBe(rows.length);
    // The rows stand for every job: the engineers' group holds five jobs in four places.
    expect([grouped.total_jobs, grouped.total_jobs_capped]).toEqual([14, false]);
    const head = grouped.items[0];
    expect(head?.group).toMatchObject({ size: 4, jobs: 5 });
    expect(head?.group?.locations).toEqual([
      'Berlin, Germany',
      'Cologne, Germany',
      'Hamburg, Germany',
      'Munich, Bavaria, Germany',
    ]);
    expect(grouped.items.find((j) => j.id === id(other))?.group).toBeNull();
    const pm = grouped.items.find((j) => j.id === id(managers[1] ?? other));
    expect(pm?.group).toMatchObject({
      size: 2,
      jobs: 2,
      locations: ['Paris, France', 'Berlin, Germany'],
    });

    // The group's members: each place its own job, the repost too.
    const members = await list(`?group=${head?.group?.key}`);
    expect(members.items.map((j) => j.id).sort()).toEqual(
      [...engineers, cologne, repost].map(id).sort(),
    );
    expect(members.items.every((j) => j.group?.key === head?.group?.key)).toBe(true);
    expect((await list('?grouped=false')).total).toBe(14);
    expect((await list()).total).toBe(14);

    // Keyset pages of the grouped list hold the same rows, each once, in both date orders.
    for (const sort of ['newest', 'posted']) {
      const whole = (await list(`?grouped=true&sort=${sort}&limit=100`)).items.map((j) => j.id);
      const paged = (await allPages(`?grouped=true&sort=${sort}`, 2)).map((j) => j.id);
      expect(paged).toEqual(whole);
    }

    // The row stands for the members the filters keep: hide the newest, the next one shows.
    await server.authed({
      method: 'PATCH',
      url: `/api/v1/jobs/${id(repost)}`,
      payload: { state: 'hidden' },
    });
    expect((await list('?grouped=true')).items[0]?.id).toBe(id(cologne));
    // A search finds the group through the members it matches.
    expect((await list('?grouped=true&q=engineer')).items.map((j) => j.id)).toEqual([
      id(cologne),
      id(other),
    ]);
  });

  it('searches by relevance with one row per group when the best matches are a few groups', async () => {
    // A company's name ranks its jobs first (the company column weighs more than the
    // description): 28 roles in 40 places each, so the best 1,120 matches are 28 groups. Then
    // 60 other jobs that name the company in their descriptions only, each alone.
    const places = Array.from({ length: 40 }, (_, i) => `Place ${i}, Germany`);
    const roles = [
      'Data Engineer',
      'Data Analyst',
      'Product Manager',
      'UX Designer',
      'Backend Engineer',
      'Frontend Developer',
      'Site Reliability Engineer',
      'Accountant',
      // Enough roles that their places outnumber the thousand best matches checked at first.
      ...Array.from({ length: 20 }, (_, i) => `Consultant Level ${i + 1}`),
    ];
    const grouped = roles.flatMap((role) => places.map((p) => card(role, 'Quorvex Labs', p)));
    const alone = Array.from({ length: 60 }, (_, i) =>
      card(`Role ${i} Specialist`, `Firm ${i}`, 'Berlin, Germany'),
    );
    const claim = store.claimBatch('manual', server.ctx.now());
    if (!claim.claimed) throw new Error('batch not claimed');
    const run = runOf(claim.batch.id);
    const all = [...grouped, ...alone];
    for (let start = 0; start < all.length; start += 25) {
      store.savePage(
        run,
        { start, cards: all.slice(start, start + 25), skippedCards: 0, nextStart: start + 25 },
        server.ctx.now(),
      );
      server.advance(1000);
    }
    store.setEnriching(claim.batch.id);
    for (const c of grouped)
      store.saveDetails(claim.batch.id, detailsOf(c, TEXT_A), server.ctx.now());
    for (const c of alone)
      store.saveDetails(
        claim.batch.id,
        detailsOf(c, `${TEXT_B} We partner with Quorvex.`),
        server.ctx.now(),
      );
    store.finishRun(run.id, 'completed', null, server.ctx.now());
    store.finishBatch(claim.batch.id, 'completed', null, server.ctx.now());

    const first = await list('?grouped=true&q=quorvex&sort=relevance&limit=20');
    const rows = await allPages('?grouped=true&q=quorvex&sort=relevance', 20);
    // One row per group, its best match (as the index ranks them: rank, then id), and one per
    // lone job; in rank order, across pages of 20.
    expect(rows).toHaveLength(roles.length + alone.length);
    expect(new Set(rows.map((r) => r.group?.key ?? `job ${r.id}`)).size).toBe(rows.length);
    const ranked = server.database.sqlite
      .prepare(
        `SELECT rowid AS id, bm25(jobs_fts, 10.0, 5.0, 2.0, 1.0) AS rank FROM jobs_fts
         WHERE jobs_fts MATCH '"quorvex"*' ORDER BY rank, rowid`,
      )
      .all()
      .map((raw) => z.object({ id: z.number(), rank: z.number() }).parse(raw));
    const roleOf = new Map(grouped.map((c, i) => [id(c), Math.floor(i / places.length)]));
    const bestOfRole = new Map<number, number>();
    for (const row of ranked) {
      const role = roleOf.get(row.id);
      if (role !== undefined && !bestOfRole.has(role)) bestOfRole.set(role, row.id);
    }
    expect(
      rows
        .filter((r) => r.group !== null)
        .map((r) => r.id)
        .sort(),
    ).toEqual([...bestOfRole.values()].sort());
    const position = new Map(ranked.map((r, i) => [r.id, i]));
    const order = rows.map((r) => position.get(r.id) ?? -1);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(rows.every((r) => r.group === null || r.group.size === places.length)).toBe(true);
    // A full first page: the groups rank first (their company's name), then the lone jobs; the
    // count is the rows.
    expect(first.items).toHaveLength(20);
    expect(first.items.slice(0, roles.length).every((r) => r.group !== null)).toBe(true);
    expect(first.total).toBe(rows.length);
    expect(first.total_capped).toBe(false);
    // The jobs those rows stand for are past the count's cap (1,180).
    expect([first.total_jobs, first.total_jobs_capped]).toEqual([1000, true]);
    // Every job, ungrouped: each place its own row (1,180, past the count's cap).
    const ungrouped = await list('?q=quorvex&sort=relevance&grouped=false&limit=1');
    expect([ungrouped.total, ungrouped.total_capped]).toEqual([1000, true]);
  });

  it('refuses a group key it could not have given', async () => {
    for (const query of [
      '?group=xyz',
      '?group=ABCDEF0123456789',
      '?grouped=maybe',
      '?hide_reposts=1',
    ]) {
      const res = await server.authed({ method: 'GET', url: `/api/v1/jobs${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/group|grouped|hide_reposts/);
    }
  });
});

describe('the list’s default, since grouping (issue 30)', () => {
  /** A role in three places and two lone jobs; a day later the role in Cologne and a repost. */
  function stored() {
    const places = ['Berlin, Germany', 'Hamburg, Germany', 'Munich, Bavaria, Germany'];
    const engineers = places.map((p) => card('Data Engineer', 'Acme', p));
    const singles = [
      card('Accountant', 'Initech', 'Berlin, Germany'),
      card('Designer', 'Hooli', 'Paris, France'),
    ];
    const first = batch([...engineers, ...singles]);
    const cologne = card('Data Engineer', 'Acme', 'Cologne, Germany');
    const repost = card('Data Engineer (m/w/d)', 'Acme', 'Berlin, Germany');
    const second = batch([cologne, repost]);
    return {
      first: { batchId: first.batchId, jobs: [...engineers, ...singles].map(id) },
      second: { batchId: second.batchId, jobs: [cologne, repost].map(id) },
    };
  }
  const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b);

  it('is one item per job, paged through with no parameters; grouped=true is one per group', async () => {
    const { first, second } = stored();
    const every = [...first.jobs, ...second.jobs];
    const page = await list();
    expect([page.total, page.total_jobs]).toEqual([every.length, every.length]);
    expect(sorted((await allPages('', 2)).map((j) => j.id))).toEqual(sorted(every));
    // Each item still says which group it is in.
    expect((await list('?limit=100')).items.filter((j) => j.group?.jobs === 5)).toHaveLength(5);

    const grouped = await allPages('?grouped=true', 2);
    expect(grouped).toHaveLength(3);
    expect(grouped.map((j) => j.id)).toEqual([second.jobs[1], ...first.jobs.slice(3).reverse()]);
    const head = await list('?grouped=true');
    expect([head.total, head.total_jobs]).toEqual([3, every.length]);
    expect(head.items[0]?.group).toMatchObject({ size: 4, jobs: 5 });
  });

  it('lists every job a batch stored with ?batch=ID, and so does the export of that view', async () => {
    const { first, second } = stored();
    for (const { batchId, jobs } of [first, second]) {
      expect(sorted((await allPages(`?batch=${batchId}`, 2)).map((j) => j.id))).toEqual(
        sorted(jobs),
      );
      for (const grouped of ['', '&grouped=true', '&grouped=false']) {
        const res = await server.authed({
          method: 'GET',
          url: `/api/v1/jobs/export?format=json&batch=${batchId}${grouped}`,
        });
        expect(res.statusCode, res.body).toBe(200);
        const exported = res.body
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => z.object({ id: z.number() }).parse(JSON.parse(line)).id);
        expect(sorted(exported), `batch ${batchId}${grouped}`).toEqual(sorted(jobs));
      }
    }
  });
});

describe('reposts stored by the runner', () => {
  it('carries triage on the card and undoes it when the description shows a look-alike', async () => {
    const first = card('Software Engineer', 'Acme', 'Berlin, Germany', '2026-10-01');
    const firstRun = batch([first]);
    store.saveDetails(firstRun.batchId, detailsOf(first, TEXT_A), server.ctx.now());
    await server.authed({
      method: 'PATCH',
      url: `/api/v1/jobs/${id(first)}`,
      payload: { state: 'hidden' },
    });

    const again = card('Software Engineer (m/f/d)', 'Acme', 'Berlin, Germany', '2026-10-25');
    const other = card('Software Engineer', 'Acme', 'Berlin, Germany', '2026-10-25');
    const later = batch([again, other]);
    const onCards = await list('?state=hidden&grouped=false');
    expect(onCards.items.map((j) => j.id).sort()).toEqual([id(first), id(again), id(other)].sort());
    for (const j of onCards.items.filter((x) => x.id !== id(first)))
      expect(j.repost).toMatchObject({ earlier_state: 'hidden', confirmed: false });

    // Details come: the same description confirms one; another description undoes the other.
    store.saveDetails(later.batchId, detailsOf(again, TEXT_A), server.ctx.now());
    store.saveDetails(later.batchId, detailsOf(other, TEXT_B), server.ctx.now());
    const after = await list('?state=new,hidden&grouped=false');
    const byId = new Map(after.items.map((j) => [j.id, j]));
    expect(byId.get(id(again))).toMatchObject({
      state: 'hidden',
      repost: { of: id(first), confirmed: true, earlier_state: 'hidden' },
    });
    expect(byId.get(id(other))).toMatchObject({ state: 'new', repost: null });

    const detail = jobDetailSchema.parse(
      (await server.authed({ method: 'GET', url: `/api/v1/jobs/${id(again)}` })).json(),
    );
    expect(detail.repost_chain.map((c) => [c.id, c.state])).toEqual([
      [id(first), 'hidden'],
      [id(again), 'hidden'],
    ]);
    const lone = jobDetailSchema.parse(
      (await server.authed({ method: 'GET', url: `/api/v1/jobs/${id(other)}` })).json(),
    );
    expect(lone.repost_chain).toEqual([]);
  });

  it('reads "applied before" down a chain, and hide_reposts leaves out reposts of triaged jobs', async () => {
    const applied = card('Data Analyst', 'Acme', 'Berlin, Germany', '2026-09-01');
    const fresh = card('Backend Engineer', 'Acme', 'Berlin, Germany', '2026-09-01');
    batch([applied, fresh]);
    await server.authed({
      method: 'PATCH',
      url: `/api/v1/jobs/${id(applied)}`,
      payload: { state: 'applied' },
    });
    const second = card('Data Analyst', 'Acme', 'Berlin, Germany', '2026-10-01');
    const freshAgain = card('Backend Engineer', 'Acme', 'Berlin, Germany', '2026-10-01');
    batch([second, freshAgain]);
    const third = card('Data Analyst (Hybrid)', 'Acme', 'Berlin, Germany', '2026-10-20');
    batch([third]);

    const items = new Map((await list('?grouped=false')).items.map((j) => [j.id, j]));
    expect(items.get(id(second))).toMatchObject({
      state: 'seen',
      repost: { of: id(applied), earlier_state: 'applied', applied_before: true },
    });
    // The third reposts the second (seen), and the chain's first was applied.
    const first = items.get(id(applied))?.first_seen_at;
    expect(items.get(id(third))).toMatchObject({
      state: 'seen',
      repost: { of: id(second), first_seen_at: first, applied_before: true },
    });
    expect(items.get(id(freshAgain))).toMatchObject({ state: 'new', repost: { of: id(fresh) } });

    const kept = (await list('?grouped=false&hide_reposts=true')).items.map((j) => j.id);
    expect(kept).toContain(id(freshAgain));
    expect(kept).not.toContain(id(second));
    expect(kept).not.toContain(id(third));
    expect(kept).toContain(id(applied));
  });
});
