import type { BatchFieldFills } from '../db/searches/field-fills';
import { DRIFT_FIELDS, driftChange, judgeField, type DriftField } from './markup-drift';

/** A field whose drift started or ended with this batch (issue 32's `markup_drift`). */
export interface FieldHealthChange {
  field: DriftField;
  change: 'started' | 'recovered';
}

/**
 * The batch's end, for the site's health: each watched field's fill over the batch's new jobs,
 * judged against the batches before (decision 054) and stored with the verdict. Runs inside the
 * transaction that completes the batch; answers the fields whose drift started or ended.
 */
export function recordFieldHealth(fills: BatchFieldFills, batchId: number): FieldHealthChange[] {
  const counts = fills.counts(batchId);
  const changes: FieldHealthChange[] = [];
  for (const field of DRIFT_FIELDS) {
    const past = fills.past(field, batchId);
    const verdict = judgeField(past, counts[field]);
    const change = driftChange(past.at(-1)?.drifting ?? false, verdict);
    const drifting = change === 'started' || change === 'continues';
    fills.save(batchId, { field, ...counts[field], verdict: verdict.kind, drifting });
    if (change === 'started' || change === 'recovered') changes.push({ field, change });
  }
  return changes;
}
