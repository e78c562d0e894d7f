import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes';
import { queryRoutes } from './queries/routes';
import { locationRoutes } from './locations/routes';
import { settingsRoutes } from './settings/routes';
import { cookieRoutes } from './settings/cookie-routes';
import { companyRoutes } from './companies/routes';
import { batchRoutes } from './batches/routes';
import { queryRunRoutes } from './query-runs/routes';
import { notificationRoutes } from './notifications/routes';
import { backupRoutes } from './backup/routes';
import { scheduleRoutes } from './schedule/routes';
import { jobRoutes } from './jobs/routes';
import { apiTokenRoutes } from './api-tokens/routes';
import { requireSessionForScope } from './auth/guard';
import { openApiRoutes } from './api-reference/routes';
import type { AppContext } from './context';
import { API_BASE_PATH } from '../contract';

/** Everything under /api/v1: one scope, one guard, one module per resource. */
export const apiRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  requireSessionForScope(app, ctx, API_BASE_PATH);
  await app.register(openApiRoutes);
  await app.register(authRoutes, { ctx });
  await app.register(queryRoutes, { ctx });
  await app.register(locationRoutes, { ctx });
  await app.register(settingsRoutes, { ctx });
  await app.register(cookieRoutes, { ctx });
  await app.register(companyRoutes, { ctx });
  await app.register(batchRoutes, { ctx });
  await app.register(queryRunRoutes, { ctx });
  await app.register(notificationRoutes, { ctx });
  await app.register(backupRoutes, { ctx });
  await app.register(scheduleRoutes, { ctx });
  await app.register(jobRoutes, { ctx });
  await app.register(apiTokenRoutes, { ctx });
};
