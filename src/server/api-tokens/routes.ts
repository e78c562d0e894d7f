import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiTokenCreatedSchema,
  apiTokenCreateSchema,
  apiTokenListSchema,
  apiTokenRevokedSchema,
  errorBodySchema,
  idParamSchema,
} from '../../contract';
import {
  ApiTokenWriteError,
  createApiToken,
  listApiTokens,
  revokeApiToken,
  toWire,
} from '../../db/auth/api-tokens';
import { forgetToken } from '../auth/token-cache';
import type { AppContext } from '../context';
import { HttpError } from '../plugins/errors';

export const API_TOKEN_NOT_FOUND_MESSAGE = 'API token not found';

/**
 * /api-tokens: made, listed and revoked with the dashboard's session only; the guard answers 403
 * to an API token here (SESSION_ONLY_API_ROUTES), and the OpenAPI document says so.
 */
export const apiTokenRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api-tokens',
    {
      schema: {
        summary: 'The API tokens, never their secrets',
        response: { 200: apiTokenListSchema },
      },
    },
    async () => (await listApiTokens(ctx.db)).map(toWire),
  );

  app.post(
    '/api-tokens',
    {
      schema: {
        summary: 'Create an API token: its secret is answered this once',
        body: apiTokenCreateSchema,
        response: {
          201: apiTokenCreatedSchema,
          400: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const created = await createApiToken(ctx.db, request.body, ctx.now()).catch(
        (error: unknown) => {
          if (error instanceof ApiTokenWriteError) {
            throw new HttpError(error.statusCode, error.message);
          }
          throw error;
        },
      );
      // The name and scope only: the secret is answered once and logged never.
      request.log.info({ apiTokenId: created.id, scope: created.scope }, 'API token created');
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/api-tokens/:id',
    {
      schema: {
        summary: 'Revoke an API token, at once',
        params: idParamSchema,
        response: {
          200: apiTokenRevokedSchema,
          400: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      const revoked = await revokeApiToken(ctx.db, request.params.id, ctx.now());
      if (revoked === undefined) throw new HttpError(404, API_TOKEN_NOT_FOUND_MESSAGE);
      // After the write: a check that read the row before it can no longer cache its answer.
      forgetToken(ctx.db, revoked);
      request.log.info({ apiTokenId: request.params.id }, 'API token revoked');
      return { success: true as const };
    },
  );
};
