import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { XLSX_MIME_TYPE } from '../../contract';
import { writeJobsXlsx, type ExportJob } from '../export';

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
 * Streams the jobs as an .xlsx download: rows go from the database through the workbook
 * writer into the response as they come, so a large batch never sits in memory. A failure
 * half-way breaks the download (the client sees an aborted transfer, not a short file).
 */
export function sendXlsx(
  reply: FastifyReply,
  fileName: string,
  jobs: AsyncIterable<ExportJob>,
): FastifyReply {
  const body = new PassThrough();
  writeJobsXlsx(jobs, body).catch((error: unknown) => {
    reply.log.error({ err: error }, 'export failed');
  });
  return reply
    .header('content-type', XLSX_MIME_TYPE)
    .header('content-disposition', contentDisposition(fileName))
    .header('cache-control', 'no-store')
    .send(body);
}
