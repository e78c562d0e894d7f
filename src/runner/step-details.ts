import { isSiteError } from '../scraper';
import type { BatchContext } from './batch-context';
import { NEGATIVE_LOOKUP_TTL_MS } from './company-ids';
import { DetailsWriter } from './details-writer';
import { describe, type Outcome } from './runner-types';

// The batch's details step: the companies' ids first (blocking by id needs them), then each
// pending job's details, written in groups (details-writer.ts) through the store, where the
// reposts and rules steps read the description.

const DETAILS_CHUNK = 200;

/** Looks up the ids of the batch's companies not known yet, a few at once. */
async function resolveCompanyIds(ctx: BatchContext): Promise<Outcome> {
  const { store, batchId } = ctx;
  const pending = store.unresolvedCompanies(batchId, ctx.now() - NEGATIVE_LOOKUP_TTL_MS);
  let next = 0;
  let fatal: string | null = null;
  const worker = async (): Promise<void> => {
    while (next < pending.length && !ctx.stopped() && fatal === null) {
      const company = pending[next++];
      if (!company) return;
      try {
        const id = await ctx.companies.resolve(company.name, ctx.now(), ctx.signal);
        if (id !== null) await store.setCompanyId(company.normalized, id);
      } catch (error) {
        if (ctx.isAbort(error)) return;
        if (isSiteError(error) && error.kind === 'session-expired') fatal = error.message;
        // A name that cannot be looked up now stays unknown: blocking then goes by name.
        else ctx.log.warn({ batchId, reason: describe(error) }, 'company id lookup failed');
      }
    }
  };
  const workers = Math.max(1, ctx.options.companyLookupConcurrency ?? 5);
  await Promise.all(Array.from({ length: workers }, worker));
  if (fatal !== null) return { kind: 'fatal', reason: fatal, cookiesRejected: true };
  return ctx.stopped() ? { kind: 'stopped' } : { kind: 'done' };
}

/** The enriching phase: company ids, then every pending job's details. */
export async function enrich(ctx: BatchContext): Promise<Outcome> {
  const ids = await resolveCompanyIds(ctx);
  if (ids.kind !== 'done') return ids;
  const { store, batchId } = ctx;
  await store.write(() => {
    const done = store.batch(batchId)?.jobs_enriched ?? 0;
    store.setEnrichTotals(batchId, done + store.pendingDetailsCount(batchId), done);
  });
  const writer = new DetailsWriter(store, batchId, ctx.now);
  const writeHeld = (): Promise<void> => writer.write();
  try {
    for (;;) {
      await writeHeld();
      const chunk = store.pendingDetailIds(batchId, DETAILS_CHUNK);
      if (chunk.length === 0) return { kind: 'done' };
      for (const jobId of chunk) {
        if (ctx.stopped()) return { kind: 'stopped' };
        const outcome = await fetchDetails(ctx, writer, writeHeld, jobId);
        if (outcome.kind !== 'done') return outcome;
      }
    }
  } finally {
    // Details already fetched are kept whatever ends the step: a cancel, the site's refusal.
    await writeHeld();
  }
}

/** One job's details: held for the next write, or its failure noted (fatal when the site refuses all). */
async function fetchDetails(
  ctx: BatchContext,
  writer: DetailsWriter,
  writeHeld: () => Promise<void>,
  jobId: string,
): Promise<Outcome> {
  try {
    const startedAt = writer.requestStarted();
    const details = await ctx.site.getJobDetails(jobId, { signal: ctx.signal });
    if (writer.add(details, startedAt)) await writeHeld();
    return { kind: 'done' };
  } catch (error) {
    if (ctx.isAbort(error)) return { kind: 'stopped' };
    if (isSiteError(error) && (error.kind === 'session-expired' || error.kind === 'rate-limited')) {
      // The site refuses every further request: the batch cannot go on.
      return {
        kind: 'fatal',
        reason: error.message,
        cookiesRejected: error.kind === 'session-expired',
      };
    }
    // One job that is gone or unreadable is noted and skipped, never fatal.
    await writeHeld();
    await ctx.store.saveDetailsError(ctx.batchId, jobId, describe(error));
    ctx.siteTally?.detailsFailed();
    ctx.log.warn({ batchId: ctx.batchId, jobId, reason: describe(error) }, 'job details failed');
    return { kind: 'done' };
  }
}
