import fastifyStatic from '@fastify/static';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_REFERENCE_PATH } from '../../contract';
import { builtReferenceFiles, swaggerUiFiles } from './swagger-ui-files';

/** Where the plugin serves Swagger UI's files (its `staticPrefix`, under the page's path). */
const REFERENCE_FILES_PATH = `${API_REFERENCE_PATH}/static/`;

// The top bar's mark, in place of Swagger's: the page is jobscout's reference.
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40"><text x="0" y="28" font-family="system-ui, sans-serif" font-size="24" font-weight="700" fill="#ffffff">jobscout</text></svg>`;

// The top bar's "Explore" box would load any other document into this page: not its job. Swagger
// UI's own colours put white text on its method badges and version stamps at 1.6-3.8:1, and its
// server URL and Authorize button at 2.0-3.2:1 (axe-core, WCAG 2.1 AA): each is darkened to at
// least 4.5:1 against what it sits on, keeping its hue, so a reader still tells GET from DELETE.
// Its dark mode (html.dark-mode, from the reader's system) has colours of its own that pass.
const THEME_CSS = [
  '.swagger-ui .topbar .download-url-wrapper { display: none; }',
  'html:not(.dark-mode) .swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d6fb8; }',
  'html:not(.dark-mode) .swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1a7f52; }',
  'html:not(.dark-mode) .swagger-ui .opblock.opblock-put .opblock-summary-method { background: #a85b00; }',
  'html:not(.dark-mode) .swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #c62828; }',
  'html:not(.dark-mode) .swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0f766e; }',
  'html:not(.dark-mode) .swagger-ui .info .title small { background: #5b6270; }',
  'html:not(.dark-mode) .swagger-ui .info .title small.version-stamp { background: #3f6a0a; }',
  'html:not(.dark-mode) .swagger-ui .info :is(.base-url, .url) { color: #1d5fa8; }',
  'html:not(.dark-mode) .swagger-ui .btn.authorize { color: #1a7f52; border-color: #1a7f52; }',
  'html:not(.dark-mode) .swagger-ui .btn.authorize svg { fill: #1a7f52; }',
].join('\n');

// The plugin puts the logo in as an <img> without alt text, after Swagger UI has drawn the top
// bar: the image is the link's only content, so its alt is the link's name.
const THEME_JS = `new MutationObserver(() => {
  for (const img of document.querySelectorAll('.topbar-wrapper img:not([alt])')) img.alt = 'jobscout';
}).observe(document.documentElement, { childList: true, subtree: true });`;

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
      css: [{ filename: 'jobscout.css', content: THEME_CSS }],
      js: [{ filename: 'jobscout.js', content: THEME_JS }],
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
