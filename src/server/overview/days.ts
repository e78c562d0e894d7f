import type { OverviewRange } from '../../contract';

// The Overview's days (issue 32): calendar days in the server's time zone (config.timeZone),
// oldest first, today last. Counted on the calendar, not in 24-hour steps, so a day that
// changes the clocks is still one day.

const DAY_MS = 86_400_000;
/** The earliest a day starts, in UTC, anywhere: at UTC+14:00 its midnight is 14 h before. */
const MAX_AHEAD_MS = 14 * 3_600_000;

export interface OverviewDays {
  days: string[];
  /** An instant at or before the first day's start in any zone: rows before it cannot count. */
  since: number;
  /** The day (YYYY-MM-DD) an instant falls on in the server's zone. */
  dayOf: (at: number) => string;
}

/** One formatter per zone: making one costs far more than using it. */
export function dayFormatter(timeZone: string): (at: number) => string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (at) => {
    const parts = format.formatToParts(new Date(at));
    const get = (type: Intl.DateTimeFormatPartTypes) =>
      parts.find((part) => part.type === type)?.value ?? '';
    return `${get('year')}-${get('month')}-${get('day')}`;
  };
}

const utcOf = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const dayOfUtc = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * The range's days: 7, 30 or 90 of them ending today, or for 'all' every day from the first
 * batch's (`firstAt`; today alone without batches).
 */
export function overviewDays(
  range: OverviewRange,
  now: number,
  timeZone: string,
  firstAt: number | null,
): OverviewDays {
  const dayOf = dayFormatter(timeZone);
  const today = utcOf(dayOf(now));
  const first =
    range === 'all'
      ? Math.min(today, firstAt === null ? today : utcOf(dayOf(firstAt)))
      : today - (Number(range) - 1) * DAY_MS;
  const days: string[] = [];
  for (let day = first; day <= today; day += DAY_MS) days.push(dayOfUtc(day));
  return { days, since: first - MAX_AHEAD_MS, dayOf };
}
