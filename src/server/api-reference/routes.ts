import type { FastifyPluginAsync } from 'fastify';
import { OPENAPI_DOCUMENT_PATH, openApiDocumentSchema } from '../../contract';

/**
 * GET /openapi.json: the document @fastify/swagger renders from every registered route. Rendered
 * once, when the app is ready (a schema it cannot render stops the start, not a later call), and
 * answered as that text: it never changes while the process runs.
 */
export const openApiRoutes: FastifyPluginAsync = async (app) => {
  let json = '';
  app.addHook('onReady', async () => {
    json = JSON.stringify(openApiDocumentSchema.parse(app.swagger()));
  });
  app.get(
    OPENAPI_DOCUMENT_PATH,
    {
      schema: {
        summary: 'This API described as an OpenAPI 3.1 document',
        tags: ['reference'],
        response: { 200: openApiDocumentSchema },
      },
    },
    async (_request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .serializer((payload: unknown) => String(payload))
        .send(json),
  );
};
