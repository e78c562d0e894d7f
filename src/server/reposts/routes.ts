import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  repostSettingsBodySchema,
  repostSettingsSchema,
  type RepostSettings,
} from '../../contract';
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
    const row = await ctx.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', CARRY_OVER_SETTING)
      .executeTakeFirst();
    return { carry_over_triage: row?.value !== 'false' };
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
      await ctx.db
        .insertInto('settings')
        .values({ key: CARRY_OVER_SETTING, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
      request.log.info(
        { carryOverTriage: request.body.carry_over_triage },
        'repost settings saved',
      );
      return read();
    },
  );
};
