import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  overviewHeadlinesSchema,
  overviewMarketSchema,
  overviewNewJobsSchema,
  overviewPipelineSchema,
  overviewQuerySchema,
  overviewSearchesSchema,
  overviewTriageSchema,
  type OverviewQuery,
} from '../../contract';
import { OverviewReads, type OverviewAsk } from '../../db/overview/overview-reads';
import { PipelineOverviewReads } from '../../db/overview/pipeline';
import type { AppContext } from '../context';
import { HttpError } from '../plugins/errors';

export const QUERY_NOT_FOUND = 'Query not found';

const answers = { 400: errorBodySchema, 404: errorBodySchema };

/**
 * The Overview (issue 32): what the searches found over the days of a range, what it cost, and
 * what became of it, for every saved query or one. Read-only, so a read-only API token may call
 * them. The site's health (`/overview/site-health`) has its own module; the application
 * pipeline's funnel (issue 33, `/overview/pipeline`) reads the applications' history; the
 * headlines (issue 39) compare the range's main figures with the range before it.
 */
export const overviewRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const reads = new OverviewReads(ctx.connection);
  const pipeline = new PipelineOverviewReads(ctx.connection);
  const ask = (query: OverviewQuery): OverviewAsk => {
    if (query.query !== undefined && !reads.queryExists(query.query))
      throw new HttpError(404, QUERY_NOT_FOUND);
    return { ...query, now: ctx.now(), timeZone: ctx.config.timeZone };
  };
  const tags = ['overview'];

  app.get(
    '/overview/headlines',
    {
      schema: {
        summary:
          'The range’s new jobs, kept, saved, applied, site requests and requests per new job, each against the range before it',
        tags,
        querystring: overviewQuerySchema,
        response: { 200: overviewHeadlinesSchema, ...answers },
      },
    },
    async (request) => reads.headlines(ask(request.query)),
  );

  app.get(
    '/overview/new-jobs',
    {
      schema: {
        summary:
          'New jobs per day, by the query that found them, with reposts and rule-hidden apart',
        tags,
        querystring: overviewQuerySchema,
        response: { 200: overviewNewJobsSchema, ...answers },
      },
    },
    async (request) => reads.newJobs(ask(request.query)),
  );

  app.get(
    '/overview/searches',
    {
      schema: {
        summary: 'Per saved query: jobs found, new, kept, site requests and its last run',
        tags,
        querystring: overviewQuerySchema,
        response: { 200: overviewSearchesSchema, ...answers },
      },
    },
    async (request) => reads.searches(ask(request.query)),
  );

  app.get(
    '/overview/market',
    {
      schema: {
        summary:
          'The new jobs’ market: top companies, workplace per day, salaries, seniority, employment types, Easy Apply, applicants',
        tags,
        querystring: overviewQuerySchema,
        response: { 200: overviewMarketSchema, ...answers },
      },
    },
    async (request) => reads.market(ask(request.query)),
  );

  app.get(
    '/overview/triage',
    {
      schema: {
        summary: 'How many new jobs were found, seen, saved and applied to, and how many hidden',
        tags,
        querystring: overviewQuerySchema,
        response: { 200: overviewTriageSchema, ...answers },
      },
    },
    async (request) => reads.triage(ask(request.query)),
  );

  app.get(
    '/overview/pipeline',
    {
      schema: {
        summary:
          'The application pipeline: how many applications reached applied, screening, interviewing and offer; median days per stage; applications per stage now',
        tags,
        querystring: overviewQuerySchema,
        response: { 200: overviewPipelineSchema, ...answers },
      },
    },
    async (request) => pipeline.overview(ask(request.query)),
  );
};
