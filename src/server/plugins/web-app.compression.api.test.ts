import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_REFERENCE_PATH } from '../../contract';
import { swaggerUiFiles } from '../api-reference/swagger-ui-files';
import { startTestServer, type TestServer } from '../test-harness';
import { loadIndexPage, registerWebApp, WEB_ROOT } from './web-app';

// What travels on the wire (docs/decisions/049): the dashboard's files, its page and the API
// reference's files, each sent as brotli or gzip by the client's Accept-Encoding and as itself
// without one, always decoding to exactly the file's bytes, with the caching each had before.

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Each Accept-Encoding a client may send, and the encoding the answer must come in. */
const NEGOTIATIONS = [
  { accept: 'br, gzip', encoding: 'br' },
  { accept: 'gzip, deflate', encoding: 'gzip' },
  { accept: 'gzip', encoding: 'gzip' },
  { accept: 'br;q=0, gzip', encoding: 'gzip' },
  { accept: undefined, encoding: undefined },
  { accept: 'identity', encoding: undefined },
] as const;

function get(app: FastifyInstance, url: string, accept: string | undefined) {
  const headers: Record<string, string> = accept === undefined ? {} : { 'accept-encoding': accept };
  return app.inject({ method: 'GET', url, headers });
}

/** The body as the browser reads it: decoded by its content-encoding. */
function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  if (encoding === undefined) return res.rawPayload;
  throw new Error(`unexpected content-encoding ${String(encoding)}`);
}

/** Asks for `url` in every way of NEGOTIATIONS and checks each answer against `expected`. */
async function expectNegotiated(
  app: FastifyInstance,
  url: string,
  expected: Buffer,
  cacheControl: string,
  negotiations: ReadonlyArray<{
    accept: string | undefined;
    encoding: string | undefined;
  }> = NEGOTIATIONS,
): Promise<LightMyRequestResponse[]> {
  const answers: LightMyRequestResponse[] = [];
  for (const { accept, encoding } of negotiations) {
    const res = await get(app, url, accept);
    const asked = `${url} with accept-encoding: ${accept ?? '(none)'}`;
    expect(res.statusCode, asked).toBe(200);
    expect(res.headers['content-encoding'], asked).toBe(encoding);
    expect(res.headers.vary, asked).toMatch(/(^|,\s*)accept-encoding(\s*,|$)/i);
    expect(res.headers['cache-control'], asked).toBe(cacheControl);
    expect(Number(res.headers['content-length']), asked).toBe(res.rawPayload.length);
    expect(decoded(res).equals(expected), `${asked}: the decoded body is the file`).toBe(true);
    if (encoding !== undefined) expect(res.rawPayload.length, asked).toBeLessThan(expected.length);
    answers.push(res);
  }
  return answers;
}

/** The same-origin files a page loads: its script srcs and style sheet hrefs, resolved. */
function loadedFiles(html: string, pageUrl: string): string[] {
  const urls = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="([^"]+)"/g)].map(
    (m) => new URL(m[1] ?? '', `http://localhost${pageUrl}`).pathname,
  );
  return urls.filter((url) => /\.(js|css)$/.test(url));
}

