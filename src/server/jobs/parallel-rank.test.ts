import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteFile } from '../../db/sqlite-file';
import { z } from 'zod';
import { jobListQuerySchema, type JobListItem } from '../../contract';
import { BatchStore } from '../../runner/batch-store';
import { BERLIN, detailsOf, seedQueries } from '../../runner/runner-test-kit';
import type { JobCard } from '../../scraper';
import { startTestServer, type TestServer } from '../test-harness';
import { RANK_SQL, rankAfterSql } from '../../db/jobs/job-query';
import { JobRepository } from './job-repository';
import { ParallelRanker, type RankedCandidate } from '../../db/jobs/parallel-rank';

// The two halves of the job ids ranked at once (one in a worker thread) must answer exactly what
// one query over every id answers: the same jobs, the same ranks, the same order, ties included.

let server: TestServer;
const JOBS = 900;

/** A small deterministic generator: the same jobs on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

beforeAll(async () => {
  server = await startTestServer();
  seedQueries(server.database, [{ jobTitle: 'Engineer', ...BERLIN }]);
  const store = new BatchStore(server.database.sqlite);
  const next = random(17);
  const pick = <T>(from: readonly T[]): T => {
    const picked = from[Math.floor(next() * from.length)];
    if (picked === undefined) throw new Error('nothing to pick from');
    return picked;
  };
  const titles = ['Data Engineer', 'Python Developer', 'Product Manager', 'Data Analyst', 'SRE'];
  const companies = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Quorvex Labs'];
  const places = ['Berlin, Germany', 'Hamburg, Germany', 'Munich, Germany', 'Paris, France'];
  const words = ['python', 'sql', 'airflow', 'kubernetes', 'data', 'team', 'product', 'growth'];
  const cards: JobCard[] = Array.from({ length: JOBS }, (_, i) => {
    const id = String(4_400_000_000 + i);
    const company = pick(companies);
    return {
      jobId: id,
      title: pick(titles),
      companyName: company,
      companySlug: company.toLowerCase().replace(/ /g, '-'),
      location: pick(places),
      salary: null,
      postedDate: '2026-10-20',
      postedText: null,
      url: `https://www.linkedin.com/jobs/view/${id}`,
    };
  });
  const claim = store.claimBatch('manual', server.ctx.now());
  if (!claim.claimed) throw new Error('batch not claimed');
  const query = store.nextQuery(claim.batch.id);
  if (!query) throw new Error('no query');
  const run = store.createRun(claim.batch.id, query, server.ctx.now());
  for (let start = 0; start < cards.length; start += 25)
    store.savePage(
      run,
      { start, cards: cards.slice(start, start + 25), skippedCards: 0, nextStart: start + 25 },
      server.ctx.now(),
    );
  store.setEnriching(claim.batch.id);
  for (const c of cards) {
    // Descriptions of a few lengths from a few words: many equal ranks, so ties are ordered by id.
    const length = 3 + Math.floor(next() * 4) * 5;
    const text = Array.from({ length }, () => pick(words)).join(' ');
    store.saveDetails(claim.batch.id, detailsOf(c, text), server.ctx.now());
  }
  store.finishRun(run.id, 'completed', null, server.ctx.now());
  store.finishBatch(claim.batch.id, 'completed', null, server.ctx.now());
});
afterAll(async () => {
  await server.close();
});

const RANKING = (after: boolean) =>
  `SELECT rowid AS rid, ${RANK_SQL('jobs_fts')} AS sort_rank FROM jobs_fts
   WHERE jobs_fts MATCH @match AND rowid BETWEEN @lo AND @hi${after ? ` AND ${rankAfterSql('jobs_fts', 'rowid')}` : ''}
   ORDER BY sort_rank, rowid LIMIT @limit`;

/** The single query's answer over every id. */
function oneQuery(match: string, limit: number, after?: RankedCandidate): RankedCandidate[] {
  return server.database.sqlite
    .prepare(RANKING(after !== undefined))
    .all({
      match,
      limit,
      lo: Number.MIN_SAFE_INTEGER,
      hi: Number.MAX_SAFE_INTEGER,
      ...(after ? { afterRank: after.sort_rank, afterId: String(after.rid) } : {}),
    })
    .map((raw) => z.object({ rid: z.number(), sort_rank: z.number() }).parse(raw));
}

