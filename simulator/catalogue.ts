import {
  COMPANY_HEADS,
  COMPANY_TAILS,
  EMPLOYMENT_TYPES,
  FORMULA_LIKE_TITLES,
  GERMAN_ROLES,
  INDUSTRIES,
  JAPANESE_COMPANIES,
  JAPANESE_ROLES,
  JOB_FUNCTIONS,
  LEGAL_SUFFIXES,
  LEVELS,
  ROLES,
  SENIORITY,
} from './catalogue-words';
import type { FitPosting } from './fit-postings';
import { foldForMatch, PLACES, type Place } from './places';
import { createPrng, hashSeed, type Prng } from './prng';

export interface SimCompany {
  id: string;
  name: string;
  /** The `/company/<slug>` part of links, and the voyager `universalName`. */
  slug: string;
}

export interface SimJob {
  id: string;
  index: number;
  title: string;
  company: SimCompany;
  /** False for cards whose company name is plain text (no `/company/` link). */
  companyLinked: boolean;
  /** False for cards without `data-entity-urn` (the id is then only in the link). */
  hasUrn: boolean;
  place: Place;
  salary: string | null;
  postedDate: string;
  postedText: string;
  /** Posted within a day: the card's list date gets the `--new` class. */
  isNew: boolean;
  seniority: string;
  employmentType: string;
  jobFunction: string;
  industries: string;
  applicantsText: string;
  easyApply: boolean;
  /** When it was posted, epoch ms on the site's clock (issue 10: `f_TPR` cuts on it). */
  postedAt: number;
  /** Derived from the seed and the id, so adding it moved no other figure of the catalogue. */
  workplace: SimWorkplace;
  /** Description longer than 40,000 characters. */
  longDescription: boolean;
  /** Seed of the lazily generated description, so start-up stays fast. */
  seed: number;
  /** The title before a repost's decoration ("Data Engineer" of "Data Engineer (m/w/d)"). */
  baseTitle?: string;
  /** Issue 17: the posting this one reposts (truth for repost detection). */
  repostOf?: string;
  /** Issue 17: the posting this one looks like without being its repost, and how it differs. */
  lookalikeOf?: { id: string; kind: LookalikeKind };
  /** A repost or look-alike joins the searches of the posting it copies. */
  echoOf?: SimJob;
  /** Issue 41: when it closes on the site's clock (job-facts.ts); never for most postings. */
  closesAt?: number;
  /** Issue 41: closed now (the clock passed closesAt): its page says so and searches drop it. */
  closed?: boolean;
  /** Issue 40: what a fit posting is made of (its description is worded from it). */
  fit?: FitPosting;
}

/** A look-alike that is no repost: another description, or the same role in another place. */
export type LookalikeKind = 'other-description' | 'other-place';

export type SimWorkplace = 'on-site' | 'remote' | 'hybrid';

export interface Catalogue {
  seed: number;
  companies: readonly SimCompany[];
  /** The starting catalogue, then every posting the clock has made since, in posting order. */
  jobs: readonly SimJob[];
  /** How many jobs the catalogue started with (the growth is a share of this). */
  baseCount: number;
  /** Adds a new posting (the clock's growth). */
  add(job: SimJob): void;
  /** Issue 17: the share of the clock's postings that repost an older job, and that look like one. */
  repostShare: number;
  lookalikeShare: number;
  /** The share of postings that show a salary where the site gives one (see salaryFor). */
  salaryShare: number;
  /** Issue 41: the share of postings that close at a known time as the clock moves (job-facts.ts). */
  closeShare: number;
  /** Where the site's clock started (closing times count from it). */
  startAt: number;
  /** The featured postings a search for `keywords` lists first (see `feature`). */
  featuredFor(keywords: string): SimJob[];
  /** Every featured posting, whatever its keywords (the clock closes them too). */
  featuredJobs(): SimJob[];
  /** Puts `posting` on the site, ahead of every search's results, and returns it. */
  feature(posting: FeaturedPosting, now: number): SimJob;
  /**
   * Issue 40: puts a job on the site that only the searches for `keywords` list, first, as
   * featured postings are (the fit postings: `startSimulator({ fitJobs })`).
   */
  list(job: SimJob, keywords: readonly string[]): void;
  jobById(id: string): SimJob | undefined;
  companyById(id: string): SimCompany | undefined;
}

/**
 * A posting a test or the screenshots put on the site so that every search shows it: the worst
 * real data (the longest titles, non-Latin company names, formula-like titles, every badge).
 */
