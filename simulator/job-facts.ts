import type { SimJob } from './catalogue';
import { hashSeed } from './prng';

// Issue 41: the facts a job page carries besides its text, as the site shapes them, and their
// truth. Every choice is a hash of the job's own seed and id (never a draw of the catalogue's
// PRNG), so adding them moved no other figure of the catalogue; same seed, same facts.
//
// - Closing: with `closeShare` > 0 (0 by default), that share of postings closes at a known time
//   on the site's clock (catalogue.ts's closingTime). A closed posting's page shows the
//   `closed-job` figure (its caption in the place's language) and no apply button, and searches
//   no longer list it.
// - The employer's apply address of a job that is not Easy Apply, in the shapes of APPLY_SHAPES.
// - The company's id: in the guest page's "See who … has hired" link for most linked companies,
//   and in the whole page's `<meta name="companyId">`.
// - A few open postings' descriptions say "no longer accepting applications" in passing.

/**
 * How a job that is not Easy Apply names its employer's address: the hidden applyUrl code and
 * the offsite link both wrapping it (`wrapped`, `wrapped-http`), only the link (`link-only`), a
 * script or mail address a parser must drop, or nothing at all.
 */
export const APPLY_SHAPES = [
  'wrapped',
  'wrapped-http',
  'link-only',
  'javascript',
  'mailto',
  'none',
] as const;
export type ApplyShape = (typeof APPLY_SHAPES)[number];

/** Shares of APPLY_SHAPES, out of 100, in their order. */
const APPLY_SHAPE_SHARES = [60, 10, 8, 7, 7, 8] as const;

/** Marks the posting closed once the clock has passed its closing time. */
export function refreshClosed(job: SimJob, now: number): void {
  if (job.closesAt !== undefined) job.closed = job.closesAt <= now;
}

export function applyShape(job: Pick<SimJob, 'id' | 'seed' | 'easyApply'>): ApplyShape | null {
  if (job.easyApply) return null;
  let roll = hashSeed(job.seed, 'apply-shape', job.id) % 100;
  for (let i = 0; i < APPLY_SHAPES.length; i += 1) {
    roll -= APPLY_SHAPE_SHARES[i] ?? 0;
    if (roll < 0) return APPLY_SHAPES[i] ?? 'none';
  }
  return 'none';
}

/** The employer's own address of the posting, as its careers site has it. */
export function employerAddress(job: SimJob, http = false): string {
  const host = `jobs.${job.company.slug.replace(/[^a-z0-9-]/g, '') || 'company'}.example`;
  // Some careers sites put words with accents in the path; the page percent-encodes them.
  const path =
    hashSeed(job.seed, 'apply-path', job.id) % 5 === 0
      ? `/karriere/stelle-für-${job.id}`
      : `/apply/${job.id}`;
  return `${http ? 'http' : 'https'}://${host}${path}?source=LinkedIn&ref=li`;
}

/** What the page's apply code and offsite link carry for the shape (null: nothing). */
export function applyTarget(job: SimJob, shape: ApplyShape): string | null {
  switch (shape) {
    case 'wrapped':
    case 'link-only':
      return employerAddress(job);
    case 'wrapped-http':
      return employerAddress(job, true);
    case 'javascript':
      return `javascript:window.open('${employerAddress(job)}')`;
    case 'mailto':
      return `mailto:jobs@${job.company.slug || 'company'}.example?subject=Application%20${job.id}`;
    case 'none':
      return null;
  }
}

/** LinkedIn's wrapper around an employer's address: its dots percent-encoded too, as the site does. */
export function externalApplyUrl(origin: string, job: SimJob, target: string | null): string {
  const hash = (hashSeed(job.seed, 'url-hash', job.id) % 65536).toString(16);
  if (target === null) return `${origin}/jobs/view/externalApply/${job.id}?urlHash=${hash}`;
  const url = encodeURIComponent(target).replace(/\./g, '%2E');
  return `${origin}/jobs/view/externalApply/${job.id}?url=${url}&urlHash=${hash}`;
}

/** Whether the applyUrl code writes its `&` as `&amp;` (both are seen). */
export const ampersandAsEntity = (job: SimJob): boolean =>
  hashSeed(job.seed, 'apply-amp', job.id) % 2 === 0;

/** Most linked companies' guest pages link to the people they hired, by the company's id. */
export const showsHiringLink = (job: SimJob): boolean =>
  job.companyLinked && hashSeed(job.seed, 'hiring-link', job.id) % 100 < 85;

/** About 4 % of descriptions (the same for a repost, which shares its seed) say the sentence. */
export const mentionsNoLongerAccepting = (job: Pick<SimJob, 'seed'>): boolean =>
  hashSeed(job.seed, 'no-longer-accepting') % 25 === 0;

const CLOSED_CAPTIONS: Record<string, string> = {
  Germany: 'Bewerbungen werden nicht mehr angenommen',
  France: 'N’accepte plus de candidatures',
  Spain: 'Ya no se aceptan solicitudes',
  Netherlands: 'Er worden geen sollicitaties meer aangenomen',
  Japan: '現在、応募を受け付けていません',
};

/** The closed figure's caption in the language of the place's site. */
export const closedCaption = (country: string): string =>
  CLOSED_CAPTIONS[country] ?? 'No longer accepting applications';

/** What a parser should read from the posting's pages, and when it closes. */
export interface JobFactsTruth {
  id: string;
  /** Closed now, on the site's clock. */
  closed: boolean;
  /** When it closes (or closed), ISO; null for a posting that stays open. */
  closesAt: string | null;
  easyApply: boolean;
  /** How its page names the employer's address (null: Easy Apply). */
  applyShape: ApplyShape | null;
  /**
   * The employer's address as a parser keeps it from the open page (decoded, http(s) only, as a
   * URL's href); null when the page gives none a parser may keep. A closed page shows none.
   */
  applyUrl: string | null;
  companyId: string;
  /** The guest page (jobs-guest jobPosting) names the company's id; the whole page always does when linked. */
  companyIdOnGuestPage: boolean;
  /** The description says "no longer accepting applications" in passing. */
  mentionsNoLongerAccepting: boolean;
}

export function jobFactsTruth(job: SimJob): JobFactsTruth {
  const shape = applyShape(job);
  const target = shape === null ? null : applyTarget(job, shape);
  const kept = target !== null && /^https?:/.test(target) ? new URL(target).href : null;
  return {
    id: job.id,
    closed: job.closed === true,
    closesAt: job.closesAt === undefined ? null : new Date(job.closesAt).toISOString(),
    easyApply: job.easyApply,
    applyShape: shape,
    applyUrl: kept,
    companyId: job.company.id,
    companyIdOnGuestPage: showsHiringLink(job),
    mentionsNoLongerAccepting: mentionsNoLongerAccepting(job),
  };
}
