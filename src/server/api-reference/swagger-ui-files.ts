import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Swagger UI's own files (swagger-ui-dist, as @fastify/swagger-ui ships them). Found through the
 * package: the plugin finds them from its __dirname, which the server bundle (dist/server) lacks.
 */
export function swaggerUiFiles(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@fastify/swagger-ui/package.json')), 'static');
}

/**
 * Files of swaggerUiFiles() that the plugin answers with routes of its own (its static
 * index.html redirects to the page): never copied, so no second route claims their paths.
 */
export const PLUGIN_ROUTED_FILES: ReadonlySet<string> = new Set(['index.html']);

/** The folder name under dist/ that `npm run build` copies Swagger UI's files to. */
export const BUILT_REFERENCE_FILES_DIR = 'api-reference';

/**
 * The copy `npm run build` makes of Swagger UI's files, each with its .br and .gz beside it
 * (scripts/build-precompressed.ts), found from wherever this module runs: the server bundle in
 * dist/server, or the sources under src/server/api-reference. Null before a build (`npm run dev`):
 * the plugin then serves the package's files uncompressed.
 */
export function builtReferenceFiles(): string | null {
  const candidates = [
    path.resolve(import.meta.dirname, '..', BUILT_REFERENCE_FILES_DIR),
    path.resolve(import.meta.dirname, '../../../dist', BUILT_REFERENCE_FILES_DIR),
  ];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'swagger-ui-bundle.js'))) ?? null;
}