export interface FeaturedPosting {
  title: string;
  /** Postings naming the same company are one company's (the same link and id). */
  companyName: string;
  /** A PLACES display name; the first city when left out. */
  place?: string;
  /** How long ago it was posted; under 24 it is "new" on the site. */
  hoursAgo: number;
  easyApply: boolean;
  salary?: string | null;
  applicantsText?: string;
  workplace?: SimWorkplace;
  /** Only searches for these keywords list it (any case and accents); every search when left out. */
  keywords?: string;
  /** Issue 41: it closes this many hours after being featured (the site's clock); open when left out. */
  closesAfterHours?: number;
}

export interface CatalogueOptions {
  seed: number;
  companyCount?: number;
  jobCount?: number;
  /** Share of the clock's postings that repost an older job (default 0.08). */
  repostShare?: number;
  /** Share of the clock's postings that look like an older job without reposting it (default 0.04). */
  lookalikeShare?: number;
  /** The site's "now" the starting catalogue is dated from (default CATALOGUE_NOW). */
  startAt?: number;
  /**
   * The share of postings with a salary where the site gives one (default 0.35; elsewhere half
   * of it): the demo raises it so the salary's fill stands clear of decision 054's 20 % floor.
   */
  salaryShare?: number;
  /** Issue 41: the share of postings that close at a known time as the clock moves (default 0). */
  closeShare?: number;
}

const SALARY_SHARE = 0.35;

/** What reposts add to or change in a title; most keep it as it was. */
const REPOST_TITLE_VARIANTS = [
  '',
  '',
  '',
  '',
  '',
  ' (m/w/d)',
  ' (w/m/d)',
  ' (m/f/d)',
  ' (f/m/x)',
  ' (Remote)',
  ' - Remote',
  ' – Contract',
  ' (Hybrid)',
] as const;
/** A repost comes back at least this many days after the posting it copies. */
const REPOST_MIN_AGE_DAYS = 7;

/** The site's "now": fixed, so posted dates do not depend on the wall clock. */
export const CATALOGUE_NOW = Date.UTC(2026, 9, 1, 12, 0, 0);
export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function buildCompanies(prng: Prng, count: number): SimCompany[] {
  const companies: SimCompany[] = [];
  const ids = new Set<string>();
  const names = new Set<string>();
  const slugs = new Set<string>();
  const newId = (): string => {
    for (;;) {
      const id = String(prng.between(10_000, 99_999_999));
      if (!ids.has(id)) {
        ids.add(id);
        return id;
      }
    }
  };
  const uniqueSlug = (base: string): string => {
    let slug = base;
    for (let n = 2; slugs.has(slug); n += 1) slug = `${base}-${n}`;
    slugs.add(slug);
    return slug;
  };
  for (const [name, slug] of JAPANESE_COMPANIES) {
    names.add(name);
    companies.push({ id: newId(), name, slug: uniqueSlug(slug) });
  }
  let guard = 0;
  while (companies.length < count && guard < count * 50) {
    guard += 1;
    const head = prng.pick(COMPANY_HEADS);
    const tail = prng.pick(COMPANY_TAILS);
    const suffix = prng.pick(LEGAL_SUFFIXES);
    const base = `${head} ${tail}`;
    const name =
      suffix === ''
        ? base
        : suffix === 'Inc.' && prng.chance(0.4)
          ? `${base}, Inc.`
          : `${base} ${suffix}`;
    if (names.has(name)) continue;
    names.add(name);
    companies.push({ id: newId(), name, slug: uniqueSlug(slugify(base)) });
  }
  // Distinct companies that share a display name (different ids and slugs), as on the site.
  const sharers = Math.max(2, Math.floor(count / 40));
  for (let i = 0; i < sharers; i += 1) {
    const original = companies[3 + i * 7];
    if (!original) break;
    companies.push({ id: newId(), name: original.name, slug: uniqueSlug(original.slug) });
  }
  return companies;
}

function postedText(daysAgo: number, hoursAgo: number): string {
  if (daysAgo === 0) return hoursAgo <= 1 ? '1 hour ago' : `${hoursAgo} hours ago`;
  if (daysAgo < 7) return daysAgo === 1 ? '1 day ago' : `${daysAgo} days ago`;
  if (daysAgo < 30) {
    const weeks = Math.floor(daysAgo / 7);
    return weeks === 1 ? '1 week ago' : `${weeks} weeks ago`;
  }
  const months = Math.floor(daysAgo / 30);
  return months === 1 ? '1 month ago' : `${months} months ago`;
}

