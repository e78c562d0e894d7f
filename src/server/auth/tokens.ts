import { randomBytes } from 'node:crypto';
import { API_TOKEN_LAST_USED_GRANULARITY_MS, API_TOKEN_PREFIX } from '../../contract';
import { findLiveApiToken, recordApiTokenUse } from '../../db/auth/api-tokens';
import {
  deleteExpiredAuthTokens,
  findAuthToken,
  insertAuthToken,
  revokeAllAuthTokens,
  revokeAuthToken,
} from '../../db/auth/auth-tokens';
import type { Db } from '../../db/database';
import {
  forgetAllTokens,
  forgetToken,
  hashToken,
  remember,
  TOKEN_CACHE_TTL_MS,
  tokenCacheFor,
  type CachedCredential,
  type Credential,
} from './token-cache';

export { TOKEN_CACHE_TTL_MS, type Credential } from './token-cache';

export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** A new opaque session token of 256 random bits; only its hash is stored. */
export async function issueToken(db: Db, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertAuthToken(db, hashToken(token), now, now + TOKEN_LIFETIME_MS);
  return token;
}

async function readCredential(
  db: Db,
  token: string,
  hash: string,
  now: number,
): Promise<Omit<CachedCredential, 'checkedAt'> | undefined> {
  // A session token is base64url and could begin with the prefix by chance (1 in 16.7 million):
  // such a one is still looked up among the sessions.
  if (token.startsWith(API_TOKEN_PREFIX)) {
    const row = await findLiveApiToken(db, hash, now);
    if (row !== undefined) {
      return {
        credential: { kind: 'api', id: row.id, name: row.name, scope: row.scope },
        expiresAt: row.expires_at,
        lastUsedAt: row.last_used_at,
      };
    }
  }
  const row = await findAuthToken(db, hash);
  if (row === undefined || row.revoked_at !== null || row.expires_at <= now) return undefined;
  return { credential: { kind: 'session' }, expiresAt: row.expires_at, lastUsedAt: null };
}

/**
 * Who this bearer token speaks for, or undefined when it is unknown, revoked or expired. An API
 * token's last use is written at most once a minute, not on every call.
 */
export async function authenticate(
  db: Db,
  token: string,
  now: number,
): Promise<Credential | undefined> {
  const hash = hashToken(token);
  const cache = tokenCacheFor(db);
  let entry = cache.valid.get(hash);
  if (entry === undefined || performance.now() - entry.checkedAt >= TOKEN_CACHE_TTL_MS) {
    const generation = cache.generation;
    const read = await readCredential(db, token, hash, now);
    if (read === undefined) {
      cache.valid.delete(hash);
      return undefined;
    }
    entry = { ...read, checkedAt: performance.now() };
    if (generation === cache.generation) remember(cache, hash, entry);
  }
  if (entry.expiresAt !== null && entry.expiresAt <= now) return undefined;
  const { credential } = entry;
  if (
    credential.kind === 'api' &&
    (entry.lastUsedAt === null || now - entry.lastUsedAt >= API_TOKEN_LAST_USED_GRANULARITY_MS)
  ) {
    entry.lastUsedAt = now;
    await recordApiTokenUse(db, credential.id, now);
  }
  return credential;
}

/** Whether the token is a live dashboard session (API tokens are not). */
export async function isTokenValid(db: Db, token: string, now: number): Promise<boolean> {
  return (await authenticate(db, token, now))?.kind === 'session';
}

export async function revokeToken(db: Db, token: string, now: number): Promise<void> {
  const hash = hashToken(token);
  forgetToken(db, hash);
  await revokeAuthToken(db, hash, now);
  forgetToken(db, hash);
}

/** Every session (not the API tokens: scripts keep working across a password change). */
export async function revokeAllTokens(db: Db, now: number): Promise<void> {
  forgetAllTokens(db);
  await revokeAllAuthTokens(db, now);
  forgetAllTokens(db);
  // Expired and revoked rows are of no further use; keep the table from growing forever.
  await deleteExpiredAuthTokens(db, now);
}

/** The token of an `Authorization: Bearer …` header, or undefined when there is none. */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
