import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  repostSettingsBodySchema,
  repostSettingsSchema,
  type RepostSettings,
} from '../../contract';
import { readSetting, writeSetting } from '../../db/settings';
import { CARRY_OVER_SETTING } from '../../runner/reposts';
import type { AppContext } from '../context';

/**
 * GET and PUT /reposts/settings (issue 17): whether triage carries over to a repost. Stored in
 * the settings table, which the runner reads when it stores a page, so a change applies from the
 * next page on; reposts already stored keep the state they were given.
 */
export const repostRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const read = async (): Promise<RepostSettings> => {
    const value = await readSetting(ctx.db, CARRY_OVER_SETTING);
    return { carry_over_triage: value !== 'false' };
  };

  app.get(
    '/reposts/settings',
    {
      schema: {
        summary: 'Whether triage carries over to reposts',
        tags: ['reposts'],
        response: { 200: repostSettingsSchema },
      },
    },
    read,
  );

  app.put(
    '/reposts/settings',
    {
      schema: {
        summary: 'Turn the carry-over of triage to reposts on or off',
        tags: ['reposts'],
        body: repostSettingsBodySchema,
        response: { 200: repostSettingsSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const value = request.body.carry_over_triage ? 'true' : 'false';
      await writeSetting(ctx.db, CARRY_OVER_SETTING, value);
      request.log.info(
        { carryOverTriage: request.body.carry_over_triage },
        'repost settings saved',
      );
      return read();
    },
  );
};
