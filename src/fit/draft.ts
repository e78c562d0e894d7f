import type { FIT_PART_OUTCOMES, FitEvidence, FitPart, FitPartKind } from '../contract/fit';

export type FitOutcome = (typeof FIT_PART_OUTCOMES)[number];

/** A part before the parts that apply are scaled to 100: its weight as in FIT_WEIGHTS. */
export interface Draft {
  kind: FitPartKind;
  label: string;
  /** The weight before scaling. */
  base: number;
  /** The share of the weight it gives, 0 to 1. */
  share: number;
  outcome: FitOutcome;
  evidence: FitEvidence[];
}

/** The parts scaled so the weights that apply add up to 100; each weight and point to 0.1. */
export function scaled(drafts: readonly Draft[]): { parts: FitPart[]; total: number | null } {
  const sum = drafts.reduce((acc, d) => acc + d.base, 0);
  if (sum === 0) return { parts: drafts.map((d) => partOf(d, 0, 0)), total: null };
  let total = 0;
  const parts = drafts.map((d) => {
    const weight = (d.base * 100) / sum;
    total += weight * d.share;
    return partOf(d, tenth(weight), tenth(weight * d.share));
  });
  return { parts, total };
}

const tenth = (n: number): number => Math.round(n * 10) / 10;

function partOf(d: Draft, weight: number, points: number): FitPart {
  return { kind: d.kind, label: d.label, weight, points, outcome: d.outcome, evidence: d.evidence };
}

/** "A, B and C". */
export function listed(names: readonly string[], and = 'and'): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} ${and} ${names[names.length - 1]}`;
}
