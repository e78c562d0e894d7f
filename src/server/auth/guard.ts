import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { authenticate, bearerToken } from './tokens';

/** Routes of /api/v1 that answer without a session; every other route needs a valid token. */
export const PUBLIC_API_ROUTES = new Set([
  'POST /auth/login',
  'GET /auth/verify',
  'GET /openapi.json',
]);

/**
 * Routes an API token can never use, whatever its scope (docs/decisions/028): signing out and
 * the tokens themselves, the cookies (read and written, and checked against the site with them),
 * and the backup, whose file holds every secret. They need the dashboard's sign-in.
 */
export const SESSION_ONLY_API_ROUTES = new Set([
  'POST /auth/logout',
  'GET /api-tokens',
  'POST /api-tokens',
  'DELETE /api-tokens/:id',
  'GET /settings',
  'POST /settings',
  'POST /settings/cookies/check',
  'GET /backup',
]);

/** Methods that only read: what a read-only API token may call. */
export const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const UNAUTHORIZED = 'Authentication required';
export const READ_ONLY_TOKEN_MESSAGE =
  'This API token is read-only and cannot change data: use a read-write token';
export const SESSION_ONLY_MESSAGE =
  "API tokens cannot be used for this call: it needs the dashboard's sign-in";

/**
 * Adds the token check to every route registered in this scope, unless it is listed as public.
 * Applied to the whole API scope at once so a new route cannot forget it; API tokens are held to
 * their scope here too, for the same reason.
 */
export function requireSessionForScope(
  app: FastifyInstance,
  ctx: AppContext,
  prefix: string,
): void {
  app.addHook('onRequest', async (request, reply) => {
    const routeUrl = request.routeOptions.url;
    if (routeUrl === undefined) return; // unknown path: the 404 handler answers
    const relative = routeUrl.startsWith(prefix) ? routeUrl.slice(prefix.length) : routeUrl;
    // HEAD runs the GET handler (Fastify adds one per GET route): the same rules apply to it.
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const route = `${method} ${relative}`;
    if (PUBLIC_API_ROUTES.has(route)) return;
    const token = bearerToken(request.headers.authorization);
    const credential =
      token === undefined ? undefined : await authenticate(ctx.db, token, ctx.now());
    if (credential === undefined) return reply.code(401).send({ error: UNAUTHORIZED });
    if (credential.kind === 'api') {
      if (SESSION_ONLY_API_ROUTES.has(route)) {
        return reply.code(403).send({ error: SESSION_ONLY_MESSAGE });
      }
      if (credential.scope === 'read-only' && !READING_METHODS.has(method)) {
        return reply.code(403).send({ error: READ_ONLY_TOKEN_MESSAGE });
      }
    }
  });
}
