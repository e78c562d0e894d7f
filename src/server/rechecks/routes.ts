import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  recheckSettingsAnswerSchema,
  recheckSettingsBodySchema,
  type RecheckSettingsAnswer,
} from '../../contract';
import { JobRechecks } from '../../db/jobs/rechecks';
import { readRecheckSettings, writeRecheckSettings } from '../../db/settings';
import type { AppContext } from '../context';

/**
 * The re-checks' settings (issue 41, decision 065): how often a watched job (Saved or Applied on
 * the board, or flagged) is re-read to learn whether it closed, and how many re-reads a batch
 * makes after its end; with how many jobs they watch now. The runner reads them at each batch.
 */
export const recheckRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['jobs'];
  const rechecks = new JobRechecks(ctx.connection);
  const answer = async (): Promise<RecheckSettingsAnswer> => ({
    ...(await readRecheckSettings(ctx.db)),
    watched: rechecks.watched(),
  });

  app.get(
    '/rechecks/settings',
    {
      schema: {
        summary: 'The re-checks of saved, applied and flagged jobs: every N days, a batch’s budget',
        tags,
        response: { 200: recheckSettingsAnswerSchema },
      },
    },
    answer,
  );

  app.put(
    '/rechecks/settings',
    {
      schema: {
        summary:
          'Change how often watched jobs are re-checked and how many re-checks a batch makes',
        tags,
        body: recheckSettingsBodySchema,
        response: { 200: recheckSettingsAnswerSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      await writeRecheckSettings(ctx.db, request.body);
      request.log.info(request.body, 're-check settings changed');
      return answer();
    },
  );
};
