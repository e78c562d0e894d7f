import { afterEach, describe, expect, it } from 'vitest';
import { SIMULATOR_JSESSIONID, SIMULATOR_LI_AT, VALID_COOKIES } from '../../simulator';
import { SiteError } from './site-error';
import { collect, failure, fakeClock, harness, must, type Harness } from './test-support';

const BERLIN = '103035651';
const SEARCH = '/jobs-guest/jobs/api/seeMoreJobPostings/search';
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function setup(options: Parameters<typeof harness>[0] = {}, jobsPerQuery = 45) {
  const clock = fakeClock();
  const current = await harness(
    { now: clock.now, sleep: clock.sleep, random: clock.random, ...options },
    { jobsPerQuery },
  );
  h = current;
  const expected = current.sim.search.guest('qa', BERLIN).visible.map((j) => j.id);
  const run = async (): Promise<string[]> =>
    (await collect(current.client.searchJobs({ keywords: 'qa', geoId: BERLIN }))).flatMap((p) =>
      p.cards.map((c) => c.jobId),
    );
  return { h: current, clock, expected, run };
}

describe('refusals (429 and 999)', () => {
  it('backs off from 2 s, doubling, and recovers with nothing lost', async () => {
    const { h, clock, expected, run } = await setup();
    h.sim.faults.rateLimit(4, { pathPrefix: SEARCH });
    expect(await run()).toEqual(expected);
    expect(clock.sleeps).toEqual([2000, 4000, 8000, 16000]);
    expect(h.sim.requests.filter((r) => r.status === 429)).toHaveLength(4);
  });

  it('caps the back-off at 60 s', async () => {
    const { h, clock, expected, run } = await setup();
    h.sim.faults.rateLimit(8);
    expect(await run()).toEqual(expected);
    expect(clock.sleeps).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
  });

  it('honours Retry-After in seconds', async () => {
    const { h, clock, expected, run } = await setup();
    h.sim.faults.rateLimit(2, { retryAfterSeconds: 7 });
    expect(await run()).toEqual(expected);
    expect(clock.sleeps).toEqual([7000, 7000]);
  });

  it('honours Retry-After as an HTTP date', async () => {
    const { h, clock, expected, run } = await setup();
    h.sim.faults.rateLimit(1, { retryAfterSeconds: 30, retryAfterAsDate: true });
    expect(await run()).toEqual(expected);
    // HTTP dates have whole seconds and the two clocks started apart: about 30 s.
    expect(clock.sleeps[0]).toBeGreaterThan(28_500);
    expect(clock.sleeps[0]).toBeLessThan(31_500);
  });

  it('waits out 999 ("request denied") the same way', async () => {
    const { h, clock, expected, run } = await setup();
    h.sim.faults.rateLimit(2, { status: 999 });
    expect(await run()).toEqual(expected);
    expect(clock.sleeps).toEqual([2000, 4000]);
  });

  it('gives up after stallMs of refusals with "Rate limited by {site} for N minutes"', async () => {
    const { h, clock, run } = await setup({ stallMs: 900_000 });
    h.sim.faults.rateLimit(10_000);
    const error = await failure(run());
    expect(error).toBeInstanceOf(SiteError);
    expect(error).toMatchObject({
      kind: 'rate-limited',
      message: 'Rate limited by LinkedIn for 15 minutes',
    });
    expect(clock.elapsed()).toBeGreaterThanOrEqual(900_000);
    expect(clock.elapsed()).toBeLessThan(900_000 + 61_000);
    // Bounded: 2+4+…+60 s waits then one a minute for 15 minutes.
    expect(h.sim.requests.length).toBeLessThan(25);
  });

  it('names the site and the minutes from the settings', async () => {
    const { h, run } = await setup({ siteName: 'ExampleNet', stallMs: 120_000 });
    h.sim.faults.rateLimit(10_000, { retryAfterSeconds: 1 });
    await expect(run()).rejects.toThrow('Rate limited by ExampleNet for 2 minutes');
    expect(h.sim.requests.length).toBeLessThanOrEqual(122);
  });

  it('stays bounded even when the clock never moves', async () => {
    h = await harness(
      { stallMs: 30_000, sleep: async () => {}, now: () => 0 },
      { jobsPerQuery: 20 },
    );
    h.sim.faults.rateLimit(10_000);
    await expect(
      collect(h.client.searchJobs({ keywords: 'qa', geoId: BERLIN })),
    ).rejects.toMatchObject({ kind: 'rate-limited' });
    expect(h.sim.requests.length).toBeLessThanOrEqual(33);
  });

  it('a success ends the refusal streak', async () => {
    const { h, run, expected } = await setup({ stallMs: 20_000 });
    // Refusals around a success: each streak alone stays under the stall limit.
    h.sim.faults.rateLimit(3, { pathPrefix: SEARCH, retryAfterSeconds: 8 });
    const first = await run();
    h.sim.faults.rateLimit(2, { pathPrefix: SEARCH, retryAfterSeconds: 8 });
    expect([first, await run()]).toEqual([expected, expected]);
  });

  it('the typeahead fails fast instead of waiting', async () => {
    const { h, clock } = await setup();
    h.sim.faults.rateLimit(1);
    await expect(h.client.searchPlaces('Berl')).rejects.toMatchObject({ kind: 'rate-limited' });
    expect(clock.sleeps.filter((ms) => ms > 1000)).toEqual([]);
  });
});

