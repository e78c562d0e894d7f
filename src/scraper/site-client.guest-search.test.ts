import { afterEach, describe, expect, it } from 'vitest';
import { GUEST_OFFSET_LIMIT } from './guest-search';
import { SiteError } from './site-error';
import { collect, failure, harness, type Harness } from './test-support';

const BERLIN = '103035651';
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('guest search against the simulated site', () => {
  it('pages to the last job, stepping by the cards actually returned, nothing skipped or repeated', async () => {
    h = await harness({}, { jobsPerQuery: 237 });
    const pages = await collect(
      h.client.searchJobs({ keywords: 'python developer', geoId: BERLIN }),
    );
    const expected = h.sim.search.guest('python developer', BERLIN).visible.map((j) => j.id);
    const got = pages.flatMap((p) => p.cards.map((c) => c.jobId));
    expect(got).toEqual(expected);
    expect(new Set(got).size).toBe(237);
    // The simulator returns short pages now and then; the client must not step by 10 regardless.
    expect(
      pages.some((p) => p.cards.length > 0 && p.cards.length < 10 && p !== pages[pages.length - 1]),
    ).toBe(true);
    for (let i = 1; i < pages.length; i += 1) expect(pages[i]?.start).toBe(pages[i - 1]?.nextStart);
    // The end is an empty fragment: one more request after the last page.
    const searches = h.sim.requests.filter((r) => r.path.endsWith('/search'));
    expect(searches).toHaveLength(pages.length + 1);
    expect(searches.map((r) => Number(r.query.start))).toEqual([...pages.map((p) => p.start), 237]);
  });

  it('sends the documented query, desktop Chrome headers and no cookies', async () => {
    h = await harness({}, { jobsPerQuery: 5 });
    await collect(
      h.client.searchJobs({
        keywords: 'data engineer',
        geoId: BERLIN,
        location: 'Berlin',
        filters: { f_TPR: 'r86400' },
      }),
    );
    const first = h.sim.requests[0];
    expect(first?.query).toEqual({
      keywords: 'data engineer',
      geoId: BERLIN,
      location: 'Berlin',
      start: '0',
      f_TPR: 'r86400',
    });
    expect(first?.headers['user-agent']).toMatch(/Chrome\/\d+.*Safari/);
    expect(first?.headers['accept-language']).toMatch(/^en-US/);
    expect(first?.headers['sec-ch-ua-platform']).toBe('"Windows"');
    expect(first?.headers.cookie).toBeUndefined();
  });

  it('stops at the HTTP 400 past offset 999 with the first 1000 results', async () => {
    h = await harness({ maxResultsPerQuery: 5000 }, { jobsPerQuery: 1500 });
    const pages = await collect(h.client.searchJobs({ keywords: 'engineer', geoId: BERLIN }));
    const got = pages.flatMap((p) => p.cards.map((c) => c.jobId));
    expect(got).toEqual(h.sim.search.guest('engineer', BERLIN).visible.map((j) => j.id));
    expect(got).toHaveLength(GUEST_OFFSET_LIMIT);
    const last = h.sim.requests[h.sim.requests.length - 1];
    expect(last?.status).toBe(400);
    expect(Number(last?.query.start)).toBeGreaterThanOrEqual(GUEST_OFFSET_LIMIT);
  });

  it('takes at most maxResultsPerQuery jobs', async () => {
    h = await harness({ maxResultsPerQuery: 35 }, { jobsPerQuery: 500 });
    const pages = await collect(h.client.searchJobs({ keywords: 'designer', geoId: BERLIN }));
    const got = pages.flatMap((p) => p.cards.map((c) => c.jobId));
    expect(got).toEqual(
      h.sim.search
        .guest('designer', BERLIN)
        .visible.slice(0, 35)
        .map((j) => j.id),
    );
    expect(h.sim.requests.every((r) => Number(r.query.start) < 35)).toBe(true);
  });

  it('resumes from an absolute offset', async () => {
    h = await harness({}, { jobsPerQuery: 60 });
    const all = h.sim.search.guest('go developer', BERLIN).visible.map((j) => j.id);
    const pages = await collect(
      h.client.searchJobs({ keywords: 'go developer', geoId: BERLIN, startAt: 23 }),
    );
    expect(pages[0]?.start).toBe(23);
    expect(pages.flatMap((p) => p.cards.map((c) => c.jobId))).toEqual(all.slice(23));
  });

  it('parses the rough edges: entities, non-Latin text, missing company links, --new dates', async () => {
    h = await harness({ maxResultsPerQuery: 1000 }, { jobsPerQuery: 1000 });
    const pages = await collect(h.client.searchJobs({ keywords: 'anything', geoId: BERLIN }));
    const cards = pages.flatMap((p) => p.cards);
    expect(pages.every((p) => p.skippedCards === 0)).toBe(true);
    const byId = new Map(cards.map((c) => [c.jobId, c]));
    for (const job of h.sim.search.guest('anything', BERLIN).visible) {
      const card = byId.get(job.id);
      expect(card?.title).toBe(job.title);
      expect(card?.companyName).toBe(job.company.name);
      expect(card?.companySlug).toBe(job.companyLinked ? job.company.slug : null);
      expect(card?.location).toBe(job.place.displayName);
      expect(card?.salary).toBe(job.salary);
      expect(card?.postedDate).toBe(job.postedDate);
    }
    expect(cards.some((c) => /^[=+\-@]/.test(c.title))).toBe(true);
    expect(cards.some((c) => /[ぁ-んァ-ン一-龯]/.test(c.title))).toBe(true);
    expect(cards.some((c) => /[äöüß]/.test(c.title + c.companyName))).toBe(true);
  });

  it('fails with an HTTP error for a 400 before offset 1000', async () => {
    h = await harness();
    h.sim.faults.add({ kind: 'status', status: 400, count: 1 });
    const error = await failure(collect(h.client.searchJobs({ keywords: 'x', geoId: BERLIN })));
    expect(error).toBeInstanceOf(SiteError);
    expect(error).toMatchObject({ kind: 'http', status: 400 });
  });
});
