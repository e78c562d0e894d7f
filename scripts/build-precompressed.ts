import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BUILT_REFERENCE_FILES_DIR,
  PLUGIN_ROUTED_FILES,
  swaggerUiFiles,
} from '../src/server/api-reference/swagger-ui-files';
import { precompressDirectory, type PrecompressedFile } from './precompress';

// `npm run build` step after everything that writes dist/web (vite, instructions.pdf): writes a
// .br and a .gz beside each text file the server sends, which it answers by Accept-Encoding
// (docs/decisions/049). Swagger UI's files, which @fastify/swagger-ui would send uncompressed
// from node_modules, are copied to dist/api-reference first and compressed the same way.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'dist/web');
const reference = path.join(root, 'dist', BUILT_REFERENCE_FILES_DIR);

function summary(name: string, files: PrecompressedFile[]): string {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  const sum = (pick: (f: PrecompressedFile) => number) => files.reduce((n, f) => n + pick(f), 0);
  const bytes = sum((f) => f.bytes);
  return `${name}: ${files.length} files, ${kb(bytes)} -> br ${kb(sum((f) => f.br ?? f.bytes))}, gzip ${kb(sum((f) => f.gzip ?? f.bytes))}`;
}

const started = performance.now();
await rm(reference, { recursive: true, force: true });
await cp(swaggerUiFiles(), reference, {
  recursive: true,
  filter: (source) => !PLUGIN_ROUTED_FILES.has(path.basename(source)),
});
// index.html is left out: the server fills in the site name at start and compresses it then.
const [webFiles, referenceFiles] = await Promise.all([
  precompressDirectory(web, (file) => file === 'index.html'),
  precompressDirectory(reference),
]);
console.log(summary('precompressed dist/web', webFiles));
console.log(summary(`precompressed dist/${BUILT_REFERENCE_FILES_DIR}`, referenceFiles));
console.log(`precompressed in ${Math.round(performance.now() - started)} ms`);
