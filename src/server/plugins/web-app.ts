import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { getElementsByTagName, textContent } from 'domutils';
import type { FastifyInstance } from 'fastify';
import { parseDocument } from 'htmlparser2';

/**
 * The built React app (vite's output), found from wherever this module runs: the server bundle in
 * dist/server, or the sources under src/server/plugins (tests, tsx).
 */
export const WEB_ROOT =
  [
    path.resolve(import.meta.dirname, '../web'),
    path.resolve(import.meta.dirname, '../../../dist/web'),
  ].find((dir) => fs.existsSync(path.join(dir, 'index.html'))) ??
  path.resolve(import.meta.dirname, '../../../dist/web');

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The encodings a compressed file is sent in, the one preferred first when a client takes both. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** The dashboard's page as served: index.html with the site name filled in. */
export interface IndexPage {
  html: string;
  /** CSP source hashes ("sha256-...") of its inline scripts, so exactly those may run. */
  inlineScriptHashes: string[];
  /**
   * The page compressed in an encoding: once, when the page is first asked for in it, not at
   * start (the server answers /healthz without it, docs/decisions/058).
   */
  encoded(encoding: Encoding): Buffer;
}

/** The CSP hashes of a page's inline scripts, computed over their text exactly as served. */
export function inlineScriptHashes(html: string): string[] {
  const document = parseDocument(html, { decodeEntities: false });
  return getElementsByTagName('script', document.children, true)
    .filter((script) => script.attribs.src === undefined)
    .map((script) => `sha256-${createHash('sha256').update(textContent(script)).digest('base64')}`);
}

/** Reads the built index.html once, at start; null when the dashboard has not been built. */
export function loadIndexPage(siteName: string, root = WEB_ROOT): IndexPage | null {
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  // SPEC.md's {site} comes from SITE_NAME at run time: written into the page once, at start.
  const html = fs.readFileSync(indexFile, 'utf8').replaceAll('__SITE_NAME__', escapeHtml(siteName));
  // The name is only known now, so the page cannot be compressed at build time like the assets:
  // it is compressed here, once per encoding (894 bytes -> 352 as brotli, 497 as gzip).
  const bytes = Buffer.from(html);
  const compress: Record<Encoding, () => Buffer> = {
    br: () =>
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    gzip: () => gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }),
  };
  const encoded = new Map<Encoding, Buffer>();
  return {
    html,
    inlineScriptHashes: inlineScriptHashes(html),
    encoded(encoding) {
      let page = encoded.get(encoding);
      if (page === undefined) {
        page = compress[encoding]();
        encoded.set(encoding, page);
      }
      return page;
    },
  };
}

/** The encoding to answer in for a request's Accept-Encoding; null for the bytes themselves. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (acceptEncoding === undefined) return null;
  return negotiate(acceptEncoding.toLowerCase(), [...ENCODINGS]);
}

/** A copy written beside a file at build time (docs/decisions/049). */
const ENCODED_COPY = /\.(br|gz)$/;

const STATIC_OPTIONS = {
  index: false,
  preCompressed: true,
  // Hashed assets never change; everything else must be revalidated.
  setHeaders: (res: { header: (name: string, value: string) => unknown }, filePath: string) => {
    const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
    res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  },
} as const;

/**
 * Serves the built dashboard. Paths that are not files get index.html so the client router can
 * take them; /api paths never do, they answer JSON (a client expecting JSON must never get HTML).
 * Files are sent as the .br or .gz written beside them at build time when the client accepts it
 * (docs/decisions/049), and as themselves otherwise or when there is none.
 */
export async function registerWebApp(
  app: FastifyInstance,
  page: IndexPage | null,
  root = WEB_ROOT,
): Promise<void> {
  const hasBuild = page !== null;
  if (hasBuild) {
    // The build's chunks (/assets/, ~250 files with their encoded copies): one route that looks a
    // file up when asked. A route per file made the start list the folder and add ~170 routes,
    // about 40 ms (decision 058). Only under /assets/: a catch-all would also take the paths the
    // router refuses (a calendar address too long), and answer them quoting the address.
    await app.register(fastifyStatic, {
      ...STATIC_OPTIONS,
      root: path.join(root, 'assets'),
      prefix: '/assets/',
      wildcard: true,
      // A folder's path is not a file; the encoded copies are answers to a file's own URL, never
      // URLs of their own.
      allowedPath: (pathname) => !pathname.endsWith('/') && !ENCODED_COPY.test(pathname),
    });
    // The few files beside index.html (the instructions' PDF): a route each, as before.
    await app.register(fastifyStatic, {
      ...STATIC_OPTIONS,
      root,
      wildcard: false,
      decorateReply: false,
      // index.html is answered from memory with the site name filled in (below).
      allowedPath: (pathname) => pathname !== '/index.html',
      globIgnore: ['assets/**', '**/*.br', '**/*.gz'],
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ error: `Not found: ${request.method} ${pathname}` });
    }
    if (page === null) {
      return reply.code(503).send({ error: 'The dashboard has not been built: run npm run build' });
    }
    // A missing asset is a 404, not the app: a stale tab asking for an old chunk must not get HTML.
    if (pathname.startsWith('/assets/') || path.extname(pathname) !== '') {
      return reply.code(404).send({ error: `Not found: ${pathname}` });
    }
    // The answer depends on Accept-Encoding: a shared cache must not give one client's to another.
    void reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding !== null) void reply.header('content-encoding', encoding);
    return reply
      .type('text/html; charset=utf-8')
      .send(encoding === null ? page.html : page.encoded(encoding));
  });
}
