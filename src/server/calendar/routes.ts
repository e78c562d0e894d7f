import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  calendarFeedCreatedSchema,
  calendarFeedSchema,
  errorBodySchema,
  jobIdParamSchema,
  mediaResponse,
  type CalendarFeed,
} from '../../contract';
import {
  createCalendarFeedToken,
  findLiveCalendarFeed,
  revokeCalendarFeed,
  type CalendarFeedRow,
} from '../../db/auth/calendar-feed-tokens';
import { findCalendarStep } from '../../db/pipeline/calendar-steps';
import { contentDisposition } from '../batches/export-reply';
import type { AppContext } from '../context';
import { HttpError } from '../plugins/errors';
import { CALENDAR_CONTENT_TYPE, publicBaseUrl, stepFileName, stepsCalendar } from './ics';

export const NO_CALENDAR_FEED_MESSAGE = 'There is no calendar feed: create one first';
export const NO_APPLICATION_MESSAGE = 'This job is not in the pipeline';
export const NO_NEXT_STEP_MESSAGE = 'This application has no next step';

const FEED_DESCRIPTION = `The calendar feed is an iCalendar (RFC 5545) subscription of the pipeline's next steps, upcoming
and of the last 30 days, for a calendar app: \`GET /calendar/{token}.ics\`, outside /api/v1 and
without a bearer token (the secret in its address is the credential). Its token (\`jsc_\` and 43
base64url characters) is answered once, by POST; only its SHA-256 is stored; it reads the
calendar and nothing else. There is one feed at a time: POST replaces it (the old address stops
working), DELETE revokes it. An unknown, revoked or malformed address answers 404.`;

const iso = (ms: number) => new Date(ms).toISOString();

function feedToWire(row: CalendarFeedRow | undefined): CalendarFeed {
  return {
    feed:
      row === undefined
        ? null
        : {
            created_at: iso(row.created_at),
            last_used_at: row.last_used_at === null ? null : iso(row.last_used_at),
          },
  };
}

/** The calendar feed's token (made, shown, revoked) and one next step's .ics (issue 33). */
export const calendarRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/calendar-feed',
    {
      schema: {
        summary: 'Whether a calendar feed exists, when it was made and last read (never its URL)',
        description: FEED_DESCRIPTION,
        response: { 200: calendarFeedSchema },
      },
    },
    async () => feedToWire(await findLiveCalendarFeed(ctx.db)),
  );

  app.post(
    '/calendar-feed',
    {
      schema: {
        summary: 'Create the calendar feed, replacing any: its URL is answered this once',
        description: FEED_DESCRIPTION,
        response: { 201: calendarFeedCreatedSchema },
      },
    },
    async (request, reply) => {
      const { token, row } = await createCalendarFeedToken(ctx.db, ctx.now());
      // That it happened, never the token: the URL is answered once and logged never.
      request.log.info({ calendarFeedId: row.id }, 'calendar feed created');
      return reply.code(201).send({
        created_at: iso(row.created_at),
        last_used_at: null,
        url: `${publicBaseUrl(ctx.config, request)}/calendar/${token}.ics`,
      });
    },
  );

  app.delete(
    '/calendar-feed',
    {
      schema: {
        summary: 'Revoke the calendar feed: its URL answers 404 from now on',
        description: FEED_DESCRIPTION,
        response: { 200: calendarFeedSchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      if (!(await revokeCalendarFeed(ctx.db, ctx.now())))
        throw new HttpError(404, NO_CALENDAR_FEED_MESSAGE);
      request.log.info('calendar feed revoked');
      return feedToWire(undefined);
    },
  );

  app.get(
    '/applications/:job_id/next-step.ics',
    {
      schema: {
        summary: "An application's next step as an iCalendar file, to add to a calendar",
        params: jobIdParamSchema,
        response: {
          200: mediaResponse('The next step as one iCalendar (RFC 5545) event', [
            CALENDAR_CONTENT_TYPE,
          ]),
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const step = await findCalendarStep(ctx.db, request.params.job_id);
      if (step === 'absent') throw new HttpError(404, NO_APPLICATION_MESSAGE);
      if (step === 'none') throw new HttpError(404, NO_NEXT_STEP_MESSAGE);
      const body = await stepsCalendar([step], {
        now: ctx.now(),
        baseUrl: publicBaseUrl(ctx.config, request),
        name: 'jobscout next step',
      });
      return reply
        .header('content-type', CALENDAR_CONTENT_TYPE)
        .header('content-disposition', contentDisposition(stepFileName(step)))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
