import { isSiteError, type SearchPage } from '../scraper';
import type { StoredRun } from '../db/searches/runner-runs';
import type { BatchContext } from './batch-context';
import { describe, type Outcome } from './runner-types';

// The batch's search step: each active query in id order gets a run, whose pages of cards go to
// the store step one by one.

const COOKIES_SETTING = 'cookies';

/** Runs the batch's queries: first any run a stopped process left running, then the rest. */
export async function runQueries(ctx: BatchContext): Promise<Outcome> {
  const { store, history, batchId } = ctx;
  // A run left running by a stopped process is redone from its stored offset.
  for (const run of store.runsOfBatch(batchId).filter((r) => r.status === 'running')) {
    if (ctx.stopped()) return { kind: 'stopped' };
    const outcome = await runOne(ctx, run);
    if (outcome.kind !== 'done') return outcome;
  }
  for (;;) {
    if (ctx.stopped()) return { kind: 'stopped' };
    // The run and what it will search are stored together, so a resumed run asks the same.
    const run = await store.write(() => {
      const query = store.nextQuery(batchId);
      if (!query) return undefined;
      const created = store.createRun(batchId, query, ctx.now());
      if (query.is_ai === 0) history.record(created.id, history.plan(query.id, ctx.now()));
      return created;
    });
    if (!run) return { kind: 'done' };
    ctx.log.info({ batchId, runId: run.id, queryId: run.query_id }, 'query run started');
    const outcome = await runOne(ctx, run);
    if (outcome.kind !== 'done') return outcome;
  }
}

function pagesOf(ctx: BatchContext, run: StoredRun): AsyncGenerator<SearchPage> {
  const query = {
    keywords: run.job_title,
    geoId: String(run.location_id),
    startAt: run.next_start,
  };
  const cookies = (): string => ctx.store.setting(COOKIES_SETTING) ?? '';
  return run.is_ai === 1
    ? ctx.site.searchJobsWithAi(
        { ...query, placeName: run.location, cookies: cookies() },
        { signal: ctx.signal },
      )
    : ctx.site.searchJobs(
        { ...query, filters: ctx.history.params(run.id) },
        { signal: ctx.signal },
      );
}

async function runOne(ctx: BatchContext, run: StoredRun): Promise<Outcome> {
  const { store, now } = ctx;
  try {
    for await (const page of pagesOf(ctx, run)) {
      const saved = await store.savePage(run, page, now(), ctx.options.timeZone);
      ctx.observer?.jobsStored(saved.stored, saved.fresh);
      // Between two pages is the safe place to stop: everything fetched is stored.
      if (ctx.stopped()) return { kind: 'stopped' };
    }
    await store.finishRun(run.id, 'completed', null, now());
    return { kind: 'done' };
  } catch (error) {
    if (ctx.isAbort(error)) return { kind: 'stopped' };
    const reason = describe(error);
    await store.finishRun(run.id, 'failed', reason, now());
    if (!isSiteError(error))
      ctx.log.error({ err: error, batchId: run.batch_id, runId: run.id }, 'query run crashed');
    else
      ctx.log.warn(
        { batchId: run.batch_id, runId: run.id, kind: error.kind, reason },
        'query run failed',
      );
    // An expired session fails every later signed-in request too: stop the batch.
    if (isSiteError(error) && error.kind === 'session-expired')
      return { kind: 'fatal', reason, cookiesRejected: true };
    return { kind: 'done' };
  }
}
