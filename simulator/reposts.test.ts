import { afterEach, describe, expect, it } from 'vitest';
import { renderDescriptionHtml } from './job-description';
import { startSimulator, type RepostTruth, type Simulator } from './server';

const BERLIN = '103035651';
let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const decorations =
  /(?: \((?:m\/w\/d|w\/m\/d|m\/f\/d|f\/m\/x|Remote|Hybrid)\)| - Remote| – Contract)+$/;

describe('reposts on the simulated site (issue 17)', () => {
  it('brings older jobs back under new ids as the clock moves, and says which in its truth', async () => {
    sim = await startSimulator({ jobCount: 1000, dailyGrowth: 0.1 });
    expect(sim.truth.reposts()).toEqual({ reposts: [], lookalikes: [] });
    sim.clock.advanceDays(30);
    const truth = sim.truth.reposts();
    const postings = sim.catalogue.jobs.length - 1000;
    // Default shares: about 8% reposts and 4% look-alikes of the clock's postings.
    expect(truth.reposts.length).toBeGreaterThan(postings * 0.05);
    expect(truth.reposts.length).toBeLessThan(postings * 0.11);
    expect(truth.lookalikes.length).toBeGreaterThan(postings * 0.02);
    expect(truth.lookalikes.length).toBeLessThan(postings * 0.07);
    for (const { id, of, root } of truth.reposts) {
      const job = sim.catalogue.jobById(id);
      const original = sim.catalogue.jobById(of);
      if (!job || !original) throw new Error(`truth names a job the site does not have: ${id}`);
      expect(job.id).not.toBe(original.id);
      expect(job.company).toBe(original.company);
      expect(job.place).toBe(original.place);
      expect(job.title.replace(decorations, '')).toBe(original.title.replace(decorations, ''));
      expect(renderDescriptionHtml(job)).toBe(renderDescriptionHtml(original));
      expect(job.postedAt - original.postedAt).toBeGreaterThanOrEqual(7 * 86_400_000);
      expect(sim.catalogue.jobById(root)?.repostOf).toBeUndefined();
    }
    for (const { id, of, kind } of truth.lookalikes) {
      const job = sim.catalogue.jobById(id);
      const original = sim.catalogue.jobById(of);
      if (!job || !original) throw new Error(`truth names a job the site does not have: ${id}`);
      expect(job.company).toBe(original.company);
      if (kind === 'other-place') {
        expect(job.place.id).not.toBe(original.place.id);
      } else {
        expect(job.place).toBe(original.place);
        expect(renderDescriptionHtml(job)).not.toBe(renderDescriptionHtml(original));
      }
    }
    // Some reposts carry a decoration, most keep the title as it was.
    const decorated = truth.reposts.filter(
      (r) => sim?.catalogue.jobById(r.id)?.title !== sim?.catalogue.jobById(r.of)?.title,
    );
    expect(decorated.length).toBeGreaterThan(0);
    expect(decorated.length).toBeLessThan(truth.reposts.length);
  });

  it('serves the truth over HTTP', async () => {
    sim = await startSimulator({ jobCount: 500, dailyGrowth: 0.2 });
    sim.clock.advanceDays(20);
    const answer = await fetch(`${sim.url}/__simulator/truth/reposts`);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as RepostTruth;
    expect(body).toEqual(sim.truth.reposts());
    expect(body.reposts.length).toBeGreaterThan(0);
  });

  it('lists a repost in the searches that found the job it copies', async () => {
    sim = await startSimulator({ jobCount: 1000, dailyGrowth: 0.1, jobsPerQuery: 300 });
    sim.clock.advanceDays(30);
    const found = new Set(sim.search.guest('engineer', BERLIN).all.map((j) => j.id));
    const reposts = sim.truth.reposts().reposts;
    const ofFound = reposts.filter((r) => found.has(r.of));
    expect(ofFound.length).toBeGreaterThan(0);
    for (const r of ofFound) expect(found.has(r.id)).toBe(true);
  });

  it('is the same for a seed whatever steps the clock moves in, and has none at shares of 0', async () => {
    const a = await startSimulator({ jobCount: 400, seed: 5, dailyGrowth: 0.2 });
    const b = await startSimulator({ jobCount: 400, seed: 5, dailyGrowth: 0.2 });
    const none = await startSimulator({
      jobCount: 400,
      seed: 5,
      dailyGrowth: 0.2,
      repostShare: 0,
      lookalikeShare: 0,
    });
    try {
      a.clock.advanceDays(20);
      for (let i = 0; i < 40; i += 1) b.clock.advance(12 * 3_600_000);
      none.clock.advanceDays(20);
      expect(a.truth.reposts()).toEqual(b.truth.reposts());
      expect(none.truth.reposts()).toEqual({ reposts: [], lookalikes: [] });
      // The postings that copy nothing are the same ones at any share.
      const plain = a.catalogue.jobs.filter((j) => !j.echoOf).map((j) => [j.id, j.title]);
      const byId = new Map(none.catalogue.jobs.map((j) => [j.id, j.title]));
      for (const [id, title] of plain) expect(byId.get(id ?? '')).toBe(title);
    } finally {
      await Promise.all([a.close(), b.close(), none.close()]);
    }
  });
});
