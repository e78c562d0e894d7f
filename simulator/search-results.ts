import type { Catalogue, SimJob } from './catalogue';
import type { SiteClock } from './clock';
import { foldForMatch, placeById } from './places';
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
  /** Every job the search matched, in order: the simulator's truth for recall checks. */
  all: readonly SimJob[];
}

/** The guest search's filters as the site reads them from the URL (issue 10). */
export interface GuestFilters {
  /** `f_TPR=r<seconds>`: posted within that many seconds of the site's now. */
  postedWithinSeconds?: number;
  /** `f_WT`: 1 on-site, 2 remote, 3 hybrid. */
  workplace?: ReadonlySet<string>;
  /** `f_E`: 1 internship … 6 executive. */
  experience?: ReadonlySet<string>;
  /** `f_JT`: F, P, C, T, I, V, O. */
  jobType?: ReadonlySet<string>;
  /** `f_AL=true`. */
  easyApply?: boolean;
  /** `distance` in miles from a city (ignored for regions and countries, as on the site). */
  distance?: number;
}

const WORKPLACE_CODE = { 'on-site': '1', remote: '2', hybrid: '3' } as const;
const EXPERIENCE_CODE: Record<string, string> = {
  Internship: '1',
  'Entry level': '2',
  Associate: '3',
  'Mid-Senior level': '4',
  Director: '5',
  Executive: '6',
};
const JOB_TYPE_CODE: Record<string, string> = {
  'Full-time': 'F',
  'Part-time': 'P',
  Contract: 'C',
  Temporary: 'T',
  Internship: 'I',
  Volunteer: 'V',
  Other: 'O',
};

const codes = (value: string | null): ReadonlySet<string> | undefined => {
  if (value === null) return undefined;
  const set = new Set(
    value
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== ''),
  );
  return set.size > 0 ? set : undefined;
};

/** The filters of a guest search URL; values the site would not know are dropped, as it does. */
export function guestFiltersFromUrl(params: URLSearchParams): GuestFilters {
  const filters: GuestFilters = {};
  const tpr = /^r(\d+)$/.exec(params.get('f_TPR') ?? '');
  if (tpr) filters.postedWithinSeconds = Number(tpr[1]);
  filters.workplace = codes(params.get('f_WT'));
  filters.experience = codes(params.get('f_E'));
  filters.jobType = codes(params.get('f_JT'));
  if (params.get('f_AL') === 'true') filters.easyApply = true;
  const distance = params.get('distance');
  if (distance !== null && /^\d+$/.test(distance)) filters.distance = Number(distance);
  return filters;
}

export interface SearchEngineOptions {
  /** When set, every search matches exactly this many jobs (capped by the catalogue). */
  jobsPerQuery?: number;
}

