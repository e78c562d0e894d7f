import type { FastifyPluginAsync } from 'fastify';
import { OPENAPI_DOCUMENT_PATH, openApiDocumentSchema } from '../../contract';

// Rendering the document (every route's zod schemas through JSON Schema) costs 80-250 ms of CPU,
// more than a third of the server's whole start: it is done once the server listens, off the
// path to the first /healthz answer (docs/decisions/030), or by the first request that needs it.
const RENDER_AFTER_LISTEN_MS = 1_000;

/**
 * GET /openapi.json: the document @fastify/swagger renders from every registered route, once per
 * process (it never changes while the process runs), answered as that text.
 */
export const openApiRoutes: FastifyPluginAsync = async (app) => {
  let json: string | undefined;
  const render = () => (json ??= JSON.stringify(openApiDocumentSchema.parse(app.swagger())));

  let warmUp: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    warmUp = setTimeout(() => {
      try {
        render();
      } catch (err) {
        app.log.error({ err }, 'the OpenAPI document could not be rendered');
      }
    }, RENDER_AFTER_LISTEN_MS).unref();
  });
  app.addHook('onClose', async () => clearTimeout(warmUp));

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
        .send(render()),
  );
};