describe('server errors, dropped connections and timeouts', () => {
  it('retries a 5xx burst and recovers', async () => {
    const { h, clock, expected, run } = await setup();
    h.sim.faults.serverError(2, { status: 503 });
    expect(await run()).toEqual(expected);
    expect(clock.sleeps).toEqual([1000, 2000]);
  });

  it('gives up on a lasting 5xx after a bounded number of attempts', async () => {
    const { h, run } = await setup();
    h.sim.faults.serverError(100);
    const error = await failure(run());
    expect(error).toMatchObject({ kind: 'http', status: 500 });
    expect(error).toHaveProperty(
      'message',
      `LinkedIn answered HTTP 500 for ${SEARCH} (4 attempts)`,
    );
    expect(h.sim.requests).toHaveLength(4);
  });

  it('retries dropped connections and recovers', async () => {
    const { h, expected, run } = await setup();
    h.sim.faults.drop(2);
    expect(await run()).toEqual(expected);
    expect(h.sim.requests.filter((r) => r.status === 0)).toHaveLength(2);
  });

  it('gives up on connections that keep dropping with a network error', async () => {
    const { h, run } = await setup({ maxAttempts: 3 });
    h.sim.faults.drop(100);
    const error = await failure(run());
    expect(error).toMatchObject({ kind: 'network' });
    expect(String(error)).toMatch(
      /Could not reach LinkedIn for \/jobs-guest\/jobs\/api\/seeMoreJobPostings\/search \(connection failed.*3 attempts\)/,
    );
    expect(h.sim.requests).toHaveLength(3);
  });

  it('times out a request that takes too long, retries, and then fails with a timeout', async () => {
    const { h, run } = await setup({ requestTimeoutMs: 80, maxAttempts: 2 });
    h.sim.faults.latency(400);
    const error = await failure(run());
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(String(error)).toMatch(/LinkedIn did not answer .* in time/);
    expect(h.sim.requests).toHaveLength(2);
  });

  it('recovers when only one answer is slow', async () => {
    const { h, expected, run } = await setup({ requestTimeoutMs: 150 });
    h.sim.faults.latency(500, { count: 1 });
    expect(await run()).toEqual(expected);
  });
});

describe('auth wall and expired sessions', () => {
  it('stops at a redirect to /authwall without following it', async () => {
    const { h, run } = await setup();
    h.sim.faults.authWall({ pathPrefix: SEARCH });
    const error = await failure(run());
    expect(error).toMatchObject({
      kind: 'session-expired',
      message: 'LinkedIn session expired or missing: paste new cookies in Settings',
    });
    expect(h.sim.requests.map((r) => r.path)).toEqual([SEARCH]);
  });

  it('stops at an auth wall on the details page', async () => {
    const { h } = await setup();
    h.sim.faults.authWall();
    await expect(h.client.getJobDetails(must(h.sim.catalogue.jobs[0]).id)).rejects.toMatchObject({
      kind: 'session-expired',
    });
  });

  it('never puts cookies or tokens into an error message', async () => {
    const { h } = await setup();
    h.sim.expireSession();
    const errors = await Promise.all([
      failure(collect(h.client.searchJobsWithAi({ keywords: 'qa', cookies: VALID_COOKIES }))),
      failure(h.client.getCompany(must(h.sim.catalogue.companies[0]).id, VALID_COOKIES)),
    ]);
    h.sim.reset();
    h.sim.faults.serverError(100);
    errors.push(
      await failure(collect(h.client.searchJobsWithAi({ keywords: 'qa', cookies: VALID_COOKIES }))),
    );
    for (const error of errors) {
      expect(error).toBeInstanceOf(SiteError);
      const text = `${String(error)} ${JSON.stringify(error)}`;
      expect(text).not.toContain(SIMULATOR_LI_AT);
      expect(text).not.toContain(SIMULATOR_JSESSIONID);
    }
  });
});

describe('changed markup', () => {
  it('fails the search with a parse error naming what is missing', async () => {
    const { h, run } = await setup();
    h.sim.faults.changedMarkup();
    const error = await failure(run());
    expect(error).toMatchObject({ kind: 'parse', path: SEARCH });
    expect(String(error)).toMatch(
      /missing .*title \(\.base-search-card__title, .*company \(\.base-search-card__subtitle, /,
    );
  });

  it('fails the details with a parse error naming title and description', async () => {
    const { h } = await setup();
    h.sim.faults.changedMarkup();
    const id = must(h.sim.catalogue.jobs[1]).id;
    await expect(h.client.getJobDetails(id)).rejects.toThrow(
      `Could not parse LinkedIn job details at /jobs-guest/jobs/api/jobPosting/${id}: missing title (h2.top-card-layout__title, h1.top-card-layout__title, .topcard__title), description (div.show-more-less-html__markup, .description__text--rich)`,
    );
  });

  it('fails the AI search with a parse error naming the component key', async () => {
    const { h } = await setup({}, 30);
    h.sim.faults.changedMarkup();
    await expect(
      collect(h.client.searchJobsWithAi({ keywords: 'qa', cookies: VALID_COOKIES })),
    ).rejects.toThrow(/job-card-component-ref-<id>/);
  });
});
