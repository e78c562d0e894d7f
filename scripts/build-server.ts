import { build } from 'esbuild';

// `npm run build` bundles the server into one file. Started through tsx, the server spent over a
// second resolving and transforming hundreds of modules; the bundle starts in about half a second
// (DESIGN.md's budget: 1.5 s). Native addons stay outside the bundle, as they must.
await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.mjs',
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
