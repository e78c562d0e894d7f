import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../contract';
import { addDays, dayInZone, daysFrom } from '../../contract/calendar-days';
import {
  FIT_LLM_USAGE_DAYS,
  fitLlmSettingsAnswerSchema,
  fitLlmSettingsBodySchema,
  type FitLlmSettingsAnswer,
  type FitLlmSettingsBody,
  type FitLlmStoredSettings,
} from '../../contract/fit-llm';
import { OpinionQueue, OpinionUsage } from '../../db/fit/second-opinions';
import { readFitLlmSettings, writeFitLlmSettings } from '../../db/settings';
import type { AppContext } from '../context';
import { HttpError } from '../plugins/errors';
import { secondOpinionActive } from './opinion-worker';

/**
 * The second opinion's settings (issue 40, docs/decisions/067): the endpoint, the model, the key
 * (write-only: answered as `api_key_set`), N and the day's token budget; with the tokens used on
 * the last days and the queue's state. A change wakes the worker and gives the items it gave up
 * on another round.
 */
export const fitLlmSettingsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (
  fastify,
  { ctx },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['fit'];
  const queue = new OpinionQueue(ctx.connection);
  const usage = new OpinionUsage(ctx.connection);

  const answer = async (): Promise<FitLlmSettingsAnswer> => {
    const stored = await readFitLlmSettings(ctx.db);
    const today = dayInZone(ctx.now(), ctx.config.timeZone);
    const first = addDays(today, 1 - FIT_LLM_USAGE_DAYS);
    const used = new Map(usage.since(first).map((row) => [row.day, row]));
    const days = daysFrom(first, today)
      .reverse()
      .map((day) => used.get(day) ?? { day, tokens: 0, requests: 0, estimated_tokens: 0 });
    const { api_key: key, ...shown } = stored;
    return {
      ...shown,
      api_key_set: key !== null,
      active: secondOpinionActive(stored),
      usage: days,
      queue: {
        ...queue.counts(),
        budget_spent: (used.get(today)?.tokens ?? 0) >= stored.daily_token_budget,
      },
      last_error: queue.lastError(),
    };
  };

  app.get(
    '/fit/llm/settings',
    {
      schema: {
        summary: 'The second opinion’s endpoint, model, N and budget, and the tokens used per day',
        description: 'The key is never answered: `api_key_set` tells whether one is stored.',
        tags,
        response: { 200: fitLlmSettingsAnswerSchema },
      },
    },
    answer,
  );

  app.put(
    '/fit/llm/settings',
    {
      schema: {
        summary: 'Set the language model asked for a second opinion of the best new jobs',
        description:
          'Nothing is sent while base_url is null. `api_key` absent keeps the stored key ' +
          '(unless base_url moves to another origin: a key is only sent where it was given), ' +
          'null or empty removes it.',
        tags,
        body: fitLlmSettingsBodySchema,
        response: { 200: fitLlmSettingsAnswerSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.base_url !== null && body.model === '') {
        throw new HttpError(400, 'model is required when base_url is set');
      }
      const stored = await readFitLlmSettings(ctx.db);
      const next = nextSettings(stored, body);
      await writeFitLlmSettings(ctx.db, next);
      const retried = await ctx.connection.write(() => queue.retryFailed(ctx.now()));
      // Never the key, nor the address (its query may hold a token): what changed, in shape.
      request.log.info(
        {
          endpointSet: next.base_url !== null,
          keySet: next.api_key !== null,
          model: next.model,
          topN: next.top_n,
          dailyTokenBudget: next.daily_token_budget,
          retried,
        },
        'second opinion settings changed',
      );
      ctx.secondOpinion.wake();
      return answer();
    },
  );
};

const originOf = (url: string | null) => (url === null ? null : new URL(url).origin);

/** The settings to store: the key kept, replaced or removed as the body says. */
function nextSettings(
  stored: FitLlmStoredSettings,
  body: FitLlmSettingsBody,
): FitLlmStoredSettings {
  let key: string | null;
  if (body.api_key === undefined) {
    key = originOf(stored.base_url) === originOf(body.base_url) ? stored.api_key : null;
  } else {
    key = body.api_key === null || body.api_key.trim() === '' ? null : body.api_key.trim();
  }
  return {
    base_url: body.base_url,
    model: body.model,
    api_key: key,
    top_n: body.top_n,
    daily_token_budget: body.daily_token_budget,
    timeout_seconds: body.timeout_seconds ?? stored.timeout_seconds,
  };
}
