import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { EXPORT_CONTENT_TYPES, mediaResponse, type ExportFormat } from '../../contract';
import { writeJobs, type ExportJob } from '../export';

/** The 200 of every export route, as its schema (and so the API reference) states it. */
export const exportFileResponse = mediaResponse(
  'The jobs as a file: an .xlsx workbook (format=xlsx, the default), CSV (format=csv) or NDJSON, one job a line (format=json)',
  Object.values(EXPORT_CONTENT_TYPES),
);

/**
 * `attachment; filename="…"`, with an ASCII stand-in for the quoted name (a header is
 * Latin-1 and a quote or backslash would end the parameter) and the exact UTF-8 name in
 * `filename*` (RFC 6266) when the two differ.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (ascii === fileName) return `attachment; filename="${fileName}"`;
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Streams the jobs as a download in `format` (.xlsx, CSV or NDJSON): rows go from the database
 * through the writer into the response as they come, so a large batch never sits in memory. A
 * failure half-way breaks the download (the client sees an aborted transfer, not a short file).
 */
export function sendExport(
  reply: FastifyReply,
  format: ExportFormat,
  fileName: string,
  jobs: AsyncIterable<ExportJob>,
): FastifyReply {
  return sendDownload(reply, format, fileName, (body) => writeJobs(format, jobs, body));
}

/**
 * sendExport for any writer (issue 33: the pipeline's export): `write` streams the file into the
 * body it is given, with the same promises.
 */
export function sendDownload(
  reply: FastifyReply,
  format: ExportFormat,
  fileName: string,
  write: (body: NodeJS.WritableStream) => Promise<unknown>,
): FastifyReply {
  const body = new PassThrough();
  write(body).catch((error: unknown) => {
    reply.log.error({ err: error, format }, 'export failed');
  });
  return reply
    .header('content-type', EXPORT_CONTENT_TYPES[format])
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'no-store')
    .send(body);
}
