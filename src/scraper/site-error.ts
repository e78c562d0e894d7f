export type SiteErrorKind =
  | 'rate-limited'
  | 'session-expired'
  | 'needs-cookies'
  | 'network'
  | 'http'
  | 'parse'
  | 'timeout'
  | 'aborted';

export interface SiteErrorDetails {
  /** The HTTP status when the site answered one (e.g. 404 for a removed job). */
  status?: number;
  /** Path of the request (no query string, never cookies). */
  path?: string;
}

/**
 * The one error the site client throws. `message` is written for the operator and never
 * holds cookies, tokens or headers; `kind` lets callers decide (stop the batch, skip a job).
 */
export class SiteError extends Error {
  readonly kind: SiteErrorKind;
  readonly status: number | undefined;
  readonly path: string | undefined;

  constructor(kind: SiteErrorKind, message: string, details: SiteErrorDetails = {}) {
    super(message);
    this.name = 'SiteError';
    this.kind = kind;
    this.status = details.status;
    this.path = details.path;
  }
}

export function isSiteError(error: unknown): error is SiteError {
  return error instanceof SiteError;
}
