import { STATUS_CODES } from 'node:http';
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_BASE_PATH, errorBodySchema } from '../../contract';
import packageJson from '../../../package.json';
import { PUBLIC_API_ROUTES, READING_METHODS, SESSION_ONLY_API_ROUTES } from '../auth/guard';
import {
  QUERY_PARAMETER_DESCRIPTIONS,
  ROUTE_QUERY_PARAMETER_DESCRIPTIONS,
} from './query-parameters';

/** The security scheme every guarded route of /api/v1 names. */
export const BEARER_SCHEME = 'bearer';
/** The scheme GET /metrics names (`security: [{ [METRICS_SCHEME]: [] }]` in its schema). */
export const METRICS_SCHEME = 'metricsToken';

const DESCRIPTION = `The REST API the jobscout dashboard itself uses: everything it shows and does is here.

**Authentication.** Every call under \`${API_BASE_PATH}\` but sign-in, verify and this document needs
\`Authorization: Bearer <token>\`. The token is a session token from \`POST ${API_BASE_PATH}/auth/login\`
(the dashboard's own) or an API token created in Settings (read-only or read-write).
Without a valid token a call answers 401; an API token used beyond its scope answers 403.

**Errors.** Every 4xx answer is JSON \`{"error": "…"}\` saying what to fix, sometimes with more
fields (named in the call's schema).

**Files.** The exports and the backup stream a file; they answer with the media type shown and a
\`Content-Disposition\` naming the file.`;

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: errorBodySchema } } };
}

const GUARD_RESPONSES = {
  401: errorResponse('No token, or one that is unknown, expired or revoked'),
  403: errorResponse(
    "An API token that may not make this call: a read-only token on a call that changes data, or any API token on a call that needs the dashboard's sign-in",
  ),
} as const;
const INVALID_REQUEST = errorResponse('The request is invalid: `error` says what to fix');
const NOT_JSON = errorResponse('The body is not sent as application/json');

/** A route of /api/v1 as the guard's lists name it (`GET /jobs/:id`); undefined outside it. */
function guardKey(method: string, url: string): string | undefined {
  return url.startsWith(`${API_BASE_PATH}/`)
    ? `${method} ${url.slice(API_BASE_PATH.length)}`
    : undefined;
}

/** The answers a route gives without its handler: the guard's, and the request checks'. */
function answersBeforeTheHandler(
  method: string,
  url: string,
  schema: FastifySchema,
  bodyLimitBytes: number,
) {
  const added: Record<number, ReturnType<typeof errorResponse>> = {};
  if (schema.body !== undefined) {
    const limit = `${Math.round(bodyLimitBytes / 1024)} kB`;
    added[413] = errorResponse(`The body is larger than the server accepts (${limit})`);
    added[415] = NOT_JSON;
  }
  if (schema.body !== undefined || schema.querystring !== undefined || schema.params !== undefined)
    added[400] = INVALID_REQUEST;
  const route = guardKey(method, url);
  if (route !== undefined && !PUBLIC_API_ROUTES.has(route)) {
    added[401] = GUARD_RESPONSES[401];
    if (SESSION_ONLY_API_ROUTES.has(route) || !READING_METHODS.has(method))
      added[403] = GUARD_RESPONSES[403];
  }
  return added;
}

/** The API resource a route belongs to (its first path segment), as the reference groups them. */
export function tagOf(url: string): string {
  const path = url.startsWith(`${API_BASE_PATH}/`) ? url.slice(API_BASE_PATH.length) : url;
  return path.split('/')[1] ?? 'api';
}

/**
 * Each route as the document shows it: its zod schemas turned into JSON Schema 2020-12 by
 * fastify-type-provider-zod, plus what holds for it without being in its schema: the guard's
 * 401/403, the 400/413/415 of the request checks, its group and whether it needs a token.
 */
export const documentRoute =
  (bodyLimitBytes: number): SwaggerTransform =>
  (document) => {
    const { schema, url, route } = document;
    if (schema?.hide) return jsonSchemaTransform(document);
    const method = [route.method].flat()[0] ?? 'GET';
    const own = schema ?? {};
    const response = {
      ...answersBeforeTheHandler(method, url, own, route.bodyLimit ?? bodyLimitBytes),
      ...(typeof own.response === 'object' ? own.response : {}),
    };
    const key = guardKey(method, url);
    const isPublic = key === undefined || PUBLIC_API_ROUTES.has(key);
    const transformed = jsonSchemaTransform({ ...document, schema: { ...own, response } });
    describeQueryParameters(transformed.schema.querystring, url);
    return {
      url: transformed.url,
      schema: {
        ...transformed.schema,
        tags: own.tags ?? [tagOf(url)],
        // Outside /api/v1 and on sign-in a route names its own scheme, or none (public).
        security: own.security ?? (isPublic ? [] : [{ [BEARER_SCHEME]: [] }]),
      },
    };
  };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Gives each property of a route's query-string JSON Schema its text, unless it has one: its
 * routes' own where they give the name a meaning of their own, else the name's.
 */
function describeQueryParameters(querystring: unknown, url: string): void {
  if (!isRecord(querystring) || !isRecord(querystring.properties)) return;
  const own = ROUTE_QUERY_PARAMETER_DESCRIPTIONS.find(([prefix]) => url.startsWith(prefix))?.[1];
  for (const [name, property] of Object.entries(querystring.properties)) {
    const description = own?.[name] ?? QUERY_PARAMETER_DESCRIPTIONS[name];
    if (isRecord(property) && description !== undefined && property.description === undefined)
      property.description = description;
  }
}

/** "Default Response" is @fastify/swagger's placeholder: the status' own name says more. */
function nameResponses(paths: unknown): void {
  if (!isRecord(paths)) return;
  for (const operations of Object.values(paths)) {
    if (!isRecord(operations)) continue;
    for (const operation of Object.values(operations)) {
      if (!isRecord(operation) || !isRecord(operation.responses)) continue;
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (isRecord(answer) && answer.description === 'Default Response')
          answer.description = STATUS_CODES[status] ?? status;
      }
    }
  }
}

/**
 * Registers @fastify/swagger, which records every route from here on and renders the document on
 * first use. Must be registered before the routes it documents.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { bodyLimitBytes: number },
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'jobscout API', version: packageJson.version, description: DESCRIPTION },
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A session token from POST /api/v1/auth/login, or an API token created in Settings',
          },
          [METRICS_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: 'The METRICS_TOKEN the server was started with (GET /metrics only)',
          },
        },
      },
    },
    transform: documentRoute(options.bodyLimitBytes),
    transformObject: (document) => {
      const openapi = 'openapiObject' in document ? document.openapiObject : document.swaggerObject;
      nameResponses(openapi.paths);
      return openapi;
    },
  });
}
