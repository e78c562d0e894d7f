import type { LocationSuggestion } from '../../contract';
import type { Db } from '../../db/database';
import {
  locationIdOf,
  normaliseTypeaheadQuery,
  readCachedTypeahead,
  saveLocations,
  writeCachedTypeahead,
} from '../../db/locations';

/** The site's GEO typeahead: one call, cancelled through `signal`. */
export type GeoLookup = (query: string, signal: AbortSignal) => Promise<LocationSuggestion[]>;

/** The site did not answer in time, or answered with an error: the route turns it into a 502. */
export class LocationLookupError extends Error {
  override name = 'LocationLookupError';
}

/** SPEC's operator is typing: an answer later than this is useless to them. */
export const TYPEAHEAD_TIMEOUT_MS = 5_000;

export interface LocationTypeaheadOptions {
  db: Db;
  now: () => number;
  lookup: GeoLookup;
  siteName: string;
  timeoutMs?: number;
}

export interface LocationTypeahead {
  search(query: string): Promise<LocationSuggestion[]>;
}

export function createLocationTypeahead(options: LocationTypeaheadOptions): LocationTypeahead {
  const timeoutMs = options.timeoutMs ?? TYPEAHEAD_TIMEOUT_MS;
  // Two operators' tabs (or a double request) asking the same thing share one site call.
  const inFlight = new Map<string, Promise<LocationSuggestion[]>>();

  const fetchFromSite = async (key: string): Promise<LocationSuggestion[]> => {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(
          new LocationLookupError(
            `${options.siteName} did not answer the location lookup within ${timeoutMs / 1000} seconds`,
          ),
        );
      }, timeoutMs);
    });
    let hits: LocationSuggestion[];
    try {
      // The race answers on time even if a lookup ignores its abort signal.
      hits = await Promise.race([options.lookup(key, controller.signal), timedOut]);
    } catch (err) {
      if (err instanceof LocationLookupError) throw err;
      const reason = err instanceof Error ? err.message : String(err);
      throw new LocationLookupError(`Location lookup on ${options.siteName} failed: ${reason}`);
    } finally {
      clearTimeout(timer);
    }
    // Only ids a query can store are offered, so every suggestion can be saved.
    const usable = hits.filter(
      (h) => locationIdOf(h.id) !== undefined && h.displayName.trim() !== '',
    );
    const now = options.now();
    await saveLocations(options.db, usable, now);
    await writeCachedTypeahead(options.db, key, usable, now);
    return usable;
  };

  return {
    async search(query) {
      const key = normaliseTypeaheadQuery(query);
      if (key === '') return [];
      const cached = await readCachedTypeahead(options.db, key, options.now());
      if (cached) return cached;
      const pending = inFlight.get(key);
      if (pending) return pending;
      const call = fetchFromSite(key).finally(() => inFlight.delete(key));
      inFlight.set(key, call);
      return call;
    },
  };
}
