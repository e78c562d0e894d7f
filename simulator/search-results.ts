import type { Catalogue, SimJob } from './catalogue';
import { foldForMatch } from './places';
import { createPrng, hashSeed } from './prng';

/** Offsets at and above this answer HTTP 400 on the guest search, as on the site. */
export const GUEST_OFFSET_LIMIT = 1000;
export const GUEST_PAGE_SIZE = 10;
export const AI_PAGE_SIZE = 25;

export interface SearchResults {
  /** How many jobs the search matched (may exceed what the guest search can show). */
  total: number;
  /** The jobs the site will actually serve, in order. */
  visible: readonly SimJob[];
}

export interface SearchEngineOptions {
  /** When set, every search matches exactly this many jobs (capped by the catalogue). */
  jobsPerQuery?: number;
}

export interface SearchEngine {
  guest(keywords: string, geoKey: string): SearchResults;
  ai(keywords: string): SearchResults;
  /** How many cards the guest page at `start` holds: usually 10, sometimes 7–9. */
  guestPageSize(keywords: string, geoKey: string, start: number): number;
}

function words(text: string): string[] {
  return foldForMatch(text)
    .split(/[^\p{L}\p{N}+#]+/u)
    .filter((w) => w.length >= 2);
}

export function createSearchEngine(
  catalogue: Catalogue,
  options: SearchEngineOptions = {},
): SearchEngine {
  const cache = new Map<string, SearchResults>();
  const foldedTitles = catalogue.jobs.map((j) => foldForMatch(j.title));

  const select = (key: string, total: number, keywords: string, cap: number): SearchResults => {
    const cached = cache.get(key);
    if (cached) return cached;
    const n = Math.min(total, catalogue.jobs.length);
    const prng = createPrng(hashSeed(catalogue.seed, 'order', key));
    const order = catalogue.jobs.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = prng.int(i + 1);
      const a = order[i] ?? 0;
      order[i] = order[j] ?? 0;
      order[j] = a;
    }
    // Jobs whose title shares a word with the keywords come first, so results look relevant.
    const wanted = words(keywords);
    const matching = catalogue.jobs.map((_, i) =>
      wanted.some((w) => (foldedTitles[i] ?? '').includes(w)),
    );
    const ranked = [
      ...order.filter((i) => matching[i]),
      ...order.filter((i) => !matching[i]),
    ].slice(0, n);
    const jobs = ranked.map((i) => catalogue.jobs[i]).filter((j): j is SimJob => j !== undefined);
    const results = { total: n, visible: jobs.slice(0, cap) };
    if (cache.size > 500) cache.clear();
    cache.set(key, results);
    return results;
  };

  const guestTotal = (key: string): number => {
    if (options.jobsPerQuery !== undefined) return options.jobsPerQuery;
    const h = hashSeed(catalogue.seed, 'total', key);
    const bucket = h % 10;
    const r = Math.floor(h / 10);
    if (bucket === 0) return r % 10;
    if (bucket <= 2) return 10 + (r % 50);
    if (bucket <= 5) return 60 + (r % 340);
    if (bucket <= 7) return 400 + (r % 600);
    return 1000 + (r % 1600);
  };

  const aiTotal = (key: string): number => {
    if (options.jobsPerQuery !== undefined) return options.jobsPerQuery;
    const h = hashSeed(catalogue.seed, 'ai-total', key);
    const bucket = h % 4;
    const r = Math.floor(h / 4);
    if (bucket === 0) return r % 20;
    if (bucket === 1) return 20 + (r % 80);
    return 100 + (r % 200);
  };

  const guestKey = (keywords: string, geoKey: string): string =>
    `guest|${foldForMatch(keywords)}|${geoKey}`;

  return {
    guest(keywords, geoKey) {
      const key = guestKey(keywords, geoKey);
      return select(key, guestTotal(key), keywords, GUEST_OFFSET_LIMIT);
    },
    ai(keywords) {
      const key = `ai|${foldForMatch(keywords)}`;
      return select(key, aiTotal(key), keywords, Number.MAX_SAFE_INTEGER);
    },
    guestPageSize(keywords, geoKey, start) {
      const h = hashSeed(catalogue.seed, 'page', guestKey(keywords, geoKey), start);
      // Roughly one page in five comes back short, as when the site filters a card out.
      return h % 5 === 0 ? 7 + (h % 3) : GUEST_PAGE_SIZE;
    },
  };
}
