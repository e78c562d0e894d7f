import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after';

describe('retryAfterMs', () => {
  const now = Date.UTC(2026, 9, 1, 12, 0, 0);
  it('reads delta-seconds', () => expect(retryAfterMs('120', now)).toBe(120_000));
  it('reads an HTTP date', () =>
    expect(retryAfterMs('Thu, 01 Oct 2026 12:00:30 GMT', now)).toBe(30_000));
  it('clamps a date in the past to 0', () =>
    expect(retryAfterMs('Thu, 01 Oct 2026 11:00:00 GMT', now)).toBe(0));
  it('is null when absent or unreadable', () => {
    expect(retryAfterMs(undefined, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});
