import type { ApiTokenScope } from '../../contract';
import type { Db } from '../../db/database';

// The tokens' hash is the stored key, so it is made beside the tables (src/db/auth).
export { hashToken } from '../../db/auth/token-hash';

/** Who a bearer token speaks for: the dashboard's session, or an API token with its scope. */
export type Credential =
  { kind: 'session' } | { kind: 'api'; id: number; name: string; scope: ApiTokenScope };

/**
 * Tokens seen valid are remembered briefly, so the guard in front of every API call does not read
 * the database each time. Revocations in this process take effect at once (forget… below); one
 * made by another process (`npm run set-password`) within this many milliseconds.
 */
export const TOKEN_CACHE_TTL_MS = 5_000;
const TOKEN_CACHE_MAX = 1_000;

export interface CachedCredential {
  credential: Credential;
  /** null: never expires (API tokens may not). */
  expiresAt: number | null;
  /** performance.now() when the database last said yes: real time, not the injectable clock. */
  checkedAt: number;
  /** API tokens: the last_used_at stored, so it is written once a minute at most. */
  lastUsedAt: number | null;
}

export interface TokenCache {
  valid: Map<string, CachedCredential>;
  /** Bumped by every revocation, so a check that was reading during one does not cache its answer. */
  generation: number;
}

const caches = new WeakMap<Db, TokenCache>();

export function tokenCacheFor(db: Db): TokenCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { valid: new Map(), generation: 0 };
    caches.set(db, cache);
  }
  return cache;
}

export function remember(cache: TokenCache, hash: string, entry: CachedCredential): void {
  if (cache.valid.size >= TOKEN_CACHE_MAX) cache.valid.clear();
  cache.valid.set(hash, entry);
}

/** Call before revoking the token with this hash: the next check reads the database. */
export function forgetToken(db: Db, hash: string): void {
  const cache = tokenCacheFor(db);
  cache.generation += 1;
  cache.valid.delete(hash);
}

/** Call before revoking many tokens at once. */
export function forgetAllTokens(db: Db): void {
  const cache = tokenCacheFor(db);
  cache.generation += 1;
  cache.valid.clear();
}
