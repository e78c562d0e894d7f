import type { AppContext } from '../context';
import type { GeoLookup } from './location-typeahead';

/**
 * The one place the typeahead meets the site client. Until `ctx.site` exists every lookup
 * fails, which the route answers with a 502 like any other site failure.
 */
export function siteGeoLookup(ctx: AppContext): GeoLookup {
  return () => Promise.reject(new Error(`the ${ctx.config.siteName} client is not connected yet`));
}
