import { randomBytes } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  API_TOKENS_MAX,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenCreated,
} from '../../contract';
import type { Db } from '../database';
import type { ApiTokenRow } from '../schema';
import { hashToken } from './token-hash';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

export function toWire(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    created_at: iso(row.created_at),
    last_used_at: isoOrNull(row.last_used_at),
    expires_at: isoOrNull(row.expires_at),
  };
}

/** A request the stored tokens refuse: the route answers it as a 4xx with this message. */
export class ApiTokenWriteError extends Error {
  constructor(
    readonly statusCode: 400 | 409,
    message: string,
  ) {
    super(message);
    this.name = 'ApiTokenWriteError';
  }
}

/** The tokens that are not revoked, expired ones included (so the operator sees them end), newest first. */
export async function listApiTokens(db: Db): Promise<ApiTokenRow[]> {
  return db
    .selectFrom('api_tokens')
    .selectAll()
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
}

/** Makes a token and answers its secret, which is stored nowhere: only its hash is kept. */
export async function createApiToken(
  db: Db,
  input: ApiTokenCreate,
  now: number,
): Promise<ApiTokenCreated> {
  const expiresAt = input.expires_at == null ? null : Date.parse(input.expires_at);
  if (expiresAt !== null && expiresAt <= now) {
    throw new ApiTokenWriteError(400, 'expires_at must be in the future');
  }
  const live = await listApiTokens(db);
  if (live.length >= API_TOKENS_MAX) {
    throw new ApiTokenWriteError(
      409,
      `There are already ${API_TOKENS_MAX} API tokens: revoke one you no longer use first`,
    );
  }
  if (live.some((t) => t.name.toLowerCase() === input.name.toLowerCase())) {
    throw new ApiTokenWriteError(409, `An API token named "${input.name}" already exists`);
  }
  const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const row = await db
    .insertInto('api_tokens')
    .values({
      token_hash: hashToken(token),
      name: input.name,
      scope: input.scope,
      created_at: now,
      expires_at: expiresAt,
      last_used_at: null,
      revoked_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...toWire(row), token };
}

/**
 * Revokes a token; answers its hash, for the server to forget it from its cache, or undefined
 * when there is no such live token.
 */
export async function revokeApiToken(db: Db, id: number, now: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('api_tokens')
    .select('token_hash')
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  await db.updateTable('api_tokens').set({ revoked_at: now }).where('id', '=', id).execute();
  return row.token_hash;
}

/** The live (not revoked, not expired) token with this hash. */
export async function findLiveApiToken(
  db: Db,
  hash: string,
  now: number,
): Promise<ApiTokenRow | undefined> {
  const row = await db
    .selectFrom('api_tokens')
    .selectAll()
    .where('token_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (row === undefined || (row.expires_at !== null && row.expires_at <= now)) return undefined;
  return row;
}

export async function recordApiTokenUse(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', id).execute();
}
