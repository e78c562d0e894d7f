import { z } from 'zod/mini';

/**
 * The body of an answer that is not JSON (a file, a stream, Prometheus' text): its bytes are not
 * parsed, so the schema says only "text or bytes"; its media type is what the client checks.
 */
export const mediaBodySchema = z.string();

/**
 * A response that is not JSON, one entry per media type it may come in. This is the form Fastify
 * reads for per-content-type responses and the OpenAPI document shows as the status' content.
 */
export function mediaResponse(description: string, mediaTypes: readonly string[]) {
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: mediaBodySchema }])),
  };
}
