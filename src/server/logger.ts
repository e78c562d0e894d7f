import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { API_TOKEN_PREFIX } from '../contract';
import type { Config } from './config';

// An API token pasted into an address by mistake (`?token=jst_…`) must not reach the log either.
const API_TOKEN_IN_TEXT = new RegExp(`${API_TOKEN_PREFIX}[A-Za-z0-9_-]+`, 'g');

/** The text with every API token in it replaced by `jst_[redacted]`. */
export function withoutApiTokens(text: string): string {
  return text.replace(API_TOKEN_IN_TEXT, `${API_TOKEN_PREFIX}[redacted]`);
}

/**
 * Pino settings for the server. Request logs carry method, path and status only; any field that
 * could hold a secret is redacted in case one is ever passed to the logger by mistake.
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'password',
        'token',
        'cookies',
        '*.password',
        '*.token',
        '*.cookies',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string }) => ({
        method: req.method,
        url: withoutApiTokens(req.url),
      }),
    },
  };
}

/**
 * One access line per request: Fastify logs "incoming request" and "request completed" at info;
 * the first moves to debug, so a request costs one line (and half the logging time) by default.
 */
export class AccessLogController extends LogController {
  override incomingRequest(request: FastifyRequest, _reply: FastifyReply): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    // The one line carries what the dropped one had: method and path (never headers or body).
    reply.log.info(
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}
