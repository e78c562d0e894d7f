import { createRequire } from 'node:module';
import path from 'node:path';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_REFERENCE_PATH } from '../../contract';

/**
 * Swagger UI's own files (swagger-ui-dist, as @fastify/swagger-ui ships them). Given explicitly:
 * the plugin finds them from its __dirname, which the server bundle (dist/server) does not have.
 */
function swaggerUiFiles(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@fastify/swagger-ui/package.json')), 'static');
}

// The top bar's mark, in place of Swagger's: the page is jobscout's reference.
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40"><text x="0" y="28" font-family="system-ui, sans-serif" font-size="24" font-weight="700" fill="#ffffff">jobscout</text></svg>`;

/**
 * The readable reference at /api/docs: Swagger UI over the same document as GET
 * /api/v1/openapi.json, served from this server (no CDN). Public, like the document
 * (docs/decisions/030): it shows how to call the API, never data, and every call made from it
 * needs a token the reader pastes under "Authorize".
 */
export async function registerReferencePage(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwaggerUi, {
    routePrefix: API_REFERENCE_PATH,
    baseDir: swaggerUiFiles(),
    logo: { type: 'image/svg+xml', content: LOGO },
    theme: {
      title: 'jobscout API reference',
      // The top bar's "Explore" box would load any other document into this page: not its job.
      css: [
        {
          filename: 'jobscout.css',
          content: '.swagger-ui .topbar .download-url-wrapper { display: none; }',
        },
      ],
    },
    uiConfig: {
      deepLinking: true,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
      displayRequestDuration: true,
      tryItOutEnabled: false,
    },
  });
}
