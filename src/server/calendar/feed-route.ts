import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CALENDAR_FEED_TOKEN_PATTERN, errorBodySchema, mediaResponse } from '../../contract';
import { findCalendarFeedByHash, recordCalendarFeedUse } from '../../db/auth/calendar-feed-tokens';
import { listCalendarSteps } from '../../db/pipeline/calendar-steps';
import { hashToken } from '../../db/auth/token-hash';
import type { AppContext } from '../context';
import { HttpError } from '../plugins/errors';
import { CALENDAR_CONTENT_TYPE, publicBaseUrl, stepsCalendar } from './ics';

/** The feed lists the steps of this long ago too, so a calendar keeps the recent ones. */
export const FEED_PAST_MS = 30 * 86_400_000;
/** How often a feed's last use is written at most: calendar apps poll, this is no audit log. */
export const FEED_LAST_USED_GRANULARITY_MS = 10 * 60_000;
const fileParamSchema = z.object({ file: z.string() });
/** The same answer for every address that is not a live feed: it tells a guesser nothing. */
const NOT_FOUND = 'Not found';

/**
 * `GET /calendar/{token}.ics` (issue 33): the calendar feed, outside /api/v1. No bearer token:
 * the secret in the address is the credential, and it opens this feed and nothing else.
 */
export const calendarFeedRoute: FastifyPluginAsync<{ ctx: AppContext }> = async (
  fastify,
  { ctx },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/calendar/:file',
    {
      schema: {
        summary: "The calendar feed: the pipeline's next steps as iCalendar (no bearer token)",
        description:
          'The address POST /api/v1/calendar-feed answered: `file` is the feed token followed by `.ics`. The events are the next steps from 30 days ago on, each 30 minutes long. An unknown, revoked or malformed address answers 404.',
        tags: ['calendar-feed'],
        security: [],
        response: {
          200: mediaResponse('The next steps as iCalendar (RFC 5545) events', [
            CALENDAR_CONTENT_TYPE,
          ]),
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      // Read here, not by a params schema: whatever the address holds, the answer is this 404.
      const file = fileParamSchema.safeParse(request.params).data?.file ?? '';
      const token = /^(.*)\.ics$/.exec(file)?.[1];
      if (token === undefined || !CALENDAR_FEED_TOKEN_PATTERN.test(token))
        throw new HttpError(404, NOT_FOUND);
      const feed = await findCalendarFeedByHash(ctx.db, hashToken(token));
      if (feed === undefined) throw new HttpError(404, NOT_FOUND);
      const now = ctx.now();
      if (feed.last_used_at === null || now - feed.last_used_at >= FEED_LAST_USED_GRANULARITY_MS)
        await recordCalendarFeedUse(ctx.db, feed.id, now);
      const steps = await listCalendarSteps(ctx.db, now - FEED_PAST_MS);
      const body = await stepsCalendar(steps, {
        now,
        baseUrl: publicBaseUrl(ctx.config, request),
        name: `${ctx.config.siteName} applications · jobscout`,
      });
      return reply
        .header('content-type', CALENDAR_CONTENT_TYPE)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
