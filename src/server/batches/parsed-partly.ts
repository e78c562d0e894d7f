import { OVERVIEW_FIELDS, type OverviewField } from '../../contract';

/**
 * Issue 32's "parsed partly" on the wire: the batch's drifting fields (stored comma-separated) in
 * the Overview's order, so a batch and its runs list them alike.
 */
export function parsedPartly(driftFields: string | null): OverviewField[] {
  if (driftFields === null) return [];
  const named = new Set(driftFields.split(','));
  return OVERVIEW_FIELDS.filter((field) => named.has(field));
}
