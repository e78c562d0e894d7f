import type { BatchFieldFills, FieldCount } from '../db/searches/field-fills';
import { DRIFT_FIELDS, driftChange, judgeField, type DriftField } from './markup-drift';

/**
 * A field whose drift started or ended with this batch (issue 32's `markup_drift`). A start says
 * what the message needs: the batch's fill, its rate, and the recent level it fell from.
 */
export type FieldHealthChange =
  | ({ field: DriftField; change: 'started'; rate: number; level: number } & FieldCount)
  | { field: DriftField; change: 'recovered' };

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
    if (change === 'started' && verdict.kind === 'drift')
      changes.push({ field, change, rate: verdict.rate, level: verdict.level, ...counts[field] });
    if (change === 'recovered') changes.push({ field, change });
  }
  return changes;
}