export interface SearchEngine {
  guest(keywords: string, geoKey: string, filters?: GuestFilters): SearchResults;
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
  clock?: SiteClock,
): SearchEngine {
  // The search ranks the starting catalogue; the clock's postings join the matches below.
  const base = catalogue.jobs.slice(0, catalogue.baseCount);
  const cache = new Map<string, readonly SimJob[]>();
  const foldedTitles = base.map((j) => foldForMatch(j.title));

  const rank = (key: string, total: number, keywords: string): readonly SimJob[] => {
    const cached = cache.get(key);
    if (cached) return cached;
    const n = Math.min(total, base.length);
    const prng = createPrng(hashSeed(catalogue.seed, 'order', key));
    const order = base.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = prng.int(i + 1);
      const a = order[i] ?? 0;
      order[i] = order[j] ?? 0;
      order[j] = a;
    }
    // Jobs whose title shares a word with the keywords come first, so results look relevant.
    const wanted = words(keywords);
    const matching = base.map((_, i) => wanted.some((w) => (foldedTitles[i] ?? '').includes(w)));
    const ranked = [
      ...order.filter((i) => matching[i]),
      ...order.filter((i) => !matching[i]),
    ].slice(0, n);
    const jobs = ranked.map((i) => base[i]).filter((j): j is SimJob => j !== undefined);
    if (cache.size > 500) cache.clear();
    cache.set(key, jobs);
    return jobs;
  };

  /**
   * The clock's postings a search matches, newest first: each with the same chance as the
   * search's share of the starting catalogue, so every search grows at the catalogue's rate.
   */
  const postingsFor = (key: string, total: number, ranked: readonly SimJob[]): SimJob[] => {
    const now = clock?.now() ?? Number.POSITIVE_INFINITY;
    const share = Math.min(1, total / Math.max(1, base.length));
    const found: SimJob[] = [];
    // Issue 17: a repost or look-alike is found by the searches that found the job it copies.
    const inRanked = new Set(ranked.map((j) => j.id));
    const matched = new Map<string, boolean>();
    const matches = (job: SimJob): boolean => {
      if (job.index < catalogue.baseCount) return inRanked.has(job.id);
      const known = matched.get(job.id);
      if (known !== undefined) return known;
      const yes = job.echoOf
        ? matches(job.echoOf)
        : hashSeed(catalogue.seed, 'matches', key, job.id) / 4294967296 < share;
      matched.set(job.id, yes);
      return yes;
    };
    for (let i = catalogue.baseCount; i < catalogue.jobs.length; i += 1) {
      const job = catalogue.jobs[i];
      if (job) matches(job);
    }
    for (let i = catalogue.jobs.length - 1; i >= catalogue.baseCount; i -= 1) {
      const job = catalogue.jobs[i];
      if (!job || job.postedAt > now) continue;
      if (matched.get(job.id) === true) found.push(job);
    }
    return found;
  };

  const withinDistance = (job: SimJob, geoKey: string, miles: number): boolean => {
    // Each job lies a stable distance from the searched city: 0–149 miles.
    if (placeById(geoKey)?.kind !== 'city') return true;
    return hashSeed(catalogue.seed, 'distance', geoKey, job.id) % 150 <= miles;
  };

  const keep = (filters: GuestFilters | undefined, geoKey: string) => {
    if (!filters) return () => true;
    const now = clock?.now() ?? Number.POSITIVE_INFINITY;
    const since =
      filters.postedWithinSeconds === undefined
        ? Number.NEGATIVE_INFINITY
        : now - filters.postedWithinSeconds * 1000;
    return (job: SimJob): boolean =>
      job.postedAt >= since &&
      (!filters.workplace || filters.workplace.has(WORKPLACE_CODE[job.workplace])) &&
      (!filters.experience || filters.experience.has(EXPERIENCE_CODE[job.seniority] ?? '')) &&
      (!filters.jobType || filters.jobType.has(JOB_TYPE_CODE[job.employmentType] ?? '')) &&
      (!filters.easyApply || job.easyApply) &&
      (filters.distance === undefined || withinDistance(job, geoKey, filters.distance));
  };

  // Issue 41: a closed posting is no longer listed; its page still answers, saying it closed.
  const open = (jobs: readonly SimJob[]): readonly SimJob[] =>
    jobs.some((job) => job.closed === true) ? jobs.filter((job) => job.closed !== true) : jobs;

  const results = (all: readonly SimJob[], cap: number): SearchResults => ({
    total: all.length,
    visible: all.length > cap ? all.slice(0, cap) : all,
    all,
  });

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
    guest(keywords, geoKey, filters) {
      const key = guestKey(keywords, geoKey);
      const total = guestTotal(key);
      const ranked = rank(key, total, keywords);
      const postings = postingsFor(key, total, ranked);
      const featured = catalogue.featuredFor(keywords);
      const all = open(
        postings.length > 0 || featured.length > 0 ? [...featured, ...postings, ...ranked] : ranked,
      );
      return results(filters ? all.filter(keep(filters, geoKey)) : all, GUEST_OFFSET_LIMIT);
    },
    ai(keywords) {
      const key = `ai|${foldForMatch(keywords)}`;
      const ranked = rank(key, aiTotal(key), keywords);
      const featured = catalogue.featuredFor(keywords);
      const all = open(featured.length > 0 ? [...featured, ...ranked] : ranked);
      return results(all, Number.MAX_SAFE_INTEGER);
    },
    guestPageSize(keywords, geoKey, start) {
      const h = hashSeed(catalogue.seed, 'page', guestKey(keywords, geoKey), start);
      // Roughly one page in five comes back short, as when the site filters a card out.
      return h % 5 === 0 ? 7 + (h % 3) : GUEST_PAGE_SIZE;
    },
  };
}
