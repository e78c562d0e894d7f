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
import { ruleRoutes } from './rules/routes';
import { repostRoutes } from './reposts/routes';
import { apiTokenRoutes } from './api-tokens/routes';
import { siteHealthRoutes } from './overview/site-health-routes';
import { overviewRoutes } from './overview/routes';
import { pipelineExportRoutes } from './pipeline/export-routes';
import { pipelineRoutes } from './pipeline/routes';
import { pipelineSettingsRoutes } from './pipeline/settings-routes';
import { calendarRoutes } from './calendar/routes';
import { recheckRoutes } from './rechecks/routes';
import { fitProfileRoutes } from './fit/profile-routes';
import { fitAliasRoutes } from './fit/alias-routes';
import { fitCvRoutes } from './fit/cv-routes';
import { fitStatusRoutes } from './fit/status-routes';
import { requireSessionForScope } from './auth/guard';
import { openApiRoutes } from './api-reference/routes';
import type { AppContext } from './context';
import { API_BASE_PATH } from '../contract';

/** Everything under /api/v1: one scope, one guard, one module per resource. */
export const apiRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  // A sign-in or a session checked before the password's setup at start ends (an ADMIN_PASSWORD
  // change revokes every session) would read the old one: the API waits for it.
  app.addHook('onRequest', async () => {
    await ctx.signInReady;
  });
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
  await app.register(ruleRoutes, { ctx });
  await app.register(repostRoutes, { ctx });
  await app.register(apiTokenRoutes, { ctx });
  await app.register(siteHealthRoutes, { ctx });
  await app.register(overviewRoutes, { ctx });
  await app.register(pipelineExportRoutes, { ctx });
  await app.register(pipelineRoutes, { ctx });
  await app.register(pipelineSettingsRoutes, { ctx });
  await app.register(calendarRoutes, { ctx });
  await app.register(recheckRoutes, { ctx });
  await app.register(fitProfileRoutes, { ctx });
  await app.register(fitAliasRoutes, { ctx });
  await app.register(fitCvRoutes, { ctx });
  await app.register(fitStatusRoutes, { ctx });
};