/** Ranks until the worker has answered (it starts on the first ranking, in the background). */
async function warmedUp(ranker: ParallelRanker): Promise<void> {
  const deadline = Date.now() + 10_000;
  const answered = ranker.workerAnswers;
  while (ranker.workerAnswers === answered) {
    if (Date.now() > deadline) throw new Error('the ranking worker never answered');
    ranker.best(RANKING(false), { match: '"data"*' }, 10);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('ParallelRanker', () => {
  it('answers what one query over every job answers, with a cursor too', async () => {
    const ranker = new ParallelRanker(server.database.sqlite, { minJobs: 0 });
    try {
      await warmedUp(ranker);
      const before = ranker.workerAnswers;
      let compared = 0;
      for (const match of [
        '"data"*',
        '"python"*',
        '"quorvex"* "labs"*',
        '"sql"',
        '"kubernetes"*',
      ]) {
        for (const limit of [1, 7, 100, 2_000]) {
          const expected = oneQuery(match, limit);
          expect(ranker.best(RANKING(false), { match }, limit), `${match} ${limit}`).toEqual(
            expected,
          );
          compared += 1;
          // From the middle of the list on, as the next page's ranking reads it.
          const after = expected[Math.floor(expected.length / 2)];
          if (after === undefined) continue;
          expect(
            ranker.best(
              RANKING(true),
              { match, afterRank: after.sort_rank, afterId: String(after.rid) },
              limit,
            ),
            `${match} ${limit} after ${after.rid}`,
          ).toEqual(oneQuery(match, limit, after));
          compared += 1;
        }
      }
      // Every one of them was ranked in two halves, one in the worker.
      expect(ranker.workerAnswers - before).toBe(compared);
      // The caller's other work runs once, whether the worker ranks or not.
      let ran = 0;
      ranker.best(RANKING(false), { match: '"sql"*' }, 10, () => (ran += 1));
      expect([ran, ranker.workerAnswers - before]).toEqual([1, compared + 1]);
      const alone = new ParallelRanker(server.database.sqlite, { minJobs: JOBS + 1 });
      alone.best(RANKING(false), { match: '"sql"*' }, 10, () => (ran += 1));
      expect([ran, alone.workerAnswers]).toEqual([2, 0]);
      expect(oneQuery('"data"*', 2_000).length).toBeGreaterThan(JOBS / 3);
    } finally {
      ranker.close();
    }
  });

  it('ranks in one query while the index is small, and after close starts another worker', async () => {
    const small = new ParallelRanker(server.database.sqlite, { minJobs: JOBS + 1 });
    for (let i = 0; i < 5; i += 1) {
      expect(small.best(RANKING(false), { match: '"python"*' }, 50)).toEqual(
        oneQuery('"python"*', 50),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(small.workerAnswers).toBe(0);

    const ranker = new ParallelRanker(server.database.sqlite, { minJobs: 0 });
    try {
      await warmedUp(ranker);
      ranker.close();
      const answered = ranker.workerAnswers;
      // The ranking right after close runs in one query (it starts the next worker) and is whole.
      expect(ranker.best(RANKING(false), { match: '"sql"*' }, 30)).toEqual(oneQuery('"sql"*', 30));
      expect(ranker.workerAnswers).toBe(answered);
      await warmedUp(ranker);
      expect(ranker.best(RANKING(false), { match: '"sql"*' }, 30)).toEqual(oneQuery('"sql"*', 30));
    } finally {
      ranker.close();
    }
  });

  it('never starts a worker for a database in memory', async () => {
    const memory = openSqliteFile(':memory:');
    try {
      memory.exec(
        `CREATE VIRTUAL TABLE jobs_fts USING fts5(title, company, location, description);
         INSERT INTO jobs_fts (rowid, title, company, location, description)
           VALUES (1, 'data engineer', 'acme', 'berlin', 'python'),
                  (2, 'data analyst', 'globex', 'paris', 'sql data');`,
      );
      const ranker = new ParallelRanker(memory, { minJobs: 0 });
      for (let i = 0; i < 3; i += 1) {
        expect(ranker.best(RANKING(false), { match: '"data"*' }, 10).map((c) => c.rid)).toEqual([
          1, 2,
        ]);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(ranker.workerAnswers).toBe(0);
    } finally {
      memory.close();
    }
  });
});

describe('the Jobs list ranked in two halves', () => {
  it('lists every page as the single query lists it, grouped and not', async () => {
    const inOne = new ParallelRanker(server.database.sqlite, {
      minJobs: Number.MAX_SAFE_INTEGER,
    });
    const inTwo = new ParallelRanker(server.database.sqlite, { minJobs: 0 });
    const single = new JobRepository(server.database.sqlite, inOne);
    const parallel = new JobRepository(server.database.sqlite, inTwo);
    try {
      const pages = (
        repository: JobRepository,
        q: string,
        grouped: string,
      ): Array<{ items: JobListItem[]; total: number }> => {
        const out: Array<{ items: JobListItem[]; total: number }> = [];
        let cursor: string | null = null;
        do {
          const page = repository.list(
            jobListQuerySchema.parse({
              q,
              sort: 'relevance',
              grouped,
              limit: '25',
              ...(cursor ? { cursor } : {}),
            }),
            server.ctx.now(),
          );
          out.push({ items: page.items, total: page.total });
          cursor = page.next_cursor;
        } while (cursor !== null && out.length < 100);
        return out;
      };
      // The worker starts on the first ranking and answers from then on.
      pages(parallel, 'data', 'true');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const answered = inTwo.workerAnswers;
      for (const q of ['data', 'python developer', 'quorvex', 'sql'])
        for (const grouped of ['true', 'false']) {
          const expected = pages(single, q, grouped);
          expect(expected[0]?.total, `${q} grouped=${grouped}`).toBeGreaterThan(0);
          expect(pages(parallel, q, grouped), `${q} grouped=${grouped}`).toEqual(expected);
        }
      expect(inOne.workerAnswers).toBe(0);
      expect(inTwo.workerAnswers).toBeGreaterThan(answered);
    } finally {
      single.close();
      parallel.close();
    }
  });
});