/** About 55% on-site, 25% remote, 20% hybrid; a hash of the id, not a draw of the shared PRNG. */
export function workplaceFor(seed: number, jobId: string): SimWorkplace {
  const h = hashSeed(seed, 'workplace', jobId) % 20;
  return h < 11 ? 'on-site' : h < 16 ? 'remote' : 'hybrid';
}

/** The card's date and age text as the site shows them at `now`. */
export function refreshPosted(job: SimJob, now: number): void {
  const elapsed = Math.max(0, now - job.postedAt);
  const days = Math.floor(elapsed / DAY_MS);
  const hours = Math.max(1, Math.floor((elapsed % DAY_MS) / HOUR_MS));
  // The site dates a card by its age in days, counted back from today.
  job.postedDate = new Date(now - days * DAY_MS).toISOString().slice(0, 10);
  job.postedText = postedText(days, hours);
  job.isNew = days === 0;
}

function salaryFor(prng: Prng, country: string, share: number): string | null {
  if (!prng.chance(share)) return null;
  const low = prng.between(40, 180);
  const high = low + prng.between(10, 60);
  switch (country) {
    case 'United States':
      return `$${low},000.00/yr - $${high},000.00/yr`;
    case 'Germany':
    case 'France':
    case 'Netherlands':
    case 'Spain':
      return `€${low},000.00/yr - €${high},000.00/yr`;
    case 'United Kingdom':
      return `£${low},000.00/yr - £${high},000.00/yr`;
    case 'Japan':
      return `¥${low / 10}M/yr - ¥${high / 10}M/yr`;
    default:
      return prng.chance(0.5)
        ? `$${prng.between(30, 90)}.00/hr - $${prng.between(91, 150)}.00/hr`
        : null;
  }
}

function applicantsText(prng: Prng): string {
  const n = prng.between(0, 260);
  if (n < 25) return 'Be among the first 25 applicants';
  if (n > 200) return 'Over 200 applicants';
  return `${n} applicants`;
}

function titleFor(prng: Prng, index: number, place: Place): string {
  if (index % 211 === 17)
    return FORMULA_LIKE_TITLES[Math.floor(index / 211) % FORMULA_LIKE_TITLES.length] ?? '=Analyst';
  if (place.country === 'Germany' && prng.chance(0.4)) return prng.pick(GERMAN_ROLES);
  if (place.country === 'Japan' && prng.chance(0.6)) return prng.pick(JAPANESE_ROLES);
  return `${prng.pick(LEVELS)}${prng.pick(ROLES)}`.replace(/^(\w+) (Senior|Staff|Head) /, '$2 ');
}

const cityPlaces = PLACES.filter((p) => p.kind === 'city');
const widePlaces = PLACES.filter((p) => p.kind !== 'city');

/** When a job was posted: drawn for the starting catalogue, fixed for the clock's postings. */
type PostedAt = (prng: Prng) => number;

function makeJob(
  prng: Prng,
  seed: number,
  companies: readonly SimCompany[],
  id: string,
  index: number,
  postedAtOf: PostedAt,
  now: number,
  salaryShare = SALARY_SHARE,
): SimJob {
  // Skewed so a few companies post many jobs and most post a handful.
  const company = companies[Math.floor(companies.length * prng.next() ** 2)] ?? companies[0];
  if (!company) throw new Error('catalogue needs at least one company');
  const place = prng.chance(0.85) ? prng.pick(cityPlaces) : prng.pick(widePlaces);
  // Drawn here, between the place and the title, as it always was: same seed, same catalogue.
  const postedAt = postedAtOf(prng);
  const job: SimJob = {
    id,
    index,
    title: titleFor(prng, index, place),
    company,
    companyLinked: !prng.chance(0.07),
    hasUrn: !prng.chance(0.05),
    place,
    salary: salaryFor(prng, place.country, salaryShare),
    postedDate: '',
    postedText: '',
    isNew: false,
    seniority: prng.pick(SENIORITY),
    employmentType: prng.pick(EMPLOYMENT_TYPES),
    jobFunction: prng.pick(JOB_FUNCTIONS),
    industries: prng.pick(INDUSTRIES),
    applicantsText: applicantsText(prng),
    easyApply: prng.chance(0.4),
    postedAt,
    workplace: workplaceFor(seed, id),
    longDescription: index % 997 === 3,
    seed: prng.int(2 ** 31),
  };
  refreshPosted(job, now);
  return job;
}

