import { addDays, dayInZone, daysFrom, dayStartInZone } from '../../contract/calendar-days';
import type { OverviewQuery, OverviewSpan } from '../../contract/overview';
import type { FacetScope, Instants, OverviewStatements } from './overview-statements';

/** What an Overview call asks, with the server's clock and zone. */
export interface OverviewAsk extends OverviewQuery {
  now: number;
  timeZone: string;
}

/** The days an answer covers, their facet scope, and when the first of them began. */
export interface ResolvedSpan {
  span: OverviewSpan;
  scope: FacetScope;
  /** The first instant of the first day (epoch ms): runs that started since are in the range. */
  from: number;
  /** From `from` to the first instant after the last day (tomorrow's start). */
  instants: Instants;
  /** Per query of the scope that stored jobs, the day it stored its first (its backfill). */
  backfillDays: ReadonlyMap<number, string>;
}

/** The days from `first` to `last` and the query: their facet scope and instants. */
function scopeOf(first: string, last: string, query: number | null, ask: OverviewAsk) {
  return {
    scope: { first, last, query, allDays: ask.range === 'all' },
    instants: {
      from: dayStartInZone(first, ask.timeZone),
      to: dayStartInZone(addDays(last, 1), ask.timeZone),
    },
  };
}

/**
 * The days of the range: today and the 6, 29 or 89 days before it in the server's zone, or
 * every day from the first a job was first seen or a run started (of the query asked for).
 */
export function resolveSpan(statements: OverviewStatements, ask: OverviewAsk): ResolvedSpan {
  const query = ask.query ?? null;
  const today = dayInZone(ask.now, ask.timeZone);
  const first =
    ask.range === 'all'
      ? historyStart(statements, query, ask.timeZone, today)
      : addDays(today, 1 - Number(ask.range));
  const days = daysFrom(first, today);
  const { scope, instants } = scopeOf(first, today, query, ask);
  const backfillDays = statements.backfillDays(query);
  return {
    span: {
      range: ask.range,
      query_id: query,
      days,
      backfills: backfillsPerDay(days, backfillDays),
    },
    scope,
    from: instants.from,
    instants,
    backfillDays,
  };
}

/**
 * The range before a range of 7, 30 or 90 days: as many days, ending the day before it starts.
 * `all` has none.
 */
export function previousRange(
  resolved: ResolvedSpan,
  ask: OverviewAsk,
): (Pick<ResolvedSpan, 'scope' | 'instants'> & { first: string; last: string }) | null {
  if (ask.range === 'all') return null;
  const last = addDays(resolved.scope.first, -1);
  const first = addDays(last, 1 - Number(ask.range));
  return { first, last, ...scopeOf(first, last, resolved.scope.query, ask) };
}

/** The first day a job was first seen or a run started (of `query`); today without any. */
export function historyStart(
  statements: OverviewStatements,
  query: number | null,
  timeZone: string,
  today: string,
): string {
  const firstStart = statements.firstRunStart(query);
  const candidates = [
    statements.firstFacetDay(query),
    firstStart === null ? null : dayInZone(firstStart, timeZone),
    today,
  ].filter((day) => day !== null);
  // A day after today (the zone changed since) starts nothing.
  return candidates.reduce((a, b) => (b < a ? b : a));
}

/** Per day, how many queries stored their first jobs that day. */
export function backfillsPerDay(
  days: readonly string[],
  backfillDays: ReadonlyMap<number, string>,
): number[] {
  const counts = perDay(days);
  for (const day of backfillDays.values()) counts.add(day, 1);
  return counts.values;
}

/** One value per day of the span, 0 where nothing was counted. */
export function perDay(days: readonly string[]): {
  values: number[];
  add: (day: string, jobs: number) => void;
} {
  const index = new Map(days.map((day, i) => [day, i]));
  const values = days.map(() => 0);
  return {
    values,
    add(day, jobs) {
      const i = index.get(day);
      if (i !== undefined) values[i] = (values[i] ?? 0) + jobs;
    },
  };
}
