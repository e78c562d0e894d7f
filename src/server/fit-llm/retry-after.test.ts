import { describe, expect, it } from 'vitest';
import { RETRY_AFTER_MAX_MS, retryAfterMs } from './retry-after';

const NOW = Date.parse('2026-11-02T08:00:00Z');

describe('retryAfterMs', () => {
  it('reads seconds', () => {
    expect(retryAfterMs('1', NOW)).toBe(1_000);
    expect(retryAfterMs(' 120 ', NOW)).toBe(120_000);
    expect(retryAfterMs('0', NOW)).toBe(0);
  });

  it('reads an HTTP date, from now', () => {
    expect(retryAfterMs('Mon, 02 Nov 2026 08:00:30 GMT', NOW)).toBe(30_000);
    // A date already past: no wait.
    expect(retryAfterMs('Mon, 02 Nov 2026 07:00:00 GMT', NOW)).toBe(0);
  });

  it('caps a long wait at a day and ignores what it cannot read', () => {
    expect(retryAfterMs('9999999', NOW)).toBe(RETRY_AFTER_MAX_MS);
    expect(retryAfterMs(null, NOW)).toBeUndefined();
    expect(retryAfterMs('-5', NOW)).toBeUndefined();
    expect(retryAfterMs('1.5', NOW)).toBeUndefined();
    expect(retryAfterMs('soon', NOW)).toBeUndefined();
  });
});
