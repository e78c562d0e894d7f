import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

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
      req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }),
    },
  };
}