function buildJobs(
  prng: Prng,
  seed: number,
  companies: readonly SimCompany[],
  count: number,
  startAt: number,
  salaryShare: number,
): SimJob[] {
  const jobs: SimJob[] = [];
  let nextId = 4_300_000_000;
  for (let index = 0; index < count; index += 1) {
    nextId += prng.between(1, 30_000);
    const age: PostedAt = (p) => {
      const daysAgo = p.chance(0.15) ? 0 : p.between(1, 60);
      const hoursAgo = p.between(1, 23);
      return startAt - daysAgo * DAY_MS - hoursAgo * HOUR_MS;
    };
    jobs.push(makeJob(prng, seed, companies, String(nextId), index, age, startAt, salaryShare));
  }
  return jobs;
}

/**
 * The `n`-th posting (0-based) the clock adds after the starting catalogue, posted at `postedAt`:
 * its own PRNG stream, so postings are the same whatever steps the clock was moved in.
 */
export function makePosting(
  catalogue: Catalogue,
  n: number,
  postedAt: number,
  now: number,
): SimJob {
  const prng = createPrng(hashSeed(catalogue.seed, 'posting', n));
  const last = catalogue.jobs[catalogue.baseCount - 1];
  const id = String((last ? Number(last.id) : 4_300_000_000) + 1 + n * 97 + prng.int(97));
  const job = makeJob(
    prng,
    catalogue.seed,
    catalogue.companies,
    id,
    catalogue.baseCount + n,
    () => postedAt,
    now,
    catalogue.salaryShare,
  );
  return withClosing(catalogue, echoOlderJob(catalogue, job, n));
}

/** Issue 41: closing times fall 1 hour to 30 days after the later of posting and the clock's start. */
const CLOSING_WINDOW_HOURS = 30 * 24;

/** When the posting closes on the site's clock, or undefined for one that stays open. */
export function closingTime(
  seed: number,
  job: Pick<SimJob, 'id' | 'postedAt'>,
  share: number,
  clockStart: number,
): number | undefined {
  if (share <= 0 || hashSeed(seed, 'closes', job.id) / 4294967296 >= share) return undefined;
  const hours = 1 + (hashSeed(seed, 'closes-after', job.id) % CLOSING_WINDOW_HOURS);
  return Math.max(job.postedAt, clockStart) + hours * HOUR_MS;
}

/** Issue 41: the posting with its closing time, when it is one of the share that closes. */
function withClosing(
  catalogue: Pick<Catalogue, 'seed' | 'closeShare' | 'startAt'>,
  job: SimJob,
): SimJob {
  const closesAt = closingTime(catalogue.seed, job, catalogue.closeShare, catalogue.startAt);
  if (closesAt !== undefined) {
    job.closesAt = closesAt;
    job.closed = false;
  }
  return job;
}

/**
 * Issue 17: a share of postings copy an older job: reposts (same company, place, description and
 * title give or take a decoration, under a new id) and look-alikes that are no repost (the same
 * title at the same company with another description, or the same ad in another place). Drawn
 * from their own hashes, so the other postings, and every posting at shares of 0, stay as they were.
 */
function echoOlderJob(catalogue: Catalogue, job: SimJob, n: number): SimJob {
  const roll = hashSeed(catalogue.seed, 'repost-kind', n) / 4294967296;
  const share = catalogue.repostShare + catalogue.lookalikeShare;
  if (roll >= share) return job;
  const pick = createPrng(hashSeed(catalogue.seed, 'repost-of', n));
  let original: SimJob | undefined;
  for (let tries = 0; tries < 20 && !original; tries += 1) {
    const candidate = catalogue.jobs[pick.int(catalogue.jobs.length)];
    if (candidate && candidate.postedAt <= job.postedAt - REPOST_MIN_AGE_DAYS * DAY_MS)
      original = candidate;
  }
  if (!original) return job;
  const base = original.baseTitle ?? original.title;
  const copy: SimJob = {
    ...job,
    company: original.company,
    place: original.place,
    seniority: original.seniority,
    employmentType: original.employmentType,
    jobFunction: original.jobFunction,
    industries: original.industries,
    workplace: original.workplace,
    longDescription: original.longDescription,
    baseTitle: base,
    title: `${base}${pick.pick(REPOST_TITLE_VARIANTS)}`,
    echoOf: original,
  };
  if (roll < catalogue.repostShare) return { ...copy, seed: original.seed, repostOf: original.id };
  if (pick.chance(0.5)) {
    // The same title at the same company and place, another team: the description differs.
    return { ...copy, lookalikeOf: { id: original.id, kind: 'other-description' } };
  }
  // The same ad in another place: one role in several places, never a repost.
  let place = pick.pick(cityPlaces);
  while (place.id === original.place.id) place = pick.pick(cityPlaces);
  return {
    ...copy,
    place,
    seed: original.seed,
    lookalikeOf: { id: original.id, kind: 'other-place' },
  };
}

