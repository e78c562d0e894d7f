import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EXPORT_CONTENT_TYPES, errorBodySchema, mediaResponse } from '../../contract';
import { pipelineExportFileName } from '../../contract/export-file-names';
import { applicationExportQuerySchema } from '../../contract/pipeline';
import { pipelineExportRows } from '../../db/pipeline/export-rows';
import { dayInZone } from '../../runner';
import { sendDownload } from '../batches/export-reply';
import type { AppContext } from '../context';
import { writeRows } from '../export';
import { pipelineSheet, toExportedApplication } from './export-sheet';

const pipelineExportResponse = mediaResponse(
  'The applications as a file: an .xlsx workbook (format=xlsx, the default), CSV (format=csv) or NDJSON, one application a line (format=json)',
  Object.values(EXPORT_CONTENT_TYPES),
);

/**
 * `GET /applications/export` (issue 33): the pipeline as a download, filtered as the board is.
 * A plugin of its own beside the applications' routes; its static path wins over
 * `/applications/:job_id` in Fastify's router whichever is registered first.
 */
export const pipelineExportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (
  fastify,
  { ctx },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/applications/export',
    {
      schema: {
        summary:
          'Download the pipeline: each application with its stage dates, next step, contacts and notes',
        querystring: applicationExportQuerySchema,
        response: { 200: pipelineExportResponse, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { format, ...filters } = request.query;
      const sheet = pipelineSheet(ctx.config.timeZone);
      const fileName = pipelineExportFileName(dayInZone(ctx.now(), ctx.config.timeZone), format);
      // The rows are read on a connection of their own, as the writer asks for them.
      return sendDownload(reply, format, fileName, (body) =>
        writeRows(
          format,
          pipelineExportRows(ctx.connection.file, filters),
          sheet,
          toExportedApplication,
          body,
        ),
      );
    },
  );
};
