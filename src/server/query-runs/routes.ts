import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { runExportJobs } from '../batches/export-source';
import { exportFileResponse, sendExport } from '../batches/export-reply';
import { parsedPartly } from '../batches/parsed-partly';
import {
  errorBodySchema,
  exportQuerySchema,
  idParamSchema,
  queryRunWireListSchema,
  type QueryRunWire,
} from '../../contract';
import type { AppContext } from '../context';
import { runExportFileName } from '../../contract/export-file-names';
import { isoOrNull } from '../../db/times';
import { HttpError } from '../plugins/errors';
import { findQueryRun, listQueryRuns, type QueryRunWithCounts } from '../../db/searches/query-runs';

export function toQueryRun(row: QueryRunWithCounts): QueryRunWire {
  return {
    id: row.id,
    batch_id: row.batch_id,
    query_id: row.query_id,
    job_title: row.job_title,
    location: row.location,
    is_ai: row.is_ai === 1,
    status: row.status,
    start_time: isoOrNull(row.start_time),
    end_time: isoOrNull(row.end_time),
    error: row.error,
    pages_fetched: row.pages_fetched,
    jobs_found: row.jobs_found,
    jobs_new: row.jobs_new,
    search_mode: row.search_mode,
    parsed_partly: parsedPartly(row.drift_fields),
  };
}

export const queryRunRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/query-runs',
    {
      schema: {
        summary: 'Every query run, newest first',
        response: { 200: queryRunWireListSchema },
      },
    },
    async () => (await listQueryRuns(ctx.db)).map(toQueryRun),
  );

  // SPEC.md's call has no format parameter: xlsx, like the batch export's; csv or json on request.
  app.get(
    '/query-runs/:id/export',
    {
      schema: {
        summary: 'Download the jobs a completed query run found',
        params: idParamSchema,
        querystring: exportQuerySchema,
        response: {
          200: exportFileResponse,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const run = await findQueryRun(ctx.db, id);
      if (!run) throw new HttpError(404, `Query run ${id} not found`);
      if (run.status !== 'completed') throw new HttpError(409, `Query run ${id} is not completed`);
      const { format } = request.query;
      return sendExport(
        reply,
        format,
        runExportFileName(run.batch_id, run.job_title, format),
        runExportJobs(ctx.connection.file, id, ctx.config.timeZone),
      );
    },
  );
};
