import type { FastifyPluginAsync } from 'fastify';
import { healthSchema } from '../contract';
import { databaseAnswers } from '../db/health';
import type { AppContext } from './context';

/**
 * Needs no token and reveals nothing but whether the database answers. `onAnswered`: told after
 * each answer is sent (the server's background jobs start after the first, decision 058).
 */
export const healthRoutes: FastifyPluginAsync<{
  ctx: AppContext;
  onAnswered?: () => void;
}> = async (app, { ctx, onAnswered }) => {
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Whether the server and its database answer (no token needed)',
        tags: ['health'],
        response: { 200: healthSchema, 503: healthSchema },
      },
      onResponse: async () => onAnswered?.(),
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
