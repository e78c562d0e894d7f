import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  OVERVIEW_FIELDS,
  overviewQuerySchema,
  overviewSiteHealthSchema,
  type OverviewSiteHealth,
} from '../../contract';
import {
  driftingFields,
  fieldFillsSince,
  firstBatchAt,
  siteCountsSince,
} from '../../db/overview/site-health';
import { OverviewReads } from '../../db/overview/overview-reads';
import { findQuery } from '../../db/searches/queries';
import { isoOrNull } from '../../db/times';
import { createCookieStateStore } from '../../runner';
import type { AppContext } from '../context';
import { HttpError } from '../plugins/errors';
import { QUERY_NOT_FOUND_MESSAGE } from '../queries/routes';
import { cookieStatusOf } from '../settings/cookie-routes';
import { overviewDays, type OverviewDays } from './days';

// The Overview's site health (issue 32): per day, how fully the completed batches' new jobs had
// each watched field, what the batches cost the site, the fields drifting now (decision 054) and
// the cookies' state. The site parses the same for every search, so the figures cover them all;
// a `query` is still checked, as on the Overview's other calls.

type Counters = Pick<
  OverviewSiteHealth,
  'requests' | 'rate_limited' | 'retries' | 'pauses' | 'pause_seconds' | 'failed_details'
>;

/**
 * Σfilled ÷ Σtotal per field and day; null on a day whose batches had no job to fill it. A day
 * is drifting when a batch completed on it found the field drifting.
 */
async function fieldFills(
  ctx: AppContext,
  span: OverviewDays,
): Promise<OverviewSiteHealth['fields']> {
  const index = new Map(span.days.map((day, i) => [day, i]));
  const sums = new Map<string, Array<{ filled: number; total: number; drifting: boolean }>>(
    OVERVIEW_FIELDS.map((field) => [
      field,
      span.days.map(() => ({ filled: 0, total: 0, drifting: false })),
    ]),
  );
  for (const row of await fieldFillsSince(ctx.db, span.since)) {
    const slot = sums.get(row.field)?.[index.get(span.dayOf(row.finished_at)) ?? -1];
    if (!slot) continue;
    slot.filled += row.filled;
    slot.total += row.total;
    slot.drifting ||= row.drifting;
  }
  return OVERVIEW_FIELDS.map((field) => {
    const days = sums.get(field) ?? [];
    return {
      field,
      fill: days.map((s) => (s.total === 0 ? null : s.filled / s.total)),
      drifting: days.map((s) => s.drifting),
    };
  });
}

async function counters(ctx: AppContext, span: OverviewDays): Promise<Counters> {
  const zeros = () => span.days.map(() => 0);
  const out: Counters = {
    requests: zeros(),
    rate_limited: zeros(),
    retries: zeros(),
    pauses: zeros(),
    pause_seconds: zeros(),
    failed_details: zeros(),
  };
  const index = new Map(span.days.map((day, i) => [day, i]));
  const pauseMs = zeros();
  for (const row of await siteCountsSince(ctx.db, span.since)) {
    const i = index.get(span.dayOf(row.at));
    if (i === undefined) continue;
    const add = (series: number[], value: number) => (series[i] = (series[i] ?? 0) + value);
    add(out.requests, row.requests);
    add(out.rate_limited, row.rate_limited);
    add(out.retries, row.retries);
    add(out.pauses, row.pauses);
    add(pauseMs, row.pause_ms);
    add(out.failed_details, row.failed_details);
  }
  out.pause_seconds = pauseMs.map((ms) => ms / 1000);
  return out;
}

/** The fields drifting now, in the contract's names; a row of a field it does not know is left out. */
async function drift(ctx: AppContext): Promise<OverviewSiteHealth['drift']> {
  const rows = await driftingFields(ctx.db);
  return rows.flatMap((row) => {
    const field = OVERVIEW_FIELDS.find((known) => known === row.field);
    return field === undefined
      ? []
      : [{ field, batch_id: row.batch_id, since: isoOrNull(row.finished_at) }];
  });
}

export const siteHealthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (
  fastify,
  { ctx },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cookies = createCookieStateStore(ctx.connection);
  const reads = new OverviewReads(ctx.connection);

  app.get(
    '/overview/site-health',
    {
      schema: {
        summary:
          'Site health per day: field fill rates, site requests, refusals, retries, pauses, failed details; the fields drifting now and the cookie state',
        tags: ['overview'],
        querystring: overviewQuerySchema,
        response: { 200: overviewSiteHealthSchema, 404: errorBodySchema },
      },
    },
    async (request): Promise<OverviewSiteHealth> => {
      const { range, query } = request.query;
      if (query !== undefined && (await findQuery(ctx.db, query)) === undefined)
        throw new HttpError(404, QUERY_NOT_FOUND_MESSAGE);
      const span = overviewDays(range, ctx.now(), ctx.config.timeZone, await firstBatchAt(ctx.db));
      return {
        range,
        query_id: query ?? null,
        days: span.days,
        // The figures cover every query, so the backfills are every query's.
        backfills: reads.backfills(span.days),
        fields: await fieldFills(ctx, span),
        ...(await counters(ctx, span)),
        drift: await drift(ctx),
        cookies: cookieStatusOf(cookies.read()),
      };
    },
  );
};
