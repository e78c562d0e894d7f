import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fitStatusSchema } from '../../contract/fit-api';
import type { AppContext } from '../context';
import { fitStatusReader } from './fit-status';

/** GET /fit/status (issue 40): the background rescoring's progress. */
export const fitStatusRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (
  fastify,
  { ctx },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const status = fitStatusReader(ctx.connection);
  app.get(
    '/fit/status',
    {
      schema: {
        summary: 'Whether stored jobs are being scored again after a change, and how far it got',
        tags: ['fit'],
        response: { 200: fitStatusSchema },
      },
    },
    async () => status(),
  );
};
