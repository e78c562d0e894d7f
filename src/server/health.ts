import type { FastifyPluginAsync } from 'fastify';
import { healthSchema } from '../contract';
import { databaseAnswers } from '../db/health';
import type { AppContext } from './context';

/** Needs no token and reveals nothing but whether the database answers. */
export const healthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Whether the server and its database answer (no token needed)',
        tags: ['health'],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      try {
        await databaseAnswers(ctx.db);
        return { ok: true };
      } catch (err) {
        request.log.error({ err }, 'health check: database did not answer');
        return reply.code(503).send({ ok: false });
      }
    },
  );
};
