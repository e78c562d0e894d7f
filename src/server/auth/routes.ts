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
import { readSetting, SETTING_KEYS } from '../../db/settings';
import {
  deviceCookieHeader,
  loadDeviceCookieSecret,
  newDeviceId,
  readDeviceCookie,
  signDeviceCookie,
} from './device-cookie';
import { LoginLimiter, tooManyAttemptsMessage } from './login-limiter';
import { verifyPassword } from './password';
import { bearerToken, isTokenValid, issueToken, revokeToken } from './tokens';

export const INVALID_PASSWORD = 'Invalid password';

export const authRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limiter = new LoginLimiter();
  const deviceSecret = await loadDeviceCookieSecret(ctx.db);
  // Behind a TLS proxy the request itself is plain http (trustProxy is off, decision 002).
  const publicHttps = ctx.config.publicUrl?.startsWith('https:') === true;

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
      // A forged, expired or foreign cookie is no cookie: the client is held to the untrusted limits.
      const device = readDeviceCookie(request.headers.cookie, deviceSecret, now);
      const known = device !== undefined;
      const admission = limiter.begin(device === undefined ? { address } : { device }, now);
      if (!admission.ok) {
        const wait = admission.retryAfterMs;
        request.log.warn(
          { address, knownDevice: known, outcome: 'throttled' },
          'sign-in refused: too many attempts',
        );
        void reply.header('retry-after', String(Math.ceil(wait / 1000)));
        return reply.code(429).send({ success: false, error: tooManyAttemptsMessage(wait) });
      }
      // The attempt already counts as a failure: a wrong password leaves it counted.
      const stored = await readSetting(ctx.db, SETTING_KEYS.passwordHash);
      const ok = stored !== undefined && (await verifyPassword(stored, request.body.password));
      if (!ok) {
        request.log.warn({ address, knownDevice: known, outcome: 'failure' }, 'sign-in failed');
        return reply.code(401).send({ success: false, error: INVALID_PASSWORD });
      }
      limiter.succeeded(admission.attempt);
      request.log.info({ address, knownDevice: known, outcome: 'success' }, 'signed in');
      // The browser keeps (or renews) its device cookie: its own allowance from now on.
      const cookie = signDeviceCookie(deviceSecret, { id: device ?? newDeviceId(), issuedAt: now });
      void reply.header(
        'set-cookie',
        deviceCookieHeader(cookie, publicHttps || request.protocol === 'https'),
      );
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
