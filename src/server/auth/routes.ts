import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  loginFailureSchema,
  loginRequestSchema,
  loginSuccessSchema,
  logoutResponseSchema,
  verifyResponseSchema,
} from '../../contract';
import type { AppContext } from '../context';
import { readSetting, SETTING_KEYS } from '../settings-store';
import { LoginLimiter, tooManyAttemptsMessage } from './login-limiter';
import { verifyPassword } from './password';
import { bearerToken, isTokenValid, issueToken, revokeToken } from './tokens';

export const INVALID_PASSWORD = 'Invalid password';

export const authRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limiter = new LoginLimiter();

  app.post(
    '/auth/login',
    {
      schema: {
        summary: 'Sign in with the password; answers a session token',
        body: loginRequestSchema,
        response: {
          200: loginSuccessSchema,
          400: errorBodySchema,
          401: loginFailureSchema,
          429: loginFailureSchema,
        },
      },
    },
    async (request, reply) => {
      const now = ctx.now();
      const address = request.ip;
      const wait = limiter.retryAfterMs(address, now);
      if (wait > 0) {
        request.log.warn({ address, outcome: 'throttled' }, 'sign-in refused: too many attempts');
        void reply.header('retry-after', String(Math.ceil(wait / 1000)));
        return reply.code(429).send({ success: false, error: tooManyAttemptsMessage(wait) });
      }
      const stored = await readSetting(ctx.db, SETTING_KEYS.passwordHash);
      const ok = stored !== undefined && (await verifyPassword(stored, request.body.password));
      if (!ok) {
        limiter.recordFailure(address, now);
        request.log.warn({ address, outcome: 'failure' }, 'sign-in failed');
        return reply.code(401).send({ success: false, error: INVALID_PASSWORD });
      }
      limiter.recordSuccess(address);
      request.log.info({ address, outcome: 'success' }, 'signed in');
      return { success: true as const, token: await issueToken(ctx.db, now) };
    },
  );

  app.get(
    '/auth/verify',
    {
      schema: {
        summary: 'Whether the bearer token is a valid session',
        response: { 200: verifyResponseSchema },
      },
    },
    async (request) => {
      const token = bearerToken(request.headers.authorization);
      return {
        authenticated: token !== undefined && (await isTokenValid(ctx.db, token, ctx.now())),
      };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        summary: 'Sign out: revoke the session token',
        response: { 200: logoutResponseSchema },
      },
    },
    async (request) => {
      const token = bearerToken(request.headers.authorization);
      // The guard has already proven the token valid; revoke it so it can never be replayed.
      if (token !== undefined) await revokeToken(ctx.db, token, ctx.now());
      request.log.info('signed out');
      return { success: true as const };
    },
  );
};
