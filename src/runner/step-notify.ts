import type { BatchContext } from './batch-context';
import { CANCELLED_BY_OPERATOR } from './runner-types';

// The batch's last step: its end recorded, and whoever listens told (the notification outbox in
// the same transaction, the metrics after it).

/**
 * The batch's end and what onBatchFinished queues with it, in one transaction. False when a
 * cancel was recorded first: the batch then ends cancelled instead, and notifies nobody, since
 * the operator asked for it.
 */
export async function finishBatch(
  ctx: BatchContext,
  status: 'completed' | 'failed',
  error: string | null,
  cookiesRejected = false,
): Promise<boolean> {
  const { batchId } = ctx;
  const ended = await ctx.store.write(() => {
    const at = ctx.now();
    if (!ctx.store.finishBatch(batchId, status, error, at)) return false;
    // Issue 32: a completed batch's fields, judged for markup drift with its end.
    const drift = status === 'completed' ? ctx.store.recordFieldHealth(batchId) : [];
    keepSiteCounts(ctx);
    ctx.options.onBatchFinished?.({ batchId, status, error, cookiesRejected, now: at, drift });
    return true;
  });
  if (ended) observeEnd(ctx, status);
  return ended;
}

/** Ends the batch cancelled: the operator asked for it, so nobody is notified. */
export async function endCancelled(ctx: BatchContext): Promise<void> {
  await ctx.store.write(() => {
    ctx.store.finishCancelled(ctx.batchId, CANCELLED_BY_OPERATOR, ctx.now());
    keepSiteCounts(ctx);
  });
  observeEnd(ctx, 'cancelled');
  ctx.log.warn({ batchId: ctx.batchId }, 'batch cancelled by the operator');
}

/**
 * Adds what the batch cost the site since its drive began to its row (issue 32), in the
 * write that ends it; the queue keeps what is left when a drive stops short of the end.
 */
export function keepSiteCounts(ctx: Pick<BatchContext, 'batchId' | 'store' | 'siteTally'>): void {
  if (ctx.siteTally) ctx.store.addSiteCounts(ctx.batchId, ctx.siteTally.take());
}

/** Tells the observer how the batch ended, after its transaction committed. */
function observeEnd(ctx: BatchContext, outcome: 'completed' | 'failed' | 'cancelled'): void {
  if (!ctx.observer) return;
  const startedAt = ctx.store.batch(ctx.batchId)?.started_at ?? null;
  ctx.observer.batchEnded(outcome, startedAt === null ? 0 : Math.max(0, ctx.now() - startedAt));
}
