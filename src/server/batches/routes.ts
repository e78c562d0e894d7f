import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { batchExportFileName } from '../../contract/export-file-names';
import { isoOrNull } from '../../db/times';
import { HttpError } from '../plugins/errors';
import { findBatch, listBatches, type BatchWithProgress } from '../../db/searches/batches';
import { batchExportJobs } from './export-source';
import { parsedPartly } from './parsed-partly';
import { exportFileResponse, sendExport } from './export-reply';
import {
  batchWireListSchema,
  batchWireSchema,
  errorBodySchema,
  exportQuerySchema,
  idParamSchema,
  type BatchWire,
} from '../../contract';

export const BATCH_ALREADY_RUNNING = 'A batch is already running';

export function toBatch(row: BatchWithProgress): BatchWire {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    started_at: isoOrNull(row.started_at),
    finished_at: isoOrNull(row.finished_at),
    error: row.error,
    progress: {
      runs_total: row.runs + row.queries_left,
      runs_done: row.runs_done,
      jobs_found: row.jobs_found,
      jobs_to_enrich: row.jobs_to_enrich,
      jobs_enriched: row.jobs_enriched,
    },
    jobs_new: row.jobs_new,
    jobs_total: row.jobs_total,
    search_mode: batchSearchMode(row.runs_full, row.runs_incremental),
    cancel_requested: row.cancel_requested_at !== null,
    parsed_partly: parsedPartly(row.drift_fields),
  };
}

function batchSearchMode(full: number, incremental: number): BatchWire['search_mode'] {
  if (full > 0 && incremental > 0) return 'mixed';
  if (incremental > 0) return 'incremental';
  return full > 0 ? 'full' : null;
}

export const batchRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/batches',
    { schema: { summary: 'Every batch, newest first', response: { 200: batchWireListSchema } } },
    async () => (await listBatches(ctx.db)).map(toBatch),
  );

  app.post(
    '/batches',
    {
      schema: {
        summary: 'Start a batch now (one at a time)',
        response: { 201: batchWireSchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const result = await ctx.runner.runner.start('manual');
      if (!result.claimed) throw new HttpError(409, BATCH_ALREADY_RUNNING);
      const row = await findBatch(ctx.db, result.batch.id);
      if (!row) throw new Error(`batch ${result.batch.id} vanished after it was created`);
      request.log.info({ batchId: row.id }, 'manual batch started');
      return reply.code(201).send(toBatch(row));
    },
  );

  // Issue 12. The cancel is recorded in the database and the runner that drives the batch (in
  // this process or another) ends it after its request in flight: 202, the batch still working.
  app.post(
    '/batches/:id/cancel',
    {
      schema: {
        summary: 'Cancel a running batch: it ends failed after its request in flight',
        params: idParamSchema,
        response: {
          202: batchWireSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const result = await ctx.runner.runner.cancel(id);
      if (result === 'not-found') throw new HttpError(404, `Batch ${id} not found`);
      const row = await findBatch(ctx.db, id);
      if (!row) throw new HttpError(404, `Batch ${id} not found`);
      if (result === 'ended')
        throw new HttpError(
          409,
          `Batch ${id} has already ended (${row.status}): nothing to cancel`,
        );
      request.log.info({ batchId: id }, 'batch cancel requested');
      return reply.code(202).send(toBatch(row));
    },
  );

  app.get(
    '/batches/:id/export',
    {
      schema: {
        summary: 'Download the jobs a completed batch found',
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
      const batch = await findBatch(ctx.db, id);
      if (!batch) throw new HttpError(404, `Batch ${id} not found`);
      if (batch.status !== 'completed') throw new HttpError(409, `Batch ${id} is not completed`);
      const { format } = request.query;
      return sendExport(
        reply,
        format,
        batchExportFileName(id, format),
        batchExportJobs(ctx.connection.file, id, ctx.config.timeZone),
      );
    },
  );
};
