import { addDays, dayInZone, daysFrom, dayStartInZone } from '../../contract/calendar-days';
import type { OverviewQuery, OverviewSpan } from '../../contract/overview';
import type { FacetScope, OverviewStatements } from './overview-statements';

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
      ? firstDay(statements, query, ask.timeZone, today)
      : addDays(today, 1 - Number(ask.range));
  return {
    span: { range: ask.range, query_id: query, days: daysFrom(first, today) },
    scope: { first, last: today, query, allDays: ask.range === 'all' },
    from: dayStartInZone(first, ask.timeZone),
  };
}

function firstDay(
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
