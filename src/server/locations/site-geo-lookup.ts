import type { AppContext } from '../context';
import type { GeoLookup } from './location-typeahead';

/** The one place the typeahead meets the site client (its GEO typeahead, on its own small budget). */
export function siteGeoLookup(ctx: AppContext): GeoLookup {
  return async (query, signal) => {
    const hits = await ctx.site.searchPlaces(query, { signal });
    return hits.map((hit) => ({ id: hit.id, displayName: hit.displayName }));
  };
}
