import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, settingsSchema, settingsWriteSchema } from '../../contract';
import type { AppContext } from '../context';
import { readSettings, saveSettings } from '../../db/settings';
import { notifySettingsChanged } from './settings-events';

/**
 * GET and POST /settings. The cookies are the operator's own data and are answered to them, but
 * never logged: the request logger writes method and URL only, and nothing here logs a body.
 */
export const settingsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/settings',
    {
      schema: {
        summary: 'The stored cookies and the daily start time',
        response: { 200: settingsSchema },
      },
    },
    async () => readSettings(ctx.db),
  );

  app.post(
    '/settings',
    {
      schema: {
        summary: 'Save the cookies and the daily start time',
        body: settingsWriteSchema,
        response: { 200: settingsSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const previous = await readSettings(ctx.db);
      const current = { cookies: request.body.cookies, script_time: request.body.script_time };
      await saveSettings(ctx.db, current);
      request.log.info(
        { scriptTimeChanged: previous.script_time !== current.script_time },
        'settings saved',
      );
      notifySettingsChanged(ctx, { previous, current });
      return current;
    },
  );
};
