/** Stored times are epoch milliseconds; the API sends ISO 8601 text, or null for "-". */
export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
