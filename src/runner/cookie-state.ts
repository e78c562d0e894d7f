import { createHash } from 'node:crypto';
import type { ConnectionLike } from '../db/connection';
import { prepareCookieStatusStatements } from '../db/settings';
import { extractSessionCookies } from '../scraper';

// What the site last said about the stored cookies: "Check cookies" writes it, and so does a
// batch whose signed-in request met the sign-in wall. Kept with a SHA-256 of the cookies it was
// about, so cookies saved since then read as not checked rather than inheriting a verdict. The
// cookies themselves are never copied here (docs/decisions/024).

export type CookieVerdict = 'valid' | 'rejected';
export type CookieVerdictSource = 'check' | 'batch';

export interface CookieVerdictRecord {
  state: CookieVerdict;
  checkedAt: number;
  source: CookieVerdictSource;
  batchId: number | null;
  /** The verdict is about the cookies stored now. */
  current: boolean;
}

/** The stored cookies and the site's last verdict, as the Settings screen describes them. */
export interface CookieState {
  cookies: 'none' | 'incomplete' | 'present';
  last: CookieVerdictRecord | null;
}

export function cookiesFingerprint(cookies: string): string {
  return createHash('sha256').update(cookies).digest('hex');
}

export interface CookieStateStore {
  /** The cookies stored now ('' when none). */
  storedCookies(): string;
  /** The state of the cookies stored now, with the last verdict even if it was about others. */
  read(): CookieState;
  /** The site's verdict on `cookies` (the cookies the request carried); part of a write. */
  record(
    verdict: CookieVerdict,
    cookies: string,
    at: number,
    source: CookieVerdictSource,
    batchId?: number,
  ): void;
}

export function createCookieStateStore(connection: ConnectionLike): CookieStateStore {
  const statements = prepareCookieStatusStatements(connection);
  const storedCookies = (): string => statements.storedCookies();
  return {
    storedCookies,
    read() {
      const cookies = storedCookies();
      const kind =
        cookies.trim() === '' ? 'none' : extractSessionCookies(cookies) ? 'present' : 'incomplete';
      const row = statements.read();
      if (row === undefined) return { cookies: kind, last: null };
      return {
        cookies: kind,
        last: {
          state: row.state,
          checkedAt: row.checked_at,
          source: row.source,
          batchId: row.batch_id,
          current: kind !== 'none' && row.cookies_sha256 === cookiesFingerprint(cookies),
        },
      };
    },
    record(verdict, cookies, at, source, batchId) {
      statements.write({
        state: verdict,
        source,
        batch_id: batchId ?? null,
        checked_at: at,
        cookies_sha256: cookiesFingerprint(cookies),
      });
    },
  };
}
