import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  pipelineSettingsBodySchema,
  pipelineSettingsSchema,
} from '../../contract';
import { readPipelineSettings, writePipelineSettings } from '../../db/settings';
import type { AppContext } from '../context';

/**
 * The pipeline's settings (issue 33): after how many days in Applied an application moves to
 * No answer (null: never), and how long before a next step its reminder's lead goes out.
 */
export const pipelineSettingsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (
  fastify,
  { ctx },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['pipeline'];

  app.get(
    '/pipeline/settings',
    {
      schema: {
        summary: 'The pipeline’s settings: No answer after N days, the reminders’ lead',
        tags,
        response: { 200: pipelineSettingsSchema },
      },
    },
    async () => readPipelineSettings(ctx.db),
  );

  app.put(
    '/pipeline/settings',
    {
      schema: {
        summary: 'Change the pipeline’s settings (No answer applies at once to what is due)',
        tags,
        body: pipelineSettingsBodySchema,
        response: { 200: pipelineSettingsSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      await writePipelineSettings(ctx.db, request.body);
      // A shorter wait (30 -> 7 days) moves what it makes due now, not in up to 10 minutes. The
      // settings are saved either way: a sweep that fails here is the timer's to do again.
      try {
        await ctx.connection.write(() => ctx.noAnswer.sweep());
      } catch (error) {
        request.log.error({ err: error }, 'No answer sweep failed');
      }
      request.log.info(request.body, 'pipeline settings changed');
      return readPipelineSettings(ctx.db);
    },
  );
};
