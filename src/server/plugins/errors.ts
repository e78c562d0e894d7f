import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error a route throws on purpose: its status and message go to the client as `{error}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const FRIENDLY: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty but its content type says JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body length does not match its Content-Length',
};

function fieldOf(instancePath: string | undefined): string {
  return (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
}

/**
 * Fastify's answers to an address its router cannot take (a bad percent-escape, a path segment
 * over the router's length limit), in place of its own, which quote the whole path: a secret
 * in it (a calendar feed's token, issue 33) must not come back in an error text.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send({ error: 'The address is too long' });
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send({ error: 'The address is not a valid URL' });
    return;
  }
  void reply.code(error.statusCode ?? 400).send({ error: 'The request could not be routed' });
}

/**
 * One error handler: the client's mistakes become 4xx `{error}` with a message it can act on;
 * anything else is logged in full and answered with a bare 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ error: error.message, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = fieldOf(first?.instancePath);
      let message = first?.message ?? 'Invalid request';
      // Zod's own messages ("Invalid input") do not say where; prefix the field when they don't.
      if (field && !message.includes(field)) message = `${field}: ${message}`;
      if (!field && error.validationContext === 'body' && !message.toLowerCase().includes('body')) {
        message = `Request body: ${message}`;
      }
      return reply.code(400).send({ error: message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: FRIENDLY[error.code] ?? error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Internal server error' });
  });
}
