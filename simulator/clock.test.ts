import { afterEach, describe, expect, it } from 'vitest';
import { CATALOGUE_NOW, DAY_MS } from './catalogue';
import { guestFiltersFromUrl } from './search-results';
import { startSimulator, type Simulator } from './server';

const BERLIN = '103035651';
const COUNTRY_GERMANY = '101282230';
let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const filters = (query: string) => guestFiltersFromUrl(new URLSearchParams(query));
const ids = (jobs: readonly { id: string }[]) => jobs.map((j) => j.id);

describe('the site clock', () => {
  it('grows the catalogue by the daily share, each posting with a posted time, newest first', async () => {
    sim = await startSimulator({ jobCount: 1000, dailyGrowth: 0.05 });
    expect(sim.clock.now()).toBe(CATALOGUE_NOW);
    const before = sim.search.guest('engineer', BERLIN).all;
    sim.clock.advanceDays(1);
    expect(sim.catalogue.jobs).toHaveLength(1050);
    const postings = sim.catalogue.jobs.slice(1000);
    for (const job of postings) {
      expect(job.postedAt).toBeGreaterThan(CATALOGUE_NOW);
      expect(job.postedAt).toBeLessThanOrEqual(sim.clock.now());
    }
    const after = sim.search.guest('engineer', BERLIN).all;
    const added = after.slice(0, after.length - before.length);
    expect(ids(after.slice(added.length))).toEqual(ids(before));
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((j) => j.index >= 1000)).toBe(true);
    // Newest first.
    const times = added.map((j) => j.postedAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('starts where it is told, the same catalogue dated from there (the demo history)', async () => {
    const shift = 40 * DAY_MS + 3_600_000;
    const a = await startSimulator({ jobCount: 300, seed: 4 });
    const b = await startSimulator({ jobCount: 300, seed: 4, startAt: CATALOGUE_NOW + shift });
    try {
      expect(b.clock.now()).toBe(CATALOGUE_NOW + shift);
      a.clock.advanceDays(3);
      b.clock.advanceDays(3);
      expect(b.catalogue.jobs).toHaveLength(a.catalogue.jobs.length);
      expect(
        b.catalogue.jobs.map((j) => [j.id, j.title, j.postedAt - shift, j.postedText]),
      ).toEqual(a.catalogue.jobs.map((j) => [j.id, j.title, j.postedAt, j.postedText]));
      // 40 days and an hour on from noon: each card is dated 40 days later.
      const later = (day: string) =>
        new Date(Date.parse(day) + 40 * DAY_MS).toISOString().slice(0, 10);
      expect(b.catalogue.jobs.map((j) => j.postedDate)).toEqual(
        a.catalogue.jobs.map((j) => later(j.postedDate)),
      );
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('is deterministic from the seed, whatever steps the clock moves in', async () => {
    const a = await startSimulator({ jobCount: 500, seed: 9 });
    const b = await startSimulator({ jobCount: 500, seed: 9 });
    try {
      a.clock.advanceDays(2);
      for (let h = 0; h < 48; h += 1) b.clock.advance(3_600_000);
      expect(a.catalogue.jobs.map((j) => [j.id, j.title, j.postedAt])).toEqual(
        b.catalogue.jobs.map((j) => [j.id, j.title, j.postedAt]),
      );
      expect(a.catalogue.jobs).toHaveLength(550);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('ages every card: "1 hour ago" reads "1 day ago" a day later', async () => {
    sim = await startSimulator({ jobCount: 2000, dailyGrowth: 0 });
    const job = sim.catalogue.jobs.find((j) => j.postedText === '1 hour ago');
    expect(job).toBeDefined();
    sim.clock.advanceDays(1);
    expect(job?.postedText).toBe('1 day ago');
    expect(job?.isNew).toBe(false);
    expect(job?.postedDate).toBe(new Date(CATALOGUE_NOW).toISOString().slice(0, 10));
  });

  it('makes no postings at a growth of 0, and a new share applies from then on', async () => {
    sim = await startSimulator({ jobCount: 200, dailyGrowth: 0 });
    sim.clock.advanceDays(3);
    expect(sim.catalogue.jobs).toHaveLength(200);
    sim.clock.setDailyGrowth(0.1);
    sim.clock.advanceDays(1);
    expect(sim.catalogue.jobs).toHaveLength(220);
  });
});

describe('the guest search filters', () => {
  it('cuts by posted time with f_TPR', async () => {
    sim = await startSimulator({ jobCount: 2000, jobsPerQuery: 800 });
    sim.clock.advanceDays(1);
    const now = sim.clock.now();
    const recent = sim.search.guest('analyst', BERLIN, filters('f_TPR=r86400')).all;
    const all = sim.search.guest('analyst', BERLIN).all;
    expect(recent.length).toBeGreaterThan(0);
    expect(ids(recent)).toEqual(ids(all.filter((j) => j.postedAt >= now - DAY_MS)));
    expect(recent.length).toBeLessThan(all.length);
  });

  it('keeps only jobs with the asked workplace, experience, job type and Easy Apply', async () => {
    sim = await startSimulator({ jobsPerQuery: 1500 });
    const all = sim.search.guest('developer', BERLIN).all;
    const cut = sim.search.guest(
      'developer',
      BERLIN,
      filters('f_WT=2,3&f_E=3,4&f_JT=F,C&f_AL=true'),
    ).all;
    expect(cut.length).toBeGreaterThan(0);
    expect(ids(cut)).toEqual(
      ids(
        all.filter(
          (j) =>
            (j.workplace === 'remote' || j.workplace === 'hybrid') &&
            (j.seniority === 'Associate' || j.seniority === 'Mid-Senior level') &&
            (j.employmentType === 'Full-time' || j.employmentType === 'Contract') &&
            j.easyApply,
        ),
      ),
    );
  });

  it('cuts by distance around a city, and ignores distance for a country', async () => {
    sim = await startSimulator({ jobsPerQuery: 600 });
    const near = sim.search.guest('nurse', BERLIN, filters('distance=10')).all;
    const far = sim.search.guest('nurse', BERLIN, filters('distance=100')).all;
    expect(near.length).toBeLessThan(far.length);
    expect(far.length).toBeLessThan(600);
    expect(ids(near).every((id) => ids(far).includes(id))).toBe(true);
    expect(sim.search.guest('nurse', COUNTRY_GERMANY, filters('distance=10')).total).toBe(600);
  });

  it('serves only matching cards over HTTP, and pages within the filtered results', async () => {
    sim = await startSimulator({ jobsPerQuery: 300 });
    const expected = sim.search.guest('designer', BERLIN, filters('f_WT=2')).visible;
    const res = await fetch(
      `${sim.url}/jobs-guest/jobs/api/seeMoreJobPostings/search?keywords=designer&geoId=${BERLIN}&f_WT=2&start=0`,
    );
    const body = await res.text();
    const served = [...body.matchAll(/\/jobs\/view\/[^"?]*-(\d+)\?/g)].map((m) => m[1]);
    expect(served.length).toBeGreaterThan(0);
    expect(served).toEqual(ids(expected).slice(0, served.length));
  });

  it('answers the clock control endpoint only when asked to serve it', async () => {
    sim = await startSimulator({ jobCount: 100, controlEndpoint: true });
    const res = await fetch(`${sim.url}/__simulator/clock?advanceHours=24`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(sim.clock.now()).toBe(CATALOGUE_NOW + DAY_MS);
    expect(
      (await fetch(`${sim.url}/__simulator/clock?advanceHours=-1`, { method: 'POST' })).status,
    ).toBe(400);
    const plain = await startSimulator({ jobCount: 100 });
    try {
      const off = await fetch(`${plain.url}/__simulator/clock?advanceHours=24`, { method: 'POST' });
      expect(off.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
