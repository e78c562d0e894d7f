export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Counts failed sign-ins per client address in a sliding window. In memory: a single process
 * serves one operator, and a restart forgetting the count is an acceptable trade for no table.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = LOGIN_MAX_FAILURES,
    private readonly windowMs = LOGIN_WINDOW_MS,
  ) {}

  /** Milliseconds until the address may try again, or 0 when it may try now. */
  retryAfterMs(address: string, now: number): number {
    const recent = this.recent(address, now);
    if (recent.length < this.maxFailures) return 0;
    const oldestThatCounts = recent[recent.length - this.maxFailures] ?? now;
    return Math.max(0, oldestThatCounts + this.windowMs - now);
  }

  recordFailure(address: string, now: number): void {
    const recent = this.recent(address, now);
    recent.push(now);
    this.failures.set(address, recent);
  }

  recordSuccess(address: string): void {
    this.failures.delete(address);
  }

  private recent(address: string, now: number): number[] {
    const kept = (this.failures.get(address) ?? []).filter((t) => now - t < this.windowMs);
    if (kept.length === 0) this.failures.delete(address);
    else this.failures.set(address, kept);
    return kept;
  }
}

export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
