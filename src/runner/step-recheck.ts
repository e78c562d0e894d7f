import { isSiteError } from '../scraper';
import type { BatchContext } from './batch-context';
import { describe, type RecheckOutcome } from './runner-types';

// Issue 41, round two (docs/decisions/065): after a completed batch has ended and told whoever
// listens, the jobs the operator cares about (Saved or Applied on the board, flagged jobs) are
// re-read to learn whether their postings closed: each at most once every N days, at most the
// budget a batch, oldest-read first. Paced by the site client like every other request; a
// refusal (429, 999), a rejected session, the runner closing or another batch waiting stops them.
// A job found closed is written with its `job_closed` messages in one write.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/**
 * Daily batches do not end at the same minute each day: a job read 3 days ago less a few minutes
 * is due at the third batch, not the fourth. "Once every N days" is N days less this.
 */
export const RECHECK_SLACK_MS = 2 * HOUR_MS;
/** A page gone (404) is closed only when it is gone again at least this long after: another day. */
export const GONE_CONFIRM_MS = DAY_MS - RECHECK_SLACK_MS;

export interface RecheckTally {
  checked: number;
  closed: number;
  gone: number;
  failed: number;
  /** Why the re-checks stopped before the due jobs or the budget ran out; null when they did not. */
  stoppedBy: 'refused' | 'session' | 'stopping' | 'batch-waiting' | null;
}

type Verdict = RecheckOutcome | 'refused' | 'session' | 'stopping';

/** One due job re-read: what its page said, or what stops the re-checks. */
async function recheckOne(ctx: BatchContext, jobId: string): Promise<Verdict> {
  const told =
    (reason: 'closed' | 'gone') =>
    (id: string): void =>
      ctx.options.onJobClosed?.({ jobId: id, now: ctx.now(), reason });
  try {
    const details = await ctx.site.getJobDetails(jobId, { signal: ctx.signal });
    await ctx.store.saveJobCheck(details, ctx.now(), told('closed'));
    return details.closed ? 'closed' : 'open';
  } catch (error) {
    if (ctx.isAbort(error)) return 'stopping';
    if (isSiteError(error) && error.kind === 'rate-limited') return 'refused';
    if (isSiteError(error) && error.kind === 'session-expired') return 'session';
    if (isSiteError(error) && (error.status === 404 || error.status === 410)) {
      await ctx.store.saveRecheckGone(jobId, ctx.now(), GONE_CONFIRM_MS, told('gone'));
      return 'gone';
    }
    // One page that cannot be read now stays due: the next batch tries it again.
    ctx.log.warn({ batchId: ctx.batchId, jobId, reason: describe(error) }, 're-check failed');
    return 'failed';
  }
}

/** The re-checks after a completed batch; never throws (the batch has ended already). */
export async function recheckWatched(ctx: BatchContext): Promise<RecheckTally> {
  const tally: RecheckTally = { checked: 0, closed: 0, gone: 0, failed: 0, stoppedBy: null };
  try {
    const settings = ctx.store.recheckSettings();
    const due = ctx.store.dueForRecheck({
      now: ctx.now(),
      everyMs: settings.every_days * DAY_MS - RECHECK_SLACK_MS,
      goneMs: GONE_CONFIRM_MS,
      limit: settings.budget,
    });
    for (const jobId of due) {
      if (ctx.stopped()) tally.stoppedBy = 'stopping';
      else if (ctx.othersWaiting()) tally.stoppedBy = 'batch-waiting';
      if (tally.stoppedBy !== null) break;
      const verdict = await recheckOne(ctx, jobId);
      if (verdict === 'refused' || verdict === 'session' || verdict === 'stopping') {
        tally.stoppedBy = verdict;
        break;
      }
      tally.checked += 1;
      if (verdict === 'closed') tally.closed += 1;
      else if (verdict === 'gone') tally.gone += 1;
      else if (verdict === 'failed') tally.failed += 1;
      ctx.observer?.rechecked?.(verdict);
    }
    if (due.length > 0)
      ctx.log.info({ batchId: ctx.batchId, due: due.length, ...tally }, 're-checks done');
  } catch (error) {
    // A database failure here must not touch the batch, which has ended: the log says it.
    ctx.log.error({ err: error, batchId: ctx.batchId }, 're-checks failed');
  }
  return tally;
}
