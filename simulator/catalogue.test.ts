import { describe, expect, it } from 'vitest';
import { buildCatalogue } from './catalogue';
import { renderJobDetails } from './render-job-details';
import { renderDescriptionHtml } from './job-description';
import { PLACES, placeById } from './places';
import { createPrng, hashSeed } from './prng';
import { createSearchEngine, GUEST_OFFSET_LIMIT } from './search-results';

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('expected a value');
  return value;
}

describe('prng', () => {
  it('is deterministic per seed and spreads values', () => {
    const a = createPrng(42);
    const b = createPrng(42);
    const seq = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(seq);
    expect(createPrng(43).next()).not.toBe(seq[0]);
    expect(hashSeed(1, 'a', 2)).toBe(hashSeed(1, 'a', 2));
    expect(hashSeed(1, 'a', 2)).not.toBe(hashSeed(1, 'a', 3));
  });
});

describe('catalogue', () => {
  const catalogue = buildCatalogue({ seed: 1 });

  it('is the same for the same seed and differs for another', () => {
    const again = buildCatalogue({ seed: 1 });
    expect(again.jobs.map((j) => [j.id, j.title, j.company.id])).toEqual(
      catalogue.jobs.map((j) => [j.id, j.title, j.company.id]),
    );
    expect(buildCatalogue({ seed: 2 }).jobs[0]?.title).not.toBe(undefined);
    expect(buildCatalogue({ seed: 2 }).jobs.map((j) => j.title)).not.toEqual(
      catalogue.jobs.map((j) => j.title),
    );
  });

  it('holds thousands of jobs over hundreds of companies with unique ids', () => {
    expect(catalogue.jobs.length).toBeGreaterThanOrEqual(5000);
    expect(catalogue.companies.length).toBeGreaterThanOrEqual(400);
    expect(new Set(catalogue.jobs.map((j) => j.id)).size).toBe(catalogue.jobs.length);
    expect(new Set(catalogue.companies.map((c) => c.id)).size).toBe(catalogue.companies.length);
    expect(new Set(catalogue.jobs.map((j) => j.company.id)).size).toBeGreaterThan(200);
  });

  it('has legal suffixes and distinct companies sharing a display name', () => {
    const names = catalogue.companies.map((c) => c.name);
    for (const suffix of ['Inc.', 'LLC', 'GmbH'])
      expect(names.some((n) => n.endsWith(suffix))).toBe(true);
    expect(new Set(names).size).toBeLessThan(names.length);
  });

  it('shows a salary on about the salary share of postings, 0.35 unless told', () => {
    const withSalary = (jobs: readonly { salary: string | null }[]) =>
      jobs.filter((j) => j.salary !== null).length / jobs.length;
    // Half the share where the site gives no salary in the country's format.
    expect(withSalary(catalogue.jobs)).toBeGreaterThan(0.2);
    expect(withSalary(catalogue.jobs)).toBeLessThan(0.32);
    const generous = buildCatalogue({ seed: 1, salaryShare: 0.8 });
    expect(withSalary(generous.jobs)).toBeGreaterThan(0.5);
    expect(() => buildCatalogue({ seed: 1, salaryShare: 1.5 })).toThrow(/share/);
  });

  it('has the rough edges: no salary, no company link, --new dates, non-Latin and formula-like titles', () => {
    const jobs = catalogue.jobs;
    expect(jobs.some((j) => j.salary === null) && jobs.some((j) => j.salary !== null)).toBe(true);
    expect(jobs.some((j) => !j.companyLinked)).toBe(true);
    expect(jobs.some((j) => j.isNew)).toBe(true);
    expect(jobs.some((j) => /[ァ-ン]/.test(j.title))).toBe(true);
    expect(jobs.some((j) => /[äöüß]/.test(j.title))).toBe(true);
    for (const lead of ['=', '+', '-', '@'])
      expect(jobs.some((j) => j.title.startsWith(lead))).toBe(true);
  });

  it('has descriptions longer than 40,000 characters', () => {
    const long = catalogue.jobs.find((j) => j.longDescription);
    expect(long).toBeDefined();
    const html = renderDescriptionHtml(must(long));
    expect(html.replace(/<[^>]+>/g, '').length).toBeGreaterThan(40_000);
    expect(renderJobDetails(must(long)).length).toBeGreaterThan(40_000);
  });
});

describe('places', () => {
  it('holds a few hundred places with string ids, including the well-known ones', () => {
    expect(PLACES.length).toBeGreaterThan(300);
    expect(new Set(PLACES.map((p) => p.id)).size).toBe(PLACES.length);
    expect(placeById('103035651')?.displayName).toBe('Berlin, Germany');
    expect(PLACES.map((p) => p.displayName)).toEqual(
      expect.arrayContaining(['San Francisco, California, United States', 'United States']),
    );
  });
});

describe('search results', () => {
  const catalogue = buildCatalogue({ seed: 1 });
  const engine = createSearchEngine(catalogue);

  it('are deterministic for (keywords, geoId)', () => {
    expect(engine.guest('python', '1').visible.map((j) => j.id)).toEqual(
      createSearchEngine(catalogue)
        .guest('python', '1')
        .visible.map((j) => j.id),
    );
  });

  it('vary in size: some small, some past the 1000 the guest search serves', () => {
    const totals = Array.from(
      { length: 60 },
      (_, i) => engine.guest(`query ${i}`, '103035651').total,
    );
    expect(totals.some((t) => t < 60)).toBe(true);
    expect(totals.some((t) => t > GUEST_OFFSET_LIMIT)).toBe(true);
    for (let i = 0; i < 60; i += 1)
      expect(engine.guest(`query ${i}`, '103035651').visible.length).toBeLessThanOrEqual(
        GUEST_OFFSET_LIMIT,
      );
  });

  it('put jobs whose title matches the keywords first', () => {
    const first = engine.guest('data engineer', '103035651').visible.slice(0, 3);
    for (const job of first) expect(job.title.toLowerCase()).toMatch(/data|engineer/);
  });
});
