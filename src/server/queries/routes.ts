import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  hasFilters,
  idParamSchema,
  normalizeFilters,
  MAX_QUERIES,
  queryLimitErrorSchema,
  queryListSchema,
  querySchema,
  queryWriteSchema,
  type Query,
  type QueryWrite,
} from '../../contract';
import type { AppContext } from '../context';
import { HttpError } from '../plugins/errors';
import { queryListCache } from './query-list-cache';
import { notifyFitChanged } from '../fit/fit-events';
import { changeQuery, createQuery, listQueries, QuerySaveRefused } from '../../db/searches/queries';

export const QUERY_LIMIT_MESSAGE = 'Maximum query limit reached';
export const UNKNOWN_LOCATION_MESSAGE = 'Please select a location from the dropdown';
export const QUERY_NOT_FOUND_MESSAGE = 'Query not found';
export const UNKNOWN_FIT_PROFILE_MESSAGE =
  'fit_profile_id names no fit profile: send the id of one (GET /fit-profiles), or null for the default';
export const AI_FILTERS_MESSAGE =
  'filters apply to standard queries only: an AI-powered search reads them from its search term (e.g. "remote, posted this week")';

/** docs/decisions/018: the AI search has no filter parameters, so filters sent with one are refused. */
function ensureFiltersFit(write: QueryWrite): void {
  if (write.is_ai && write.filters && hasFilters(normalizeFilters(write.filters)))
    throw new HttpError(400, AI_FILTERS_MESSAGE);
}

/** The save, or why it was refused in the API's words. */
async function answering(save: Promise<Query>): Promise<Query> {
  try {
    return await save;
  } catch (error) {
    if (!(error instanceof QuerySaveRefused)) throw error;
    const { refusal } = error;
    if (refusal.kind === 'unknown-location') throw new HttpError(400, UNKNOWN_LOCATION_MESSAGE);
    if (refusal.kind === 'not-found') throw new HttpError(404, QUERY_NOT_FOUND_MESSAGE);
    if (refusal.kind === 'unknown-fit-profile')
      throw new HttpError(400, UNKNOWN_FIT_PROFILE_MESSAGE);
    throw new HttpError(409, QUERY_LIMIT_MESSAGE, {
      current_count: refusal.current,
      max_allowed: MAX_QUERIES,
    });
  }
}

export const queryRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // The list changes only through this module's two writes below and a fit profile's deletion
  // (its queries fall back to the default), so its JSON is kept until one of them runs: the
  // screen's most frequent call then costs no query (query-list-cache.ts).
  const cache = queryListCache(ctx);
  const forgetList = () => cache.forget();

  // Registered on the untyped instance: it answers JSON text made (and checked against the
  // contract's queryListSchema) when the list last changed, and sends it as it is. The response
  // schema is for the API reference: a reply's own serializer goes before the route's.
  fastify.get(
    '/queries',
    {
      schema: {
        summary: 'Every saved search, archived ones included',
        response: { 200: queryListSchema },
      },
    },
    async (_request, reply) => {
      const json = await cache.json(async () =>
        JSON.stringify(queryListSchema.parse(await listQueries(ctx.db))),
      );
      return reply
        .type('application/json; charset=utf-8')
        .serializer((payload: unknown) => String(payload))
        .send(json);
    },
  );

  app.post(
    '/queries',
    {
      schema: {
        summary: 'Save a new search',
        body: queryWriteSchema,
        response: { 200: querySchema, 400: errorBodySchema, 409: queryLimitErrorSchema },
      },
    },
    async (request) => {
      const write = request.body;
      ensureFiltersFit(write);
      const saved = await answering(createQuery(ctx.db, write, ctx.now()));
      forgetList();
      request.log.info({ queryId: saved.id }, 'query created');
      return saved;
    },
  );

  app.put(
    '/queries/:id',
    {
      schema: {
        summary: 'Change a saved search',
        params: idParamSchema,
        body: queryWriteSchema,
        response: {
          200: querySchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: queryLimitErrorSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const write = request.body;
      ensureFiltersFit(write);
      const saved = await answering(changeQuery(ctx.db, id, write, ctx.now()));
      forgetList();
      // Issue 40: another profile for its jobs: they are scored again in the background.
      if (write.fit_profile_id !== undefined) notifyFitChanged(ctx);
      request.log.info({ queryId: saved.id, status: saved.status }, 'query updated');
      return saved;
    },
  );
};
