import { afterEach, describe, expect, it } from 'vitest';
import { parseJobDetails } from '../src/scraper/parse-job-details';
import { parseSearchCards } from '../src/scraper/parse-search-cards';
import type { DroppedField } from './faults';
import { startSimulator, type Simulator } from './server';

// Issue 32's markup drift needs a site that stops giving one field while everything else still
// parses: the dropped-field fault, read back through the scraper's own parsers.

let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const SEARCH = '/jobs-guest/jobs/api/seeMoreJobPostings/search';
const DETAILS = '/jobs-guest/jobs/api/jobPosting/';

async function text(path: string): Promise<string> {
  if (!sim) throw new Error('no simulator');
  return (await fetch(`${sim.url}${path}`)).text();
}

async function cards() {
  const context = { baseUrl: sim?.url ?? '', siteName: 'LinkedIn', path: SEARCH };
  const pages = await Promise.all(
    [0, 10, 20, 30].map((start) => text(`${SEARCH}?keywords=x&geoId=1&start=${start}`)),
  );
  return pages.flatMap((html) => parseSearchCards(html, context).cards);
}

async function details(ids: readonly string[]) {
  const context = { baseUrl: sim?.url ?? '', siteName: 'LinkedIn', path: DETAILS };
  return Promise.all(
    ids.map(async (id) => parseJobDetails(await text(`${DETAILS}${id}`), id, context)),
  );
}

describe('simulated site: a dropped field', () => {
  it('leaves one field out of the cards and the details; the rest still parses, and clearing brings it back', async () => {
    sim = await startSimulator({ jobsPerQuery: 40 });
    const before = await cards();
    const ids = before.map((card) => card.jobId);
    const full = await details(ids);
    // The healthy site gives each of these for some jobs at least.
    expect(before.some((card) => card.salary !== null)).toBe(true);
    expect(before.every((card) => card.postedDate !== null && card.location !== null)).toBe(true);
    expect(before.some((card) => card.companySlug !== null)).toBe(true);
    expect(full.some((job) => job.seniority !== null && job.applicantsText !== null)).toBe(true);

    const dropped: DroppedField[] = ['salary', 'posted', 'location', 'company-link'];
    for (const field of dropped) sim.faults.dropField(field, { pathPrefix: SEARCH });
    const after = await cards();
    expect(after.map((card) => card.jobId)).toEqual(ids);
    expect(after.map((card) => card.title)).toEqual(before.map((card) => card.title));
    expect(after.map((card) => card.companyName)).toEqual(before.map((card) => card.companyName));
    expect(after.every((card) => card.salary === null)).toBe(true);
    expect(after.every((card) => card.postedDate === null)).toBe(true);
    expect(after.every((card) => card.location === null)).toBe(true);
    expect(after.every((card) => card.companySlug === null)).toBe(true);

    sim.faults.dropField('criteria', { pathPrefix: DETAILS });
    sim.faults.dropField('applicants', { pathPrefix: DETAILS });
    const partial = await details(ids);
    expect(partial.map((job) => job.description)).toEqual(full.map((job) => job.description));
    expect(partial.every((job) => job.seniority === null && job.employmentType === null)).toBe(
      true,
    );
    expect(partial.every((job) => job.applicantsText === null)).toBe(true);

    sim.faults.clear();
    expect(await cards()).toEqual(before);
  });

  it('drops for a count of answers only, then the site recovers', async () => {
    sim = await startSimulator({ jobsPerQuery: 40 });
    sim.faults.dropField('salary', { pathPrefix: SEARCH, count: 4 });
    expect((await cards()).every((card) => card.salary === null)).toBe(true);
    expect(sim.faults.pending).toBe(0);
    expect((await cards()).some((card) => card.salary !== null)).toBe(true);
  });
});
