import { z } from 'zod/mini';
import { dateTimeSchema, nullableDateTimeSchema } from './common';

// API tokens (issue 18): credentials for scripts and other tools, made on Settings. The secret is
// answered once, when the token is made; the server keeps only its SHA-256 (docs/decisions/028).

/** Every API token starts with this, so secret scanners and people can tell one apart. */
export const API_TOKEN_PREFIX = 'jst_';
/** A secret: the prefix and 256 random bits in base64url. */
export const API_TOKEN_PATTERN = /^jst_[A-Za-z0-9_-]{43}$/;

export const API_TOKEN_SCOPES = ['read-only', 'read-write'] as const;
export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES, {
  error: 'scope must be read-only or read-write',
});
export type ApiTokenScope = z.infer<typeof apiTokenScopeSchema>;

export const API_TOKEN_NAME_MAX = 80;
/** Tokens that are not revoked (expired ones included) the server keeps at most. */
export const API_TOKENS_MAX = 50;
/** How coarsely `last_used_at` follows use: one write per token per this many ms at most. */
export const API_TOKEN_LAST_USED_GRANULARITY_MS = 60_000;

const nameSchema = z.string({ error: 'name must be a string' }).check(
  z.trim(),
  z.minLength(1, { error: 'name must not be empty' }),
  z.maxLength(API_TOKEN_NAME_MAX, {
    error: `name must be at most ${API_TOKEN_NAME_MAX} characters`,
  }),
);

/** POST /api-tokens. `expires_at` omitted or null: the token never expires. */
export const apiTokenCreateSchema = z.object({
  name: nameSchema,
  scope: apiTokenScopeSchema,
  expires_at: z.optional(
    z.nullable(
      z.iso.datetime({
        offset: true,
        error: 'expires_at must be an ISO 8601 date-time such as 2027-01-31T00:00:00Z, or null',
      }),
    ),
  ),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;

/** A token as listed: never its secret. */
export const apiTokenSchema = z.object({
  id: z.int(),
  name: z.string(),
  scope: apiTokenScopeSchema,
  created_at: dateTimeSchema,
  /** When it last authenticated a call, to within a minute; null when never used. */
  last_used_at: nullableDateTimeSchema,
  expires_at: nullableDateTimeSchema,
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = z.array(apiTokenSchema);

/** The answer of POST /api-tokens: the only time the secret `token` is ever answered. */
export const apiTokenCreatedSchema = z.object({
  ...apiTokenSchema.shape,
  token: z.string().check(z.regex(API_TOKEN_PATTERN)),
});
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

export const apiTokenRevokedSchema = z.object({ success: z.literal(true) });

/** Whether a token has expired at `now` (ms). */
export function isApiTokenExpired(token: Pick<ApiToken, 'expires_at'>, now: number): boolean {
  return token.expires_at !== null && Date.parse(token.expires_at) <= now;
}
