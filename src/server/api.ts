import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes';
import { requireSessionForScope } from './auth/guard';
import type { AppContext } from './context';
import { API_BASE_PATH } from '../contract';

/** Everything under /api/v1: one scope, one guard, one module per resource. */
export const apiRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  requireSessionForScope(app, ctx, API_BASE_PATH);
  await app.register(authRoutes, { ctx });
};
