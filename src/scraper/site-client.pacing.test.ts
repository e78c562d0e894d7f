import { afterEach, describe, expect, it, vi } from 'vitest';
import { collect, harness, must, type Harness } from './test-support';

const BERLIN = '103035651';
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** Gaps between the arrivals of consecutive requests, as the simulated site saw them. */
function arrivalGaps(h: Harness, pathPrefix = '/jobs-guest/jobs/'): number[] {
  const times = h.sim.requests.filter((r) => r.path.startsWith(pathPrefix)).map((r) => r.at);
  return times.slice(1).map((t, i) => t - (times[i] ?? t));
}

// Timer and clock granularity: a gap may measure up to this much short of the interval.
const SLACK_MS = 2;

describe('politeness: request rate and concurrency', () => {
  it('never sends two batch requests closer than minIntervalMs', async () => {
    h = await harness({ minIntervalMs: 40, jitterRatio: 0 }, { jobsPerQuery: 60 });
    await collect(h.client.searchJobs({ keywords: 'pace', geoId: BERLIN }));
    const gaps = arrivalGaps(h);
    expect(gaps.length).toBeGreaterThanOrEqual(6);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(40 - SLACK_MS);
  });

  it('adds up to 50% jitter to the gap', async () => {
    let flip = 0;
    h = await harness(
      { minIntervalMs: 30, random: () => (flip++ % 2 === 0 ? 0.999 : 0) },
      { jobsPerQuery: 60 },
    );
    await collect(h.client.searchJobs({ keywords: 'pace', geoId: BERLIN }));
    const gaps = arrivalGaps(h);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(30 - SLACK_MS);
    expect(gaps.some((g) => g >= 44)).toBe(true);
  });

  it('keeps one request at a time and the spacing across concurrent callers', async () => {
    const { client, sim } = (h = await harness(
      { minIntervalMs: 30, jitterRatio: 0 },
      { jobsPerQuery: 25 },
    ));
    const ids = sim.catalogue.jobs.slice(0, 4).map((j) => j.id);
    await Promise.all([
      collect(client.searchJobs({ keywords: 'a', geoId: BERLIN })),
      collect(client.searchJobs({ keywords: 'b', geoId: BERLIN })),
      ...ids.map((id) => client.getJobDetails(id)),
    ]);
    expect(h.sim.requests.length).toBeGreaterThanOrEqual(12);
    for (const gap of arrivalGaps(h)) expect(gap).toBeGreaterThanOrEqual(30 - SLACK_MS);
  });

  it('does not hold the operator’s typeahead behind a running batch', async () => {
    h = await harness({ minIntervalMs: 400, jitterRatio: 0 }, { jobsPerQuery: 40 });
    const batch = collect(h.client.searchJobs({ keywords: 'slow batch', geoId: BERLIN }));
    await new Promise((r) => setTimeout(r, 50));
    const started = performance.now();
    const places = await h.client.searchPlaces('Berlin');
    expect(performance.now() - started).toBeLessThan(300);
    expect(places[0]).toEqual({ id: BERLIN, displayName: 'Berlin, Germany' });
    await batch;
  });

  it('never spaces the typeahead further apart than minIntervalMs asks', async () => {
    const { client, sim } = (h = await harness({ minIntervalMs: 20, jitterRatio: 0 }));
    for (const q of ['Ber', 'Mun', 'Ham', 'Par', 'Lon']) await client.searchPlaces(q);
    const times = sim.requests.map((r) => r.at);
    expect(times).toHaveLength(5);
    // The first arrival also carries the connection's set-up: the spacing is read from the second
    // on. At least the client's 20 ms; far below the typeahead's own 200 ms.
    const spacing = ((times[4] ?? 0) - (times[1] ?? 0)) / 3;
    expect(spacing).toBeGreaterThanOrEqual(20 - SLACK_MS);
    expect(spacing).toBeLessThan(120);
  });

  it('gives the typeahead its own budget: a few at once, starts spaced', async () => {
    const { client, sim } = (h = await harness({
      typeahead: { maxConcurrent: 2, minIntervalMs: 25 },
    }));
    sim.faults.latency(100, { pathPrefix: '/jobs-guest/api/typeaheadHits' });
    const started = performance.now();
    await Promise.all(
      ['Ber', 'Mun', 'Ham', 'Par', 'Lon', 'Tok'].map((q) => client.searchPlaces(q)),
    );
    // Two at a time, 100 ms each: at least three rounds.
    expect(performance.now() - started).toBeGreaterThanOrEqual(300 - SLACK_MS);
    const times = sim.requests.map((r) => r.at);
    expect(times).toHaveLength(6);
    // Starts are spaced on the client; arrival times carry scheduling noise, so the mean is checked.
    expect(((times[5] ?? 0) - (times[0] ?? 0)) / 5).toBeGreaterThanOrEqual(25 - SLACK_MS);
  });
});

describe('cancelling', () => {
  it('stops a search waiting for its turn or its interval with an "aborted" SiteError', async () => {
    const { client, sim } = (h = await harness(
      { minIntervalMs: 5_000, jitterRatio: 0 },
      { jobsPerQuery: 40 },
    ));
    const abort = new AbortController();
    const search = collect(
      client.searchJobs({ keywords: 'cancel', geoId: BERLIN }, { signal: abort.signal }),
    );
    const queued = client.getJobDetails(must(h.sim.catalogue.jobs[0]).id, { signal: abort.signal });
    // Once the first page has been asked for, the search waits out its 5 s interval and the
    // details wait for their turn: the abort comes then, however slowly this machine runs.
    await vi.waitFor(() => expect(sim.requests).toHaveLength(1), { timeout: 5_000 });
    const started = performance.now();
    abort.abort();
    await expect(search).rejects.toMatchObject({ name: 'SiteError', kind: 'aborted' });
    await expect(queued).rejects.toMatchObject({ name: 'SiteError', kind: 'aborted' });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(h.sim.requests).toHaveLength(1);
  });
});
