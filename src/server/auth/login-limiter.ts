/** Wrong passwords an address without a device cookie may have checked per window. */
export const LOGIN_MAX_FAILURES = 10;
/** Wrong passwords a browser with a valid device cookie may have checked per window. */
export const DEVICE_MAX_FAILURES = 10;
/** Wrong passwords every client without a device cookie, all addresses together, may have checked. */
export const UNTRUSTED_MAX_FAILURES = 20;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

// Addresses that failed once and never came back would stay forever: past this many, the ones
// whose failures have all aged out are dropped.
const SWEEP_ABOVE_KEYS = 1000;

/** Failures per key in a sliding window. */
class FailureWindow {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
  ) {}

  /** Milliseconds until the key may try again, or 0 when it may try now. */
  retryAfterMs(key: string, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length < this.maxFailures) return 0;
    const oldestThatCounts = recent[recent.length - this.maxFailures] ?? now;
    return Math.max(0, oldestThatCounts + this.windowMs - now);
  }

  add(key: string, at: number): void {
    if (this.failures.size > SWEEP_ABOVE_KEYS) this.sweep(at);
    const recent = this.recent(key, at);
    recent.push(at);
    this.failures.set(key, recent);
  }

  /** Takes back one failure counted at `at` (an attempt that turned out right). */
  takeBack(key: string, at: number): void {
    const recent = this.failures.get(key);
    const index = recent?.lastIndexOf(at) ?? -1;
    if (recent !== undefined && index >= 0) recent.splice(index, 1);
  }

  clear(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  private sweep(now: number): void {
    for (const key of [...this.failures.keys()]) this.recent(key, now);
  }
}

/** Who is signing in: a browser known by its device cookie, or else only its address. */
export type SignInClient = { device: string } | { address: string };

/** An attempt let through: counted as a failure until `succeeded` says otherwise. */
export interface SignInAttempt {
  client: SignInClient;
  at: number;
}

export type SignInAdmission =
  { ok: true; attempt: SignInAttempt } | { ok: false; retryAfterMs: number };

const UNTRUSTED = 'untrusted';

/**
 * The sign-in limits (decisions 002 and 047). A browser with a valid device cookie has its own
 * allowance. Every other client is held to its address's allowance and to one allowance shared by
 * all of them, so guesses spread over many addresses still get only a few passwords checked, while
 * the operator's browser signs in during such an attack.
 *
 * An attempt is counted before its password is checked, and given back when it was right: guesses
 * that arrive together cannot all pass a count not yet written. In memory: a single process serves
 * one operator, and a restart forgetting the counts is an acceptable trade for no table.
 */
export class LoginLimiter {
  private readonly addresses: FailureWindow;
  private readonly devices: FailureWindow;
  private readonly untrusted: FailureWindow;

  constructor(windowMs = LOGIN_WINDOW_MS) {
    this.addresses = new FailureWindow(LOGIN_MAX_FAILURES, windowMs);
    this.devices = new FailureWindow(DEVICE_MAX_FAILURES, windowMs);
    this.untrusted = new FailureWindow(UNTRUSTED_MAX_FAILURES, windowMs);
  }

  /** Refuses the attempt (with the wait), or lets it through and counts it. */
  begin(client: SignInClient, now: number): SignInAdmission {
    if ('device' in client) {
      const wait = this.devices.retryAfterMs(client.device, now);
      if (wait > 0) return { ok: false, retryAfterMs: wait };
      this.devices.add(client.device, now);
    } else {
      const wait = Math.max(
        this.addresses.retryAfterMs(client.address, now),
        this.untrusted.retryAfterMs(UNTRUSTED, now),
      );
      if (wait > 0) return { ok: false, retryAfterMs: wait };
      this.addresses.add(client.address, now);
      this.untrusted.add(UNTRUSTED, now);
    }
    return { ok: true, attempt: { client, at: now } };
  }

  /**
   * The password was right: the device's or the address's failures are forgotten (as before),
   * but the shared allowance only gets this attempt back, so the operator signing in from a new
   * browser does not give an attacker a fresh allowance.
   */
  succeeded({ client, at }: SignInAttempt): void {
    if ('device' in client) {
      this.devices.clear(client.device);
    } else {
      this.addresses.clear(client.address);
      this.untrusted.takeBack(UNTRUSTED, at);
    }
  }
}

export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