describe('the built server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SITE_NAME: 'Acme <Jobs>' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("sends the dashboard's hashed scripts and styles compressed, still immutable", async () => {
    const page = await get(server.app, '/sign-in', undefined);
    const assets = loadedFiles(page.body, '/sign-in');
    // The entry script and its style sheet, at least: an empty list must not pass.
    expect(assets.filter((a) => a.endsWith('.js')).length).toBeGreaterThan(0);
    expect(assets.filter((a) => a.endsWith('.css')).length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(asset).toMatch(/^\/assets\//);
      const file = fs.readFileSync(path.join(WEB_ROOT, asset));
      const [br] = await expectNegotiated(server.app, asset, file, IMMUTABLE);
      expect(br?.headers['content-type'], asset).toMatch(
        asset.endsWith('.js') ? /^(text|application)\/javascript;/ : /^text\/css;/,
      );
    }
  });

  it('sends the page compressed for every client-side path, with the site name, never immutable', async () => {
    const plain = await get(server.app, '/', undefined);
    expect(plain.body).toContain('content="Acme &#60;Jobs&#62;"');
    for (const url of ['/', '/sign-in', '/jobs/rules?x=1']) {
      const answers = await expectNegotiated(server.app, url, plain.rawPayload, 'no-cache');
      for (const res of answers) expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('looks a chunk up when asked: no route per file of /assets/, no listing of it at start', () => {
    const chunkRoutes = server.routes.filter(
      (r) => r.url.startsWith('/assets/') && r.url !== '/assets/*',
    );
    expect(chunkRoutes).toEqual([]);
    expect(server.routes).toContainEqual({ method: 'GET', url: '/assets/*', hidden: true });
  });

  it('answers no file of its own at /index.html or a folder, as before', async () => {
    const asked = [
      ['/index.html', 404],
      ['/assets/', 404],
      ['/assets', 200],
      ['/', 200],
    ] as const;
    for (const [url, status] of asked) {
      const res = await get(server.app, url, 'br, gzip');
      expect(res.statusCode, url).toBe(status);
      if (status === 200) expect(res.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });

  it('never answers an encoded copy at a URL of its own', async () => {
    const page = await get(server.app, '/sign-in', undefined);
    const [script] = loadedFiles(page.body, '/sign-in');
    for (const suffix of ['.br', '.gz']) {
      const res = await get(server.app, `${script}${suffix}`, 'br, gzip');
      expect(res.statusCode, `${script}${suffix}`).toBe(404);
    }
  });

  it("sends the API reference's Swagger UI files compressed, each decoding to the package's file", async () => {
    const page = await get(server.app, API_REFERENCE_PATH, 'br, gzip');
    expect(page.statusCode).toBe(200);
    // Its own files; the initializer and the theme are generated by the plugin, not files.
    const files = loadedFiles(page.body, API_REFERENCE_PATH).filter(
      (url) => !url.endsWith('/swagger-initializer.js') && !url.includes('/theme/'),
    );
    expect(files).toContain(`${API_REFERENCE_PATH}/static/swagger-ui-bundle.js`);
    for (const url of files) {
      const file = fs.readFileSync(path.join(swaggerUiFiles(), path.basename(url)));
      await expectNegotiated(server.app, url, file, 'public, max-age=0');
    }
    const bundle = await get(server.app, `${API_REFERENCE_PATH}/static/swagger-ui-bundle.js`, 'br');
    // 1.7 MB as a file; brotli's about a fifth of it.
    expect(bundle.rawPayload.length).toBeLessThan(500_000);
  });

  it('keeps the CSP and the other security headers on compressed answers', async () => {
    const plain = await get(server.app, '/sign-in', undefined);
    const [script] = loadedFiles(plain.body, '/sign-in');
    for (const url of ['/sign-in', String(script), `${API_REFERENCE_PATH}/static/swagger-ui.css`]) {
      const res = await get(server.app, url, 'br, gzip');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-security-policy'], url).toBe(
        plain.headers['content-security-policy'],
      );
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});

describe('a build with some encoded copies missing', () => {
  let root: string;
  let app: FastifyInstance;
  const script = Buffer.from('export const answer = 42;\n'.repeat(100));
  const style = Buffer.from('.a { color: red; }\n'.repeat(100));

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-web-root-'));
    fs.mkdirSync(path.join(root, 'assets'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>__SITE_NAME__</title>');
    // Only a gzip copy of the script (no .br), and no copy at all of the style sheet.
    fs.writeFileSync(path.join(root, 'assets/only-gzip-1a2b.js'), script);
    fs.writeFileSync(path.join(root, 'assets/only-gzip-1a2b.js.gz'), gzipSync(script));
    fs.writeFileSync(path.join(root, 'assets/plain-3c4d.css'), style);
    app = Fastify();
    await registerWebApp(app, loadIndexPage('Site', root), root);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('falls back to the next encoding the client accepts, then to the file itself', async () => {
    await expectNegotiated(app, '/assets/only-gzip-1a2b.js', script, IMMUTABLE, [
      { accept: 'br, gzip', encoding: 'gzip' },
      { accept: 'br', encoding: undefined },
      { accept: undefined, encoding: undefined },
    ]);
    const res = await get(app, '/assets/plain-3c4d.css', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload.equals(style)).toBe(true);
  });
});
