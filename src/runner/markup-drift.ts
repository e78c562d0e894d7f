import { FILL_FIELDS, type FillField } from '../db/searches/field-fills';

// Markup drift (issue 32, docs/decisions/054): a field the site stopped giving. Scrapers of this
// site break silently — a renamed class drops the salary, the company link, the posted date — and
// every job still stores, so nothing fails. What shows it is the field's fill rate in a finished
// batch against the same field's rate in the batches before it. Pure: the runner reads the rates
// at a batch's end and stores the verdicts; the Overview and the notifications read those.

/** The fields whose fill rate is watched: the card's, then those only details give. */
export const DRIFT_FIELDS = FILL_FIELDS;
export type DriftField = FillField;

/** The rule's thresholds (decision 054 gives the reasons for each). */
export const DRIFT_RULE = {
  /** A batch counts for a field once it stored this many jobs that could have it. */
  minJobs: 20,
  /** The recent level is the median of at most this many earlier counting batches... */
  window: 7,
  /** ...and needs at least this many to say anything. */
  minHistory: 3,
  /** A field whose recent level is below this is one the site mostly does not give: no drift. */
  givenLevel: 0.2,
  /** Drift: the rate falls under this share of the recent level... */
  fallRatio: 0.5,
  /** ...or from a level of at least `collapseFrom` to at most `collapseTo`. */
  collapseFrom: 0.5,
  collapseTo: 0.05,
} as const;

/** A field's fill in one finished batch: how many of the jobs that could have it did. */
export interface FieldFill {
  filled: number;
  total: number;
}

/** An earlier batch's fill of the field, and whether that batch was itself read as drifting. */
export interface PastFill extends FieldFill {
  drifting: boolean;
}

export type DriftVerdict =
  /** Too few jobs in this batch, or too little history, to judge. */
  | { kind: 'unjudged' }
  /** The site mostly does not give this field (salary in many places): never drift. */
  | { kind: 'not-given'; level: number }
  | { kind: 'ok'; level: number; rate: number }
  | { kind: 'drift'; level: number; rate: number };

export function fillRate(fill: FieldFill): number {
  return fill.total === 0 ? 0 : fill.filled / fill.total;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[mid] ?? 0;
  return ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * Judges a finished batch's fill of one field against the earlier batches (`past`, oldest first).
 * The recent level is the median rate of the last DRIFT_RULE.window counting batches that were not
 * drifting themselves, so a drift that lasts does not become the new normal.
 */
export function judgeField(past: readonly PastFill[], current: FieldFill): DriftVerdict {
  if (current.total < DRIFT_RULE.minJobs) return { kind: 'unjudged' };
  const counting = past.filter((fill) => fill.total >= DRIFT_RULE.minJobs && !fill.drifting);
  const recent = counting.slice(-DRIFT_RULE.window);
  if (recent.length < DRIFT_RULE.minHistory) return { kind: 'unjudged' };
  const level = median(recent.map(fillRate));
  if (level < DRIFT_RULE.givenLevel) return { kind: 'not-given', level };
  const rate = fillRate(current);
  const fell = rate < level * DRIFT_RULE.fallRatio;
  const collapsed = level >= DRIFT_RULE.collapseFrom && rate <= DRIFT_RULE.collapseTo;
  return fell || collapsed ? { kind: 'drift', level, rate } : { kind: 'ok', level, rate };
}

/**
 * What a verdict means for the field's notification, given whether it was drifting before: one
 * `markup_drift` when it starts, none while it lasts, and the field clear again once a counting
 * batch reads normal. A batch that cannot be judged changes nothing.
 */
export function driftChange(
  wasDrifting: boolean,
  verdict: DriftVerdict,
): 'started' | 'continues' | 'recovered' | 'none' {
  if (verdict.kind === 'drift') return wasDrifting ? 'continues' : 'started';
  if (verdict.kind === 'unjudged') return wasDrifting ? 'continues' : 'none';
  return wasDrifting ? 'recovered' : 'none';
}
