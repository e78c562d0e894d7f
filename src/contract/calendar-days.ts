// Calendar days (YYYY-MM-DD) in the server's time zone: the runner dates each new job by one
// (issue 32), the Overview's answers list them, and the daily schedule claims one a day.

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Building a formatter costs far more than formatting with one (tens of microseconds): the store
 * dates every page it writes, so each zone's is built once.
 */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone the process runs in: config's TZ when it is set (Node reads the same variable). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** YYYY-MM-DD of an instant in a time zone. */
export function dayInZone(at: number, timeZone: string): string {
  const parts = formatterFor(timeZone).formatToParts(new Date(at));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The day `days` after (or, negative, before) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/** Every day from `first` to `last`, both included, oldest first (none when first > last). */
export function daysFrom(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The first instant (epoch ms) of a day in a time zone. Usually its midnight, but a zone may skip
 * midnight when its clocks move on: the search finds the first instant whose date is the day
 * whatever the offset (offsets lie within ±14 hours of UTC).
 */
export function dayStartInZone(day: string, timeZone: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const utcMidnight = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1);
  let low = utcMidnight - 15 * 3_600_000;
  let high = utcMidnight + 15 * 3_600_000;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (dayInZone(middle, timeZone) >= day) high = middle;
    else low = middle + 1;
  }
  return low;
}
