import { refreshPosted, type SimCompany, type SimJob } from './catalogue';
import { cardSalary, drawPosting, postingPlan, type FitPosting } from './fit-postings';
import { FIT_PROFILE_KEYS, FIT_PROFILES, type FitProfileKey, type FitTruth } from './fit-profiles';
import { fitTruth, hasDealbreaker } from './fit-truth';
import { createPrng, hashSeed } from './prng';

// Issue 40: the fit postings as jobs of the simulated site, listed by the searches for their
// keywords, and the truth of how each fits each profile (GET /__simulator/truth/fit).

/** A search for these keywords lists every fit posting; "fit backend" and so on, a domain's. */
export const FIT_KEYWORDS = 'fit jobs';
export const fitKeywordsOf = (posting: FitPosting | null): string[] =>
  posting ? [FIT_KEYWORDS, `fit ${posting.domain}`] : [];

/** Fit postings' ids start here: far above the catalogue's and the clock's, below the featured. */
const FIT_ID_BASE = 4_800_000_000;
const HOUR_MS = 3_600_000;

/** The n-th fit posting of a seed (0-based) as a job of the site, posted in the 20 days before `now`. */
export function makeFitJob(
  seed: number,
  n: number,
  companies: readonly SimCompany[],
  now: number,
): SimJob {
  const prng = createPrng(hashSeed(seed, 'fit', n));
  const plan = postingPlan(prng);
  const posting = drawPosting(prng, plan.domain, plan.aim);
  const company = companies[prng.int(companies.length)] ?? companies[0];
  if (!company) throw new Error('fit postings need at least one company');
  const job: SimJob = {
    id: String(FIT_ID_BASE + n),
    index: -1,
    title: posting.title,
    company,
    companyLinked: true,
    hasUrn: true,
    place: posting.place,
    salary: cardSalary(posting),
    postedDate: '',
    postedText: '',
    isNew: false,
    seniority: posting.level,
    employmentType: posting.dealbreakers.includes('Werkstudent') ? 'Part-time' : 'Full-time',
    jobFunction: 'Engineering',
    industries: 'Software Development',
    applicantsText: `${prng.between(1, 200)} applicants`,
    easyApply: prng.chance(0.3),
    postedAt: now - prng.between(1, 20 * 24) * HOUR_MS,
    workplace: posting.workplace,
    longDescription: false,
    seed: prng.int(2 ** 31),
    fit: posting,
  };
  refreshPosted(job, now);
  return job;
}

/** How one posting fits each profile. */
export interface FitJobTruth {
  id: string;
  domain: FitPosting['domain'];
  lang: FitPosting['lang'];
  truth: Record<FitProfileKey, FitTruth>;
  /** The posting asks for one of the profile's dealbreakers. */
  dealbreaker: Record<FitProfileKey, boolean>;
}

export interface FitTruthAnswer {
  profiles: Array<{ key: FitProfileKey; body: (typeof FIT_PROFILES)[FitProfileKey]['body'] }>;
  jobs: FitJobTruth[];
}

export function fitTruthOf(jobs: readonly SimJob[]): FitTruthAnswer {
  const per = <T>(f: (key: FitProfileKey) => T): Record<FitProfileKey, T> =>
    Object.fromEntries(FIT_PROFILE_KEYS.map((key) => [key, f(key)])) as Record<FitProfileKey, T>;
  return {
    profiles: FIT_PROFILE_KEYS.map((key) => ({ key, body: FIT_PROFILES[key].body })),
    jobs: jobs.flatMap((job) => {
      const posting = job.fit;
      if (!posting) return [];
      return [
        {
          id: job.id,
          domain: posting.domain,
          lang: posting.lang,
          truth: per((key) => fitTruth(posting, FIT_PROFILES[key].body)),
          dealbreaker: per((key) => hasDealbreaker(posting, FIT_PROFILES[key].body)),
        },
      ];
    }),
  };
}
