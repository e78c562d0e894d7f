import fs from 'node:fs';
import { build } from 'esbuild';

// `npm run build` bundles the server into one file. Started through tsx, the server spent over a
// second resolving and transforming hundreds of modules; the bundle starts in about half a second
// (DESIGN.md's budget: 1.5 s). Native addons stay outside the bundle, as they must.
// What only some requests need (nodemailer for an email, prom-client with METRICS_TOKEN,
// ical-generator for a calendar) is imported where it is used and split into a chunk of its own
// beside main.mjs, parsed when first asked for (docs/decisions/058). The folder is emptied first:
// a chunk's name holds its hash, so an old one would stay.
fs.rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/server/main.ts' },
  outdir: 'dist/server',
  outExtension: { '.js': '.mjs' },
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // unpdf (pdf.js) and mammoth read an uploaded CV (src/server/fit/cv-text.ts): loaded from
  // node_modules on the first upload, not parsed with the server at every start.
  external: ['better-sqlite3', '@node-rs/argon2', 'exceljs', 'unpdf', 'mammoth'],
  // Bundled CommonJS dependencies call require(); give the ES module one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log('server: dist/server/main.mjs');
