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
