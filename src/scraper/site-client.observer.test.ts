import { afterEach, describe, expect, it } from 'vitest';
import type { SiteEndpoint, SiteObserver, SiteRetryReason } from './site-observer';
import { collect, fakeClock, harness, type Harness } from './test-support';

// The observer the server's metrics hang on the client: every attempt's outcome by endpoint
// (never a URL), and every wait before a retry with its reason.

const BERLIN = '103035651';
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function recordingObserver() {
  const requests: Array<[SiteEndpoint, number | string]> = [];
  const pauses: Array<[SiteEndpoint, SiteRetryReason, number]> = [];
  const observer: SiteObserver = {
    request: (endpoint, outcome) => requests.push([endpoint, outcome]),
    pause: (endpoint, reason, ms) => pauses.push([endpoint, reason, ms]),
  };
  return { observer, requests, pauses };
}

/** A client on a fake clock (back-off is instant) against the simulator, its observer recording. */
async function observedClient() {
  const clock = fakeClock();
  const seen = recordingObserver();
  const current = await harness(
    { now: clock.now, sleep: clock.sleep, random: clock.random, observer: seen.observer },
    { jobsPerQuery: 5 },
  );
  h = current;
  return { h: current, seen };
}

describe('SiteObserver', () => {
  it('hears each attempt by endpoint and status, refusals and 5xx with their pauses', async () => {
    const { h, seen } = await observedClient();
    h.sim.faults.rateLimit(2);
    await collect(h.client.searchJobs({ keywords: 'qa', geoId: BERLIN }));
    h.sim.faults.serverError(1, { status: 503 });
    const jobId = h.sim.search.guest('qa', BERLIN).visible[0]?.id ?? '';
    await h.client.getJobDetails(jobId);
    await h.client.searchPlaces('Berl');

    const searches = seen.requests.filter(([e]) => e === 'guest-search').map(([, s]) => s);
    expect(searches.slice(0, 3)).toEqual([429, 429, 200]);
    expect(seen.requests.filter(([e]) => e === 'job-details')).toEqual([
      ['job-details', 503],
      ['job-details', 200],
    ]);
    expect(seen.requests).toContainEqual(['typeahead', 200]);
    expect(seen.pauses).toEqual([
      ['guest-search', 'refused', 2000],
      ['guest-search', 'refused', 4000],
      ['job-details', 'server-error', 1000],
    ]);
  });

  it('hears a dropped connection as "network" and its retry', async () => {
    const { h, seen } = await observedClient();
    h.sim.faults.drop(1);
    await collect(h.client.searchJobs({ keywords: 'qa', geoId: BERLIN }));
    expect(seen.requests.slice(0, 2)).toEqual([
      ['guest-search', 'network'],
      ['guest-search', 200],
    ]);
    expect(seen.pauses).toEqual([['guest-search', 'network', 1000]]);
  });
});
