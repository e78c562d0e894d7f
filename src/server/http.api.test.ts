import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-harness';
import { PUBLIC_API_ROUTES } from './auth/guard';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
function httpMethod(name: string): (typeof METHODS)[number] {
  const found = METHODS.find((m) => m === name);
  if (!found) throw new Error(`unexpected method ${name} in the route table`);
  return found;
}

let server: TestServer;
const routes: { method: string; url: string }[] = [];

beforeAll(async () => {
  server = await startTestServer({ SITE_NAME: 'Acme <Jobs>' });
  // Walk what Fastify actually registered, not a hand-kept list that could drift.
  for (const route of server.routes) {
    if (route.url.startsWith('/api/v1/') && route.method !== 'HEAD') routes.push(route);
  }
});
afterAll(async () => {
  await server.close();
});

// SPEC.md §7: every call of the product. The walk must find each of them.
const SPEC_CALLS = [
  'POST /auth/login',
  'GET /auth/verify',
  'POST /auth/logout',
  'GET /locations/typeahead',
  'GET /batches',
  'POST /batches',
  'GET /batches/:id/export',
  'GET /companies/banned',
  'POST /companies/:id/ban',
  'DELETE /companies/:id/ban',
  'GET /queries',
  'POST /queries',
  'PUT /queries/:id',
  'GET /query-runs',
  'GET /query-runs/:id/export',
  'GET /settings',
  'POST /settings',
];

describe('the 401 walk', () => {
  it('finds every call of SPEC.md §7 registered', () => {
    const registered = new Set(routes.map((r) => `${r.method} ${r.url.replace('/api/v1', '')}`));
    for (const call of SPEC_CALLS) expect(registered, call).toContain(call);
  });

  it('answers 401 {error} on every route but login and verify, without a token or with a bad one', async () => {
    const guarded = routes.filter(
      (r) => !PUBLIC_API_ROUTES.has(`${r.method} ${r.url.replace('/api/v1', '')}`),
    );
    expect(guarded.length).toBeGreaterThanOrEqual(SPEC_CALLS.length - PUBLIC_API_ROUTES.size);
    for (const route of guarded) {
      const url = route.url.replace(':id', '1');
      for (const headers of [
        {},
        { authorization: 'Bearer not-a-real-token' },
        { authorization: 'Basic abc' },
      ]) {
        const method = httpMethod(route.method);
        const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
        const res = await server.app.inject({ method, url, headers, payload });
        expect(res.statusCode, `${route.method} ${url}`).toBe(401);
        expect(res.json<{ error: string }>().error, `${route.method} ${url}`).toBeTruthy();
      }
    }
  });
});

describe('malformed input', () => {
  it('answers 400 JSON for malformed JSON', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ error: 'Request body is not valid JSON' });
  });

  it('answers 415 JSON for a wrong content type', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<password/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json<{ error: string }>().error).toMatch(/content type/i);
  });

  it('answers 413 JSON for a body over the limit', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ password: 'x'.repeat(300 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ error: string }>().error).toMatch(/too large/i);
  });

  it('answers 404 JSON, never the HTML app, for unknown /api paths', async () => {
    for (const url of ['/api/v1/nope', '/api/v2/queries', '/api', '/api/v1']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json<{ error: string }>().error, url).toMatch(/not found/i);
    }
  });
});

describe('the web app and hardening', () => {
  it('serves the app with the site name for client-side routes', async () => {
    for (const url of ['/', '/sign-in', '/queries', '/batches?x=1']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body).toContain('content="Acme &#60;Jobs&#62;"');
      expect(res.body).not.toContain('__SITE_NAME__');
    }
  });

  it('serves /instructions.pdf, a real PDF built from its source', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/instructions.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.rawPayload.toString('latin1')).toContain('How to retrieve');
  });

  it('answers 404 for a missing asset instead of the app', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
  });

  it('sends a strict CSP, nosniff and no framing', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/sign-in' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it("lets exactly the page's own inline theme script run, by its hash", async () => {
    const res = await server.app.inject({ method: 'GET', url: '/sign-in' });
    const inline = /<script>([\s\S]*?)<\/script>/.exec(res.body)?.[1];
    expect(inline, 'the theme script runs before first paint').toContain('jobscout-theme');
    const hash = createHash('sha256')
      .update(inline ?? '')
      .digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(
      String(res.headers['content-security-policy']),
    )?.[1];
    expect(scriptSrc?.split(' ')).toEqual(["'self'", `'sha256-${hash}'`]);
  });

  it('answers /healthz without a token and reveals nothing else', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});
