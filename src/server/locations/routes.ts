import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  locationSuggestionWireListSchema,
  typeaheadQuerySchema,
} from '../../contract';
import type { AppContext } from '../context';
import { HttpError } from '../plugins/errors';
import { siteGeoLookup } from './site-geo-lookup';
import { createLocationTypeahead, LocationLookupError, type GeoLookup } from './location-typeahead';

export interface LocationRoutesOptions {
  ctx: AppContext;
  /** Tests may shorten the 5 s limit or hand in another lookup; the app uses the site client. */
  lookup?: GeoLookup;
  timeoutMs?: number;
}

export const locationRoutes: FastifyPluginAsync<LocationRoutesOptions> = async (
  fastify,
  options,
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = options;
  const typeahead = createLocationTypeahead({
    db: ctx.db,
    now: ctx.now,
    lookup: options.lookup ?? siteGeoLookup(ctx),
    siteName: ctx.config.siteName,
    timeoutMs: options.timeoutMs,
  });

  app.get(
    '/locations/typeahead',
    {
      schema: {
        summary: "Places matching what was typed, from the site's typeahead",
        querystring: typeaheadQuerySchema,
        response: {
          200: locationSuggestionWireListSchema,
          400: errorBodySchema,
          502: errorBodySchema,
        },
      },
    },
    async (request) => {
      try {
        return await typeahead.search(request.query.query);
      } catch (err) {
        if (err instanceof LocationLookupError) {
          request.log.warn({ reason: err.message }, 'location lookup failed');
          throw new HttpError(502, err.message);
        }
        throw err;
      }
    },
  );
};
