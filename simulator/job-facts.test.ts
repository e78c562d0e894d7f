import { afterEach, describe, expect, it } from 'vitest';
import { CATALOGUE_NOW, DAY_MS } from './catalogue';
import { APPLY_SHAPES } from './job-facts';
import { startSimulator, type ClosureTruth, type Simulator } from './server';

// Issue 41: postings that close at known times on the site's clock, the employer's apply address
// in its shapes, and the company id on the page, with their truth.

const BERLIN = '103035651';
const sims: Simulator[] = [];
afterEach(async () => {
  await Promise.all(sims.splice(0).map((s) => s.close()));
});
const start = async (options: Parameters<typeof startSimulator>[0]) => {
  const sim = await startSimulator(options);
  sims.push(sim);
  return sim;
};
const get = async (sim: Simulator, path: string) => fetch(`${sim.url}${path}`);

describe('postings that close', () => {
  it('close none by default, so the default catalogue stays as it was', async () => {
    const sim = await start({ jobCount: 400 });
    sim.clock.advanceDays(40);
    expect(sim.truth.closures().closures).toEqual([]);
    expect(sim.catalogue.jobs.some((j) => j.closed === true)).toBe(false);
  });

  it('close their share at known times as the clock moves, the same whatever its steps', async () => {
    const a = await start({ jobCount: 600, seed: 9, closeShare: 0.4 });
    const b = await start({ jobCount: 600, seed: 9, closeShare: 0.4 });
    const at = new Map(a.truth.closures().closures.map((c) => [c.id, Date.parse(c.closesAt)]));
    const base = a.catalogue.jobs.length;
    expect(at.size / base).toBeGreaterThan(0.35);
    expect(at.size / base).toBeLessThan(0.45);
    // Nothing is closed at the start; each closes within 30 days of it.
    expect(a.truth.closures().closures.some((c) => c.closed)).toBe(false);
    for (const time of at.values()) {
      expect(time).toBeGreaterThan(CATALOGUE_NOW);
      expect(time).toBeLessThanOrEqual(CATALOGUE_NOW + 30 * DAY_MS);
    }
    a.clock.advanceDays(12);
    for (let day = 0; day < 12; day += 1) b.clock.advanceDays(1);
    const closedA = a.truth.closures();
    expect(closedA).toEqual(b.truth.closures());
    for (const c of closedA.closures)
      expect(c.closed).toBe(Date.parse(c.closesAt) <= a.clock.now());
    expect(closedA.closures.filter((c) => c.closed).length).toBeGreaterThan(0);
    expect(closedA.closures.filter((c) => !c.closed).length).toBeGreaterThan(0);
    // The clock's new postings close too.
    expect(
      closedA.closures.some((c) => Number(c.id) > Number(a.catalogue.jobs[base - 1]?.id)),
    ).toBe(true);
  });

  it('leave the searches once closed; their pages say so, and the truth answers over HTTP', async () => {
    const sim = await start({ jobCount: 300, closeShare: 0.5, jobsPerQuery: 300 });
    const listed = () => sim.search.guest('engineer', BERLIN).all.map((j) => j.id);
    const before = listed();
    sim.clock.advanceDays(10);
    const { closures } = sim.truth.closures();
    const closed = new Set(closures.filter((c) => c.closed).map((c) => c.id));
    const after = listed();
    expect(after.some((id) => closed.has(id))).toBe(false);
    expect(before.filter((id) => closed.has(id)).length).toBeGreaterThan(0);
    expect(sim.search.ai('engineer').all.some((j) => closed.has(j.id))).toBe(false);

    const [closedId] = closed;
    if (closedId === undefined) throw new Error('nothing closed');
    const page = await (await get(sim, `/jobs-guest/jobs/api/jobPosting/${closedId}`)).text();
    expect(page).toContain('class="closed-job closed-job__flavor');
    expect(page).not.toContain('public_jobs_apply-link');
    expect(page).not.toContain('id="applyUrl"');

    const overHttp = (await (await get(sim, '/__simulator/truth/closures')).json()) as ClosureTruth;
    expect(overHttp).toEqual(sim.truth.closures());
    const job = await (await get(sim, `/__simulator/truth/jobs/${closedId}`)).json();
    expect(job).toMatchObject({ id: closedId, closed: true });
    expect((await get(sim, '/__simulator/truth/jobs/1')).status).toBe(404);
  });

  it('closes a featured posting when told, in the caption of its place', async () => {
    const sim = await start({ jobCount: 50 });
    const job = sim.feature({
      title: 'Datenanalyst (m/w/d)',
      companyName: 'Müller Logistik GmbH',
      place: 'Berlin, Germany',
      hoursAgo: 3,
      easyApply: false,
      closesAfterHours: 24,
    });
    expect(sim.search.guest('x', BERLIN).all[0]?.id).toBe(job.id);
    sim.clock.advance(25 * 3_600_000);
    expect(sim.search.guest('x', BERLIN).all.some((j) => j.id === job.id)).toBe(false);
    const page = await (await get(sim, `/jobs-guest/jobs/api/jobPosting/${job.id}`)).text();
    expect(page).toContain('Bewerbungen werden nicht mehr angenommen');
  });
});

describe('the employer’s apply address and the company id', () => {
  it('come in every shape, with the truth a parser should read', async () => {
    const sim = await start({ jobCount: 2000 });
    const truths = sim.catalogue.jobs.map((j) => {
      const truth = sim.truth.job(j.id);
      if (!truth) throw new Error(`no truth for ${j.id}`);
      return truth;
    });
    const shapes = new Set(truths.map((t) => t.applyShape));
    expect([...shapes].sort()).toEqual([...APPLY_SHAPES, null].sort());
    for (const truth of truths) {
      if (truth.easyApply) expect(truth.applyShape).toBeNull();
      const keeps = ['wrapped', 'wrapped-http', 'link-only'].includes(truth.applyShape ?? '');
      expect(truth.applyUrl === null).toBe(!keeps);
      if (truth.applyUrl !== null)
        expect(truth.applyUrl).toMatch(/^https?:\/\/jobs\.[^/]+\.example\//);
    }
    const onPage = truths.filter((t) => t.companyIdOnGuestPage).length / truths.length;
    expect(onPage).toBeGreaterThan(0.7);
    expect(onPage).toBeLessThan(0.9);
    const mentions = truths.filter((t) => t.mentionsNoLongerAccepting).length;
    expect(mentions).toBeGreaterThan(0);
  });

  it('puts the company id in the whole page’s head when the company is linked', async () => {
    const sim = await start({ jobCount: 40 });
    const linked = sim.catalogue.jobs.find((j) => j.companyLinked);
    const plain = sim.catalogue.jobs.find((j) => !j.companyLinked);
    if (!linked || !plain) throw new Error('the catalogue lacks a shape');
    const page = await (await get(sim, `/jobs/view/${linked.id}`)).text();
    expect(page).toContain(`<meta name="companyId" content="${linked.company.id}">`);
    expect(await (await get(sim, `/jobs/view/${plain.id}`)).text()).not.toContain('companyId');
  });
});
