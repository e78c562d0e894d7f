import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { errorBodySchema, mediaResponse } from '../../contract';
import { HttpError } from '../plugins/errors';
import type { Metrics } from './metrics';

/** prom-client's Registry.PROMETHEUS_CONTENT_TYPE, named here so this module loads without it. */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
/** The security scheme of GET /metrics in the API reference (src/server/api-reference). */
const METRICS_SECURITY = [{ metricsToken: [] }];

export interface MetricsRouteOptions {
  /** Present when METRICS_TOKEN is set; absent, GET /metrics answers 404 like an unknown path. */
  metrics: { figures: Metrics; token: string } | undefined;
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Whether the Authorization header carries the token. Both sides are hashed first so the
 * comparison takes the same time whatever was sent (timingSafeEqual wants equal lengths, and
 * comparing the lengths would tell one).
 */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

/**
 * `GET /metrics` (issue 18): Prometheus' text format, for a monitor, outside /api/v1 like
 * /healthz. Off (404) unless METRICS_TOKEN is set; then only with that bearer token (401).
 */
export const metricsRoutes: FastifyPluginAsync<MetricsRouteOptions> = async (app, { metrics }) => {
  app.get(
    '/metrics',
    {
      schema: {
        summary: 'Figures for Prometheus (needs METRICS_TOKEN; off without it)',
        tags: ['health'],
        security: METRICS_SECURITY,
        response: {
          200: mediaResponse("The server's figures in Prometheus' text format", [
            PROMETHEUS_CONTENT_TYPE,
          ]),
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (!metrics) throw new HttpError(404, 'Not found: GET /metrics');
      if (!bearerMatches(request.headers.authorization, metrics.token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new HttpError(401, 'Metrics need the METRICS_TOKEN as a bearer token');
      }
      const text = await metrics.figures.registry.metrics();
      return reply
        .header('content-type', metrics.figures.registry.contentType)
        .header('cache-control', 'no-store')
        .send(text);
    },
  );
};
