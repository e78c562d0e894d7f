import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bulkJobStateBodySchema,
  bulkJobStateResponseSchema,
  errorBodySchema,
  idParamSchema,
  jobDetailSchema,
  jobExportQuerySchema,
  jobListQuerySchema,
  jobListSchema,
  jobStateBodySchema,
  jobStateResponseSchema,
} from '../../contract';
import type { AppContext } from '../context';
import { HttpError } from '../plugins/errors';
import { exportFileResponse, sendExport } from '../batches/export-reply';
import { jobsExportFileName } from '../../contract/export-file-names';
import { viewExportJobs } from './export-source';
import { JobRepository } from './job-repository';

const notFound = (id: number) => new HttpError(404, `Job ${id} not found`);

/** The Jobs screen (issue 9): the list, one job, triage, and "Export this view". */
export const jobRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const jobs = new JobRepository(ctx.connection);
  fastify.addHook('onClose', async () => jobs.close());

  app.get(
    '/jobs',
    {
      schema: {
        summary: 'Stored jobs, searched, filtered and paged (the Jobs screen)',
        querystring: jobListQuerySchema,
        response: { 200: jobListSchema, 400: errorBodySchema },
      },
    },
    async (request) => jobs.list(request.query, ctx.now()),
  );

  app.get(
    '/jobs/export',
    {
      schema: {
        summary: 'Download the jobs of a Jobs view (its filters, without paging)',
        querystring: jobExportQuerySchema,
        response: { 200: exportFileResponse, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      // The export reads on a connection of its own, after the index has every description.
      jobs.readyToSearch(request.query);
      return sendExport(
        reply,
        request.query.format,
        jobsExportFileName(request.query.format),
        viewExportJobs(ctx.connection.file, request.query, ctx.now(), ctx.config.timeZone),
      );
    },
  );

  app.get(
    '/jobs/:id',
    {
      schema: {
        summary: 'One job, with its description',
        params: idParamSchema,
        response: { 200: jobDetailSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const job = jobs.find(request.params.id);
      if (!job) throw notFound(request.params.id);
      return job;
    },
  );

  app.patch(
    '/jobs/:id',
    {
      schema: {
        summary: "Set a job's triage state (saved and applied keep its application in step)",
        params: idParamSchema,
        body: jobStateBodySchema,
        response: { 200: jobStateResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      // The state it ends in: a job in the pipeline keeps its stage's (never moved back).
      const state = await ctx.connection.write(() =>
        jobs.setState(id, request.body.state, ctx.now()),
      );
      if (state === undefined) throw notFound(id);
      return { id, state };
    },
  );

  app.post(
    '/jobs/state',
    {
      schema: {
        summary: 'Set the triage state of many jobs at once',
        body: bulkJobStateBodySchema,
        response: { 200: bulkJobStateResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const { ids, state } = request.body;
      const updated = await ctx.connection.write(() => jobs.setStates(ids, state, ctx.now()));
      request.log.info({ count: ids.length, updated, state }, 'job states set');
      return { updated };
    },
  );
};
