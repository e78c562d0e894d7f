// Retry-After (RFC 9110 §10.2.3): a number of seconds, or an HTTP date. A 429 or 503 that sends
// one is waited out before the same endpoint is asked again.

/** The longest wait a Retry-After is taken for; a longer one waits this long, then tries again. */
export const RETRY_AFTER_MAX_MS = 24 * 60 * 60_000;

/** How long to wait from `now`, in ms; undefined when the header is absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * 1000, RETRY_AFTER_MAX_MS);
  // Only the date forms HTTP allows have letters and a GMT zone; Date.parse reads IMF-fixdate.
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, at - now), RETRY_AFTER_MAX_MS);
}
