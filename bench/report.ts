/** One measured figure, printed beside its budget. */
export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  /** Human-readable budget, e.g. "≤ 100 kB" or "≥ 5000/s"; absent for figures shown for context. */
  budget?: string;
  /** Whether the figure is within budget; absent for context figures. */
  ok?: boolean;
}

export interface BenchSuite {
  name: string;
  run: () => Promise<BenchFigure[]>;
}

export function atMost(name: string, value: number, unit: string, limit: number): BenchFigure {
  return { name, value, unit, budget: `≤ ${limit} ${unit}`, ok: value <= limit };
}

export function atLeast(name: string, value: number, unit: string, floor: number): BenchFigure {
  return { name, value, unit, budget: `≥ ${floor} ${unit}`, ok: value >= floor };
}

export function context(name: string, value: number, unit: string): BenchFigure {
  return { name, value, unit };
}

export function formatFigure(f: BenchFigure): string {
  const value = Number.isInteger(f.value) ? String(f.value) : f.value.toFixed(2);
  const verdict = f.ok === undefined ? '' : f.ok ? '  ok' : '  OVER BUDGET';
  return `  ${f.name.padEnd(58)} ${`${value} ${f.unit}`.padStart(16)}   ${(f.budget ?? '').padEnd(16)}${verdict}`;
}

/**
 * The machine's pace now: the median time of a fixed CPU-bound workload (SQLite-free, one
 * thread). A shared machine runs the same code up to 1.6 times slower from one minute to the
 * next; printed beside a timed figure, it tells a slow moment from slow code.
 */
export function machinePaceMs(): number {
  const times: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    let acc = 0;
    for (let i = 1; i <= 5_000_000; i += 1) acc += Math.sqrt(i) % 7;
    times.push(performance.now() - started);
    // The result is used, so the loop cannot be dropped as dead code.
    if (acc < 0) throw new Error('unreachable');
  }
  times.sort((a, b) => a - b);
  return Math.round((times[2] ?? 0) * 10) / 10;
}

/** The 95th percentile of some timings (the nearest rank: no sample is made up). */
export function p95(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
}

/** A figure to two decimals, as the report prints it. */
export const round = (value: number): number => Math.round(value * 100) / 100;
