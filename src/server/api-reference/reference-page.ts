import fastifyStatic from '@fastify/static';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_REFERENCE_PATH } from '../../contract';
import { builtReferenceFiles, swaggerUiFiles } from './swagger-ui-files';

/** Where the plugin serves Swagger UI's files (its `staticPrefix`, under the page's path). */
const REFERENCE_FILES_PATH = `${API_REFERENCE_PATH}/static/`;

// The top bar's mark, in place of Swagger's: the page is jobscout's reference.
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40"><text x="0" y="28" font-family="system-ui, sans-serif" font-size="24" font-weight="700" fill="#ffffff">jobscout</text></svg>`;

/**
 * The readable reference at /api/docs: Swagger UI over the same document as GET
 * /api/v1/openapi.json, served from this server (no CDN). Public, like the document
 * (docs/decisions/030): it shows how to call the API, never data, and every call made from it
 * needs a token the reader pastes under "Authorize".
 */
export async function registerReferencePage(app: FastifyInstance): Promise<void> {
  // Swagger UI's 1.7 MB bundle and its other files, compressed at build time, answered as .br or
  // .gz by Accept-Encoding (docs/decisions/049). Each file gets a route of its own, which
  // find-my-way prefers to the plugin's /static/* wildcard; the plugin still answers its own
  // generated files (the initializer, the theme) and, before a build, the package's files.
  const built = builtReferenceFiles();
  if (built !== null) {
    await app.register(fastifyStatic, {
      root: built,
      prefix: REFERENCE_FILES_PATH,
      wildcard: false,
      index: false,
      decorateReply: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
    });
  }
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
