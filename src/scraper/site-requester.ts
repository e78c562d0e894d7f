import type { Clock } from './clock';
import { TransportFailure, type Transport, type TransportResponse } from './http-transport';
import type { Lane } from './pacing';
import { retryAfterMs } from './retry-after';
import { SiteError } from './site-error';
import type { SiteEndpoint, SiteObserver, SiteRetryReason } from './site-observer';

/** Where a redirect means "signed out": the cookies are missing or expired. */
const AUTH_WALL = /^\/(?:authwall|login|uas\/login|signup|checkpoint)(?:[/?#-]|$)/i;

export const REFUSAL_BACKOFF_START_MS = 2_000;
export const REFUSAL_BACKOFF_CAP_MS = 60_000;
/** Waits shorter than this (e.g. "Retry-After: 0") are raised to it, so refusals cannot spin. */
const MIN_REFUSAL_WAIT_MS = 1_000;
const FAILURE_BACKOFF_CAP_MS = 30_000;
/** Slack after a refusal's wait within which the next refusal still continues the streak. */
const STREAK_GRACE_MS = 60_000;

export interface RequestPolicy {
  lane: Lane;
  /** Wait out 429/999 (batch traffic); when false a refusal fails at once (typeahead). */
  waitOnRefusal: boolean;
  /** Attempts for timeouts, dropped connections and 5xx, the first included. */
  maxAttempts: number;
  /** First wait after such a failure; doubles on each further one. */
  retryDelayMs: number;
  timeoutMs: number;
  /** A signed-in call: 401/403 then mean the cookies are no longer accepted. */
  signedIn: boolean;
}

export interface SiteRequest {
  /** Which call this is, for whoever observes the client (metrics count by it). */
  endpoint: SiteEndpoint;
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface SiteRequesterOptions {
  transport: Transport;
  clock: Clock;
  siteName: string;
  stallMs: number;
  /** Told of every attempt's outcome and every wait before a retry (the server's metrics). */
  observer?: SiteObserver;
}

function minutes(ms: number): string {
  const n = Math.max(1, Math.round(ms / 60_000));
  return n === 1 ? '1 minute' : `${n} minutes`;
}

/**
 * Sends one request under a lane's budget and turns every way it can go wrong into a
 * SiteError: refusals (429/999) are waited out until the site has refused for stallMs,
 * redirects to a sign-in page mean expired cookies, and timeouts, dropped connections and
 * 5xx are retried a bounded number of times. Other answers (2xx, 4xx) go to the caller.
 */
export class SiteRequester {
  /** When the site started refusing without a success since; shared by all batch requests. */
  private refusingSince: number | null = null;
  /** A refusal after this time starts a new streak (e.g. a run that was stopped and resumed later). */
  private streakValidUntil = 0;

  constructor(private readonly options: SiteRequesterOptions) {}

  get sessionExpiredMessage(): string {
    return `${this.options.siteName} session expired or missing: paste new cookies in Settings`;
  }

  async send(req: SiteRequest, policy: RequestPolicy): Promise<TransportResponse> {
    try {
      return await policy.lane.run(() => this.attempt(req, policy), req.signal);
    } catch (error) {
      // Cancelled while waiting for the lane: still a SiteError, like every other outcome.
      if (error instanceof SiteError || !req.signal?.aborted) throw error;
      throw new SiteError('aborted', `Request to ${this.options.siteName} cancelled`, {
        path: req.url.pathname,
      });
    }
  }

  private async attempt(req: SiteRequest, policy: RequestPolicy): Promise<TransportResponse> {
    const { clock, siteName, stallMs, transport } = this.options;
    const path = req.url.pathname;
    // Each refusal waits at least MIN_REFUSAL_WAIT_MS, so this bounds the loop even with a
    // clock that does not move; failures are bounded by maxAttempts.
    const maxRefusals = Math.ceil(stallMs / MIN_REFUSAL_WAIT_MS) + 2;
    let refusals = 0;
    let failures = 0;
    for (;;) {
      if (req.signal?.aborted)
        throw new SiteError('aborted', `Request to ${siteName} cancelled`, { path });
      await policy.lane.beforeRequest(req.signal).catch(() => {
        throw new SiteError('aborted', `Request to ${siteName} cancelled`, { path });
      });
      let res: TransportResponse;
      try {
        res = await transport.send({
          method: req.method,
          url: req.url,
          headers: req.headers,
          body: req.body,
          timeoutMs: policy.timeoutMs,
          signal: req.signal,
        });
      } catch (error) {
        if (!(error instanceof TransportFailure)) throw error;
        if (error.kind === 'aborted')
          throw new SiteError('aborted', `Request to ${siteName} cancelled`, { path });
        this.options.observer?.request(req.endpoint, error.kind);
        failures += 1;
        if (failures >= policy.maxAttempts) {
          throw error.kind === 'timeout'
            ? new SiteError(
                'timeout',
                `${siteName} did not answer ${path} in time (${error.message}; ${failures} attempts)`,
                { path },
              )
            : new SiteError(
                'network',
                `Could not reach ${siteName} for ${path} (${error.message}; ${failures} attempts)`,
                { path },
              );
        }
        await this.pause(
          Math.min(FAILURE_BACKOFF_CAP_MS, policy.retryDelayMs * 2 ** (failures - 1)),
          req,
          error.kind,
        );
        continue;
      } finally {
        policy.lane.afterRequest();
      }

      const { status } = res;
      this.options.observer?.request(req.endpoint, status);
      if (status >= 300 && status < 400) {
        const target = res.headers.location ? new URL(res.headers.location, req.url) : null;
        if (target && AUTH_WALL.test(target.pathname)) {
          throw new SiteError('session-expired', this.sessionExpiredMessage, { status, path });
        }
        throw new SiteError(
          'http',
          `${siteName} redirected ${path} to ${target?.pathname ?? 'nowhere'} unexpectedly (HTTP ${status})`,
          { status, path },
        );
      }
      if (status === 429 || status === 999) {
        if (!policy.waitOnRefusal) {
          throw new SiteError(
            'rate-limited',
            `${siteName} is refusing requests for now (HTTP ${status}); try again in a moment`,
            { status, path },
          );
        }
        const now = clock.now();
        if (this.refusingSince === null || now > this.streakValidUntil) this.refusingSince = now;
        const elapsed = now - this.refusingSince;
        refusals += 1;
        if (elapsed >= stallMs || refusals > maxRefusals) {
          throw new SiteError(
            'rate-limited',
            `Rate limited by ${siteName} for ${minutes(Math.max(elapsed, stallMs))}`,
            { status, path },
          );
        }
        const backoff = Math.min(
          REFUSAL_BACKOFF_CAP_MS,
          REFUSAL_BACKOFF_START_MS * 2 ** (refusals - 1),
        );
        const wait = Math.max(
          MIN_REFUSAL_WAIT_MS,
          retryAfterMs(res.headers['retry-after'], now) ?? backoff,
        );
        // Never sleep past the stall deadline: one last try at the deadline decides.
        const pause = Math.min(wait, Math.max(MIN_REFUSAL_WAIT_MS, stallMs - elapsed));
        this.streakValidUntil = now + pause + STREAK_GRACE_MS;
        await this.pause(pause, req, 'refused');
        continue;
      }
      if (status >= 500) {
        failures += 1;
        if (failures >= policy.maxAttempts) {
          throw new SiteError(
            'http',
            `${siteName} answered HTTP ${status} for ${path} (${failures} attempts)`,
            { status, path },
          );
        }
        await this.pause(
          Math.min(FAILURE_BACKOFF_CAP_MS, policy.retryDelayMs * 2 ** (failures - 1)),
          req,
          'server-error',
        );
        continue;
      }
      if (policy.signedIn && (status === 401 || status === 403)) {
        throw new SiteError('session-expired', this.sessionExpiredMessage, { status, path });
      }
      if (policy.waitOnRefusal) this.refusingSince = null;
      return res;
    }
  }

  private async pause(ms: number, req: SiteRequest, reason: SiteRetryReason): Promise<void> {
    this.options.observer?.pause(req.endpoint, reason, ms);
    try {
      await this.options.clock.sleep(ms, req.signal);
    } catch {
      throw new SiteError('aborted', `Request to ${this.options.siteName} cancelled`, {
        path: req.url.pathname,
      });
    }
  }
}
