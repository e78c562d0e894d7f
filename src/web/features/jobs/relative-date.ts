const DAY_MS = 86_400_000;

/**
 * A posted date (YYYY-MM-DD, the site gives no time) relative to today in the operator's own
 * calendar: "today", "yesterday", "3 days ago", "2 weeks ago", "5 months ago".
 */
export function relativeDay(date: string, now: Date = new Date()): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  const then = Date.UTC(y, m - 1, d);
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  const days = Math.round((then - today) / DAY_MS);
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const ago = -days;
  if (ago < 7) return format.format(days, 'day');
  if (ago < 30) return format.format(-Math.floor(ago / 7), 'week');
  if (ago < 365) return format.format(-Math.floor(ago / 30), 'month');
  return format.format(-Math.floor(ago / 365), 'year');
}

/** The same date written out in full, for the hover text. */
export function fullDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Date(y, m - 1, d).toLocaleDateString(undefined, { dateStyle: 'full' });
}
