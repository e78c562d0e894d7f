import { afterEach, describe, expect, it } from 'vitest';
import type { FitTruthAnswer } from './fit-catalogue';
import { drawPosting, type FitPosting } from './fit-postings';
import { FIT_PROFILES } from './fit-profiles';
import { fitTruth } from './fit-truth';
import { renderDescriptionHtml } from './job-description';
import { PLACES } from './places';
import { createPrng } from './prng';
import { startSimulator, type Simulator } from './server';

const BERLIN = '103035651';
let sims: Simulator[] = [];
afterEach(async () => {
  await Promise.all(sims.map((s) => s.close()));
  sims = [];
});
const start = async (options: Parameters<typeof startSimulator>[0]): Promise<Simulator> => {
  const sim = await startSimulator(options);
  sims.push(sim);
  return sim;
};

const berlin = PLACES.find((p) => p.displayName === 'Berlin, Germany');
if (!berlin) throw new Error('no Berlin');
/** A posting that is everything the backend profile asks for. */
const strongBackend: FitPosting = {
  domain: 'backend',
  aim: 'strong',
  lang: 'en',
  title: 'Backend Engineer',
  level: 'Mid-Senior level',
  skills: ['TypeScript', 'PostgreSQL', 'Kubernetes', 'Go', 'Docker'],
  yearsAsked: 5,
  languagesAsked: ['en'],
  languagesWelcome: [],
  workplace: 'hybrid',
  place: berlin,
  city: 'Berlin',
  country: 'Germany',
  salary: { currency: 'EUR', yearly: 80_000, lowK: 70, highK: 90, shown: 'card' },
  dealbreakers: [],
  dealbreakersDenied: ['security clearance'],
};

describe('the fit truth (README.md, "Fit")', () => {
  const backend = FIT_PROFILES.backend.body;
  it('is strong when every must-have and ask holds, a denied dealbreaker and unshown pay included', () => {
    expect(fitTruth(strongBackend, backend)).toBe('strong');
    expect(fitTruth({ ...strongBackend, salary: null, yearsAsked: null }, backend)).toBe('strong');
  });
  it('is poor for a dealbreaker, a language not spoken (asked or written in), or most must-haves missing', () => {
    expect(fitTruth({ ...strongBackend, dealbreakers: ['on-call'] }, backend)).toBe('poor');
    expect(fitTruth({ ...strongBackend, languagesAsked: ['de'] }, backend)).toBe('poor');
    expect(fitTruth({ ...strongBackend, lang: 'de', languagesAsked: [] }, backend)).toBe('poor');
    expect(fitTruth({ ...strongBackend, skills: ['TypeScript', 'Docker'] }, backend)).toBe('poor');
  });
  it('is partial when it is not poor and something short of strong fails', () => {
    expect(fitTruth({ ...strongBackend, languagesWelcome: ['de'] }, backend)).toBe('strong');
    expect(
      fitTruth({ ...strongBackend, skills: ['TypeScript', 'PostgreSQL', 'Go'] }, backend),
    ).toBe('partial');
    expect(fitTruth({ ...strongBackend, yearsAsked: 8 }, backend)).toBe('partial');
    expect(fitTruth({ ...strongBackend, workplace: 'on-site' }, backend)).toBe('partial');
    expect(
      fitTruth(
        {
          ...strongBackend,
          salary: { currency: 'EUR', yearly: 60_000, lowK: 50, highK: 70, shown: 'card' },
        },
        backend,
      ),
    ).toBe('partial');
    expect(fitTruth({ ...strongBackend, level: 'Entry level' }, backend)).toBe('partial');
  });
  it('draws postings whose aim the truth mostly confirms', () => {
    const prng = createPrng(7);
    const drawn = Array.from({ length: 300 }, () => drawPosting(prng, 'backend', 'strong'));
    const strong = drawn.filter((p) => fitTruth(p, backend) === 'strong').length;
    expect(strong).toBeGreaterThan(250);
  });
});

describe('fit postings on the simulated site (issue 40)', () => {
  it('are listed by the fit searches, with their truth, and change nothing else', async () => {
    const plain = await start({ seed: 3, jobCount: 300 });
    const sim = await start({ seed: 3, jobCount: 300, fitJobs: 120 });
    // Listed first, as the site's promoted jobs, before what the search finds in the catalogue.
    const fit = sim.search.guest('fit jobs', BERLIN).all;
    expect(fit.slice(0, 120).every((j) => j.fit)).toBe(true);
    expect(fit.filter((j) => j.fit)).toHaveLength(120);
    expect(plain.search.guest('fit jobs', BERLIN).all.some((j) => j.fit)).toBe(false);
    const ids = (s: Simulator, keywords: string) =>
      s.search.guest(keywords, BERLIN).all.map((j) => j.id);
    expect(ids(sim, 'data engineer')).toEqual(ids(plain, 'data engineer'));
    expect(sim.catalogue.jobs.map((j) => j.id)).toEqual(plain.catalogue.jobs.map((j) => j.id));
    const finance = sim.search.guest('fit finance', BERLIN).all.filter((j) => j.fit);
    expect(finance.length).toBeGreaterThan(0);
    expect(finance.every((j) => j.fit?.domain === 'finance')).toBe(true);

    const response = await fetch(`${sim.url}/__simulator/truth/fit`);
    const truth = (await response.json()) as FitTruthAnswer;
    expect(truth).toEqual(sim.truth.fit());
    expect(truth.profiles.map((p) => p.key)).toEqual(['backend', 'data', 'finance']);
    expect(truth.jobs).toHaveLength(120);
    const classes = new Set(truth.jobs.flatMap((j) => Object.values(j.truth)));
    expect([...classes].sort()).toEqual(['partial', 'poor', 'strong']);
    expect(truth.jobs.some((j) => j.lang === 'de')).toBe(true);
  });

  it('serves each posting’s details worded from what it is made of, the same for a seed', async () => {
    const a = await start({ seed: 5, jobCount: 50, fitJobs: 40 });
    const b = await start({ seed: 5, jobCount: 50, fitJobs: 40 });
    expect(a.truth.fit()).toEqual(b.truth.fit());
    const job = a.search.guest('fit jobs', BERLIN).all.find((j) => j.fit?.yearsAsked);
    if (!job?.fit) throw new Error('no fit posting asks for years');
    const page = await (await fetch(`${a.url}/jobs-guest/jobs/api/jobPosting/${job.id}`)).text();
    expect(page).toContain(job.title.replace(/&/g, '&amp;'));
    expect(renderDescriptionHtml(job)).toContain(String(job.fit.yearsAsked));
    expect(page).toContain(renderDescriptionHtml(job));
  });
});
