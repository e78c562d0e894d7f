import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Tokens seen valid are remembered briefly, so the guard in front of every API call does not read
 * the database each time. Revocations in this process take effect at once (below); one made by
 * another process (`npm run set-password`) within this many milliseconds.
 */
export const TOKEN_CACHE_TTL_MS = 5_000;
const TOKEN_CACHE_MAX = 1_000;
interface CachedToken {
  expiresAt: number;
  /** performance.now() when the database last said yes: real time, not the injectable clock. */
  checkedAt: number;
}
interface TokenCache {
  valid: Map<string, CachedToken>;
  /** Bumped by every revocation, so a check that was reading during one does not cache its answer. */
  generation: number;
}
const caches = new WeakMap<Db, TokenCache>();
function cacheFor(db: Db): TokenCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { valid: new Map(), generation: 0 };
    caches.set(db, cache);
  }
  return cache;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new opaque session token of 256 random bits; only its hash is stored. */
export async function issueToken(db: Db, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('auth_tokens')
    .values({
      token_hash: hashToken(token),
      created_at: now,
      expires_at: now + TOKEN_LIFETIME_MS,
      revoked_at: null,
    })
    .execute();
  return token;
}

export async function isTokenValid(db: Db, token: string, now: number): Promise<boolean> {
  const hash = hashToken(token);
  const cache = cacheFor(db);
  const cached = cache.valid.get(hash);
  if (cached && performance.now() - cached.checkedAt < TOKEN_CACHE_TTL_MS)
    return cached.expiresAt > now;
  const generation = cache.generation;
  const row = await db
    .selectFrom('auth_tokens')
    .select(['expires_at', 'revoked_at'])
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  const valid = row !== undefined && row.revoked_at === null && row.expires_at > now;
  if (valid && generation === cache.generation) {
    if (cache.valid.size >= TOKEN_CACHE_MAX) cache.valid.clear();
    cache.valid.set(hash, { expiresAt: row.expires_at, checkedAt: performance.now() });
  } else {
    cache.valid.delete(hash);
  }
  return valid;
}

export async function revokeToken(db: Db, token: string, now: number): Promise<void> {
  const cache = cacheFor(db);
  cache.generation += 1;
  cache.valid.delete(hashToken(token));
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllTokens(db: Db, now: number): Promise<void> {
  const cache = cacheFor(db);
  cache.generation += 1;
  cache.valid.clear();
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('revoked_at', 'is', null)
    .execute();
  // Expired and revoked rows are of no further use; keep the table from growing forever.
  await db.deleteFrom('auth_tokens').where('expires_at', '<', now).execute();
}

/** The token of an `Authorization: Bearer …` header, or undefined when there is none. */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
