import { afterEach, describe, expect, it } from 'vitest';
import { EXPIRED_COOKIES, SIMULATOR_JSESSIONID, VALID_COOKIES } from '../../simulator';
import { aiKeywords } from './ai-search';
import { SiteError } from './site-error';
import { collect, failure, harness, type Harness } from './test-support';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('AI-powered search against the simulated site', () => {
  it('pages through all results, 25 a page, with NavigateToScreen POSTs', async () => {
    h = await harness({}, { jobsPerQuery: 110 });
    const pages = await collect(
      h.client.searchJobsWithAi({
        keywords: 'python developer',
        placeName: 'Berlin, Germany',
        geoId: '103035651',
        cookies: VALID_COOKIES,
      }),
    );
    const expected = h.sim.search.ai('python developer in Berlin, Germany').visible;
    const cards = pages.flatMap((p) => p.cards);
    expect(cards.map((c) => c.jobId)).toEqual(expected.map((j) => j.id));
    expect(pages.map((p) => p.cards.length)).toEqual([25, 25, 25, 25, 10]);
    expect(cards[0]).toMatchObject({
      title: expected[0]?.title,
      companyName: expected[0]?.company.name,
      location: expected[0]?.place.displayName,
    });

    const requests = h.sim.requests;
    expect(requests.map((r) => r.method)).toEqual(['GET', 'POST', 'POST', 'POST', 'POST', 'POST']);
    expect(requests[0]?.query).toMatchObject({
      keywords: 'python developer in Berlin, Germany',
      geoId: '103035651',
      skipRedirect: 'true',
    });
    expect(requests[0]?.headers).toMatchObject({
      'csrf-token': SIMULATOR_JSESSIONID,
      'x-li-rsc-stream': 'true',
      accept: '*/*',
    });
    // Each POST names the previous answer's route URL.
    expect(requests[1]?.headers['x-li-initial-url']).toMatch(/start=0$/);
    expect(requests[2]?.headers['x-li-initial-url']).toMatch(/start=25$/);
  });

  it('stops at maxResultsPerQuery', async () => {
    h = await harness({ maxResultsPerQuery: 30 }, { jobsPerQuery: 110 });
    const pages = await collect(
      h.client.searchJobsWithAi({ keywords: 'qa', cookies: VALID_COOKIES }),
    );
    expect(pages.flatMap((p) => p.cards)).toHaveLength(30);
    expect(h.sim.requests).toHaveLength(2);
  });

  it('fails at once, without a request, when the cookies lack li_at or JSESSIONID', async () => {
    h = await harness();
    for (const cookies of ['', 'lang=v=2&lang=en-us', 'li_at=abc', 'JSESSIONID="ajax:1"']) {
      const error = await failure(collect(h.client.searchJobsWithAi({ keywords: 'qa', cookies })));
      expect(error).toBeInstanceOf(SiteError);
      expect(error).toMatchObject({
        kind: 'needs-cookies',
        message: 'AI-powered search needs valid LinkedIn cookies: paste new ones in Settings',
      });
    }
    expect(h.sim.requests).toHaveLength(0);
  });

  it('reports expired cookies (redirect to the auth wall) as an expired session', async () => {
    h = await harness();
    await expect(
      collect(h.client.searchJobsWithAi({ keywords: 'qa', cookies: EXPIRED_COOKIES })),
    ).rejects.toMatchObject({
      kind: 'session-expired',
      message: 'LinkedIn session expired or missing: paste new cookies in Settings',
    });
  });

  it('stops when the session expires between pages', async () => {
    const { client, sim } = (h = await harness({}, { jobsPerQuery: 80 }));
    const seen: number[] = [];
    const error = await failure(
      (async () => {
        for await (const page of client.searchJobsWithAi({
          keywords: 'qa',
          cookies: VALID_COOKIES,
        })) {
          seen.push(page.cards.length);
          sim.expireSession();
        }
      })(),
    );
    expect(seen).toEqual([25]);
    expect(error).toMatchObject({ kind: 'session-expired' });
  });
});

describe('aiKeywords', () => {
  it.each([
    ['python developer', 'Berlin, Germany', 'python developer in Berlin, Germany'],
    [
      'python developer',
      'San Francisco, California, United States',
      'python developer in San Francisco, California',
    ],
    ['  data engineer ', 'United States', 'data engineer in United States'],
    ['designer', undefined, 'designer'],
    ['designer', '  ', 'designer'],
  ])('%s + %s → %s', (keywords, place, expected) => {
    expect(aiKeywords(keywords, place)).toBe(expected);
  });
});
