import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

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
  const row = await db
    .selectFrom('auth_tokens')
    .select(['expires_at', 'revoked_at'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return row !== undefined && row.revoked_at === null && row.expires_at > now;
}

export async function revokeToken(db: Db, token: string, now: number): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllTokens(db: Db, now: number): Promise<void> {
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
