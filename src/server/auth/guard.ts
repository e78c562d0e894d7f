import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { bearerToken, isTokenValid } from './tokens';

/** Routes of /api/v1 that answer without a session; every other route needs a valid token. */
export const PUBLIC_API_ROUTES = new Set(['POST /auth/login', 'GET /auth/verify']);

export const UNAUTHORIZED = 'Authentication required';

/**
 * Adds the token check to every route registered in this scope, unless it is listed as public.
 * Applied to the whole API scope at once so a new route cannot forget it.
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
    if (PUBLIC_API_ROUTES.has(`${request.method} ${relative}`)) return;
    const token = bearerToken(request.headers.authorization);
    if (token === undefined || !(await isTokenValid(ctx.db, token, ctx.now()))) {
      return reply.code(401).send({ error: UNAUTHORIZED });
    }
  });
}
