/**
 * Milliseconds to wait from a Retry-After header: delta-seconds ("120") or an HTTP date.
 * Null when absent or unreadable, so the caller falls back to its own back-off.
 */
export function retryAfterMs(header: string | undefined, now: number): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}
