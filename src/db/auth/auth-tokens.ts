import type { Selectable } from 'kysely';
import type { Db } from '../database';
import type { AuthTokensTable } from '../schema';

// The dashboard's sessions: an opaque token of which only the hash is stored (server/auth/tokens.ts
// makes and checks them, and keeps the cache in front of these reads).

export async function insertAuthToken(
  db: Db,
  hash: string,
  now: number,
  expiresAt: number,
): Promise<void> {
  await db
    .insertInto('auth_tokens')
    .values({
      token_hash: hash,
      created_at: now,
      expires_at: expiresAt,
      revoked_at: null,
    })
    .execute();
}

/** The session with this hash, revoked or expired ones included. */
export async function findAuthToken(
  db: Db,
  hash: string,
): Promise<Pick<Selectable<AuthTokensTable>, 'expires_at' | 'revoked_at'> | undefined> {
  return db
    .selectFrom('auth_tokens')
    .select(['expires_at', 'revoked_at'])
    .where('token_hash', '=', hash)
    .executeTakeFirst();
}

export async function revokeAuthToken(db: Db, hash: string, now: number): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Every session not revoked yet. */
export async function revokeAllAuthTokens(db: Db, now: number): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('revoked_at', 'is', null)
    .execute();
}

/** Deletes the sessions that expired before `now`. */
export async function deleteExpiredAuthTokens(db: Db, now: number): Promise<void> {
  await db.deleteFrom('auth_tokens').where('expires_at', '<', now).execute();
}