export function buildCatalogue(options: CatalogueOptions): Catalogue {
  const share = (value: number | undefined, fallback: number): number => {
    const v = value ?? fallback;
    if (!Number.isFinite(v) || v < 0 || v > 1) throw new Error('a share must be from 0 to 1');
    return v;
  };
  const prng = createPrng(options.seed);
  const companies = buildCompanies(prng, options.companyCount ?? 400);
  const jobs = buildJobs(
    prng,
    options.seed,
    companies,
    options.jobCount ?? 5000,
    options.startAt ?? CATALOGUE_NOW,
    share(options.salaryShare, SALARY_SHARE),
  );
  const closing = {
    seed: options.seed,
    closeShare: share(options.closeShare, 0),
    startAt: options.startAt ?? CATALOGUE_NOW,
  };
  for (const job of jobs) withClosing(closing, job);
  const jobsById = new Map(jobs.map((j) => [j.id, j]));
  const companiesById = new Map(companies.map((c) => [c.id, c]));
  const featured: { job: SimJob; keywords: string | null }[] = [];
  const listed = new Map<string, SimJob[]>();
  return {
    seed: options.seed,
    companies,
    jobs,
    baseCount: jobs.length,
    repostShare: share(options.repostShare, 0.08),
    lookalikeShare: share(options.lookalikeShare, 0.04),
    salaryShare: share(options.salaryShare, SALARY_SHARE),
    closeShare: closing.closeShare,
    startAt: closing.startAt,
    add(job) {
      jobs.push(job);
      jobsById.set(job.id, job);
    },
    featuredFor: (keywords) => {
      const folded = foldForMatch(keywords);
      const found = featured
        .filter((f) => f.keywords === null || f.keywords === folded)
        .map((f) => f.job);
      const more = listed.get(folded);
      return more ? [...found, ...more] : found;
    },
    list(job, keywords) {
      jobsById.set(job.id, job);
      for (const key of keywords.map(foldForMatch)) {
        const jobs = listed.get(key);
        if (jobs) jobs.push(job);
        else listed.set(key, [job]);
      }
    },
    featuredJobs: () => featured.map((f) => f.job),
    feature(posting, now) {
      const n = featured.length;
      // Postings naming one company are that company's (a role in several places); ids far
      // above the catalogue's and the clock's, so they never meet one of theirs.
      const company: SimCompany = featured.find((f) => f.job.company.name === posting.companyName)
        ?.job.company ?? {
        id: String(99_000_000 + n),
        name: posting.companyName,
        slug: `featured-${n}-${slugify(posting.companyName) || 'company'}`,
      };
      if (!companiesById.has(company.id)) {
        companies.push(company);
        companiesById.set(company.id, company);
      }
      const prng = createPrng(hashSeed(options.seed, 'featured', n));
      const place =
        PLACES.find((p) => p.displayName === posting.place) ?? cityPlaces[0] ?? PLACES[0];
      if (!place) throw new Error('the simulator knows no places');
      const job: SimJob = {
        ...makeJob(prng, options.seed, [company], String(4_900_000_000 + n), -1, () => 0, now),
        title: posting.title,
        place,
        easyApply: posting.easyApply,
        salary: posting.salary ?? null,
        applicantsText: posting.applicantsText ?? '',
        workplace: posting.workplace ?? 'on-site',
        postedAt: now - posting.hoursAgo * HOUR_MS,
        companyLinked: true,
        hasUrn: true,
        longDescription: false,
      };
      refreshPosted(job, now);
      if (posting.closesAfterHours !== undefined) {
        job.closesAt = now + posting.closesAfterHours * HOUR_MS;
        job.closed = job.closesAt <= now;
      }
      featured.push({ job, keywords: posting.keywords ? foldForMatch(posting.keywords) : null });
      jobsById.set(job.id, job);
      return job;
    },
    jobById: (id) => jobsById.get(id),
    companyById: (id) => companiesById.get(id),
  };
}
