import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * A strict policy: scripts only from our own origin, never inline, except the inline scripts of
 * our own index.html, each allowed by its SHA-256 hash (see helmetOptionsWithScriptHashes). Inline styles
 * stay allowed because Radix's scroll lock injects a <style> element while a dialog is open.
 */
export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
};

/**
 * Helmet's headers, computed once. Helmet renders its policy again for every response (its
 * directives may hold per-request nonces); ours hold none, so the headers never vary, and
 * rendering them per request cost the busiest API call a measurable share of its throughput.
 */
export function helmetHeaders(
  options: Readonly<HelmetOptions> = HELMET_OPTIONS,
): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  let failure: unknown = null;
  helmet(options)(request, response, (err?: unknown) => {
    failure = err ?? null;
  });
  if (failure !== null)
    throw new Error('the security headers could not be computed', { cause: failure });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) {
    if (value !== undefined)
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/**
 * The policy with `script-src` also allowing the given inline-script hashes ("sha256-..."): the
 * theme script in index.html must run before first paint, so it cannot be a separate file.
 */
export function helmetOptionsWithScriptHashes(
  hashes: readonly string[],
  options: Readonly<HelmetOptions> = HELMET_OPTIONS,
): Readonly<HelmetOptions> {
  const csp = options.contentSecurityPolicy;
  if (hashes.length === 0 || typeof csp !== 'object') return options;
  const directives = csp.directives ?? {};
  const scriptSrc = directives.scriptSrc;
  const base = Array.isArray(scriptSrc) ? scriptSrc : ["'self'"];
  return {
    ...options,
    contentSecurityPolicy: {
      ...csp,
      directives: { ...directives, scriptSrc: [...base, ...hashes.map((h) => `'${h}'`)] },
    },
  };
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  inlineScriptHashes: readonly string[] = [],
): void {
  const headers = helmetHeaders(helmetOptionsWithScriptHashes(inlineScriptHashes));
  app.addHook('onRequest', async (_request, reply) => {
    void reply.headers(headers);
  });
}
