import { z } from 'zod/mini';

/**
 * GET /openapi.json: an OpenAPI 3.1 document. Only its frame is checked here; what it holds is
 * generated from the routes' own schemas, and the API tests validate real answers against it.
 */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
