import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

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

/**
 * Serves the built dashboard. Paths that are not files get index.html so the client router can
 * take them; /api paths never do, they answer JSON (a client expecting JSON must never get HTML).
 */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function registerWebApp(
  app: FastifyInstance,
  siteName: string,
  root = WEB_ROOT,
): Promise<void> {
  const indexFile = path.join(root, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  // SPEC.md's {site} comes from SITE_NAME at run time: written into the page once, at start.
  const indexHtml = hasBuild
    ? fs.readFileSync(indexFile, 'utf8').replaceAll('__SITE_NAME__', escapeHtml(siteName))
    : '';
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // index.html is answered from memory with the site name filled in (below).
      allowedPath: (pathname) => pathname !== '/index.html',
      // Hashed assets never change; everything else must be revalidated.
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ error: `Not found: ${request.method} ${pathname}` });
    }
    if (!hasBuild) {
      return reply.code(503).send({ error: 'The dashboard has not been built: run npm run build' });
    }
    // A missing asset is a 404, not the app: a stale tab asking for an old chunk must not get HTML.
    if (pathname.startsWith('/assets/') || path.extname(pathname) !== '') {
      return reply.code(404).send({ error: `Not found: ${pathname}` });
    }
    void reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(indexHtml);
  });
}
