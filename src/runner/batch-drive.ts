import type { BatchContext } from './batch-context';
import { enrich } from './step-details';
import { endCancelled, finishBatch } from './step-notify';
import { recheckWatched } from './step-recheck';
import { runQueries } from './step-search';
import { describe, everyRunFailedMessage, NO_ACTIVE_QUERIES, type Outcome } from './runner-types';

// One batch driven through its phases: running (the search step, whose store step runs the card
// rules and reposts steps on each new card), then enriching (the details step, whose writes run
// the rules and reposts steps again), then its end (the notify step), and after a completed
// batch's end the re-checks (issue 41). A batch resumed after a stop picks up at the phase it was
// in; re-checks cut short by a stop are the next batch's.

/** Every transition below is refused once a cancel is recorded; the batch then ends cancelled. */
async function fail(ctx: BatchContext, reason: string, cookiesRejected = false): Promise<void> {
  if (!(await finishBatch(ctx, 'failed', reason, cookiesRejected))) return endCancelled(ctx);
  ctx.log.warn({ batchId: ctx.batchId, reason }, 'batch failed');
}

async function stoppedBy(ctx: BatchContext): Promise<void> {
  if (!ctx.cancelRequested()) return;
  await endCancelled(ctx);
}

/** The running phase; true when the batch moved on to enriching. */
async function searchPhase(ctx: BatchContext): Promise<boolean> {
  const { store, batchId } = ctx;
  const outcome: Outcome = await runQueries(ctx);
  if (outcome.kind === 'stopped') {
    await stoppedBy(ctx);
    return false;
  }
  if (outcome.kind === 'fatal') {
    await fail(ctx, outcome.reason, outcome.cookiesRejected);
    return false;
  }
  const runs = store.runsOfBatch(batchId);
  if (runs.length === 0 || store.runCount(batchId, 'completed') === 0) {
    await fail(
      ctx,
      runs.length === 0
        ? NO_ACTIVE_QUERIES
        : everyRunFailedMessage(runs.length, store.firstRunFailure(batchId)),
    );
    return false;
  }
  if (await store.setEnriching(batchId)) return true;
  await endCancelled(ctx);
  return false;
}

async function enrichPhase(ctx: BatchContext): Promise<void> {
  const outcome = await enrich(ctx);
  if (outcome.kind === 'stopped') return stoppedBy(ctx);
  if (outcome.kind === 'fatal') return fail(ctx, outcome.reason, outcome.cookiesRejected);
  if (!(await finishBatch(ctx, 'completed', null))) return endCancelled(ctx);
  ctx.log.info({ batchId: ctx.batchId }, 'batch completed');
  // Issue 41 (decision 065): once the batch has ended and told whoever listens, the re-checks
  // of the jobs the operator cares about, within their budget: nothing of the batch waits.
  await recheckWatched(ctx);
}

export async function driveBatch(ctx: BatchContext, closing: () => boolean): Promise<void> {
  const { store, batchId } = ctx;
  try {
    let batch = store.batch(batchId);
    if (batch?.status === 'running') {
      if (!(await searchPhase(ctx))) return;
      batch = store.batch(batchId);
    }
    if (batch?.status === 'enriching') await enrichPhase(ctx);
  } catch (error) {
    // Never let a background failure escape: log it, and close the batch when the
    // database still lets us, so the operator sees why and can start another.
    ctx.log.error({ err: error, batchId }, 'batch crashed');
    if (closing()) return;
    try {
      if (!(await finishBatch(ctx, 'failed', describe(error)))) await endCancelled(ctx);
    } catch (inner) {
      ctx.log.error({ err: inner, batchId }, 'could not mark the crashed batch failed');
    }
  }
}
