import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from './server';
import { EXPIRED_COOKIES, SIMULATOR_JSESSIONID, VALID_COOKIES } from './session';

let sim: Simulator | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const SEARCH = '/jobs-guest/jobs/api/seeMoreJobPostings/search';

async function get(path: string, init: RequestInit = {}): Promise<Response> {
  if (!sim) throw new Error('no simulator');
  return fetch(`${sim.url}${path}`, { redirect: 'manual', ...init });
}

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('expected a value');
  return value;
}

describe('simulated site: shapes', () => {
  it('binds to 127.0.0.1 only', async () => {
    sim = await startSimulator();
    expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves ≤ 10 guest cards a page, short pages now and then, 400 from offset 1000, empty at the end', async () => {
    sim = await startSimulator({ jobsPerQuery: 1200 });
    const sizes: number[] = [];
    for (let start = 0; start < 300; start += 10) {
      const html = await (await get(`${SEARCH}?keywords=x&geoId=1&start=${start}`)).text();
      sizes.push((html.match(/<li>/g) ?? []).length);
    }
    expect(Math.max(...sizes)).toBe(10);
    expect(sizes.some((n) => n < 10)).toBe(true);
    const past = await get(`${SEARCH}?keywords=x&geoId=1&start=1000`);
    expect(past.status).toBe(400);
    expect(await past.text()).toBe('');
    await sim.close();
    sim = await startSimulator({ jobsPerQuery: 12 });
    const end = await get(`${SEARCH}?keywords=x&geoId=1&start=12`);
    expect(end.status).toBe(200);
    expect((await end.text()).trim()).toBe('');
  });

  it('writes cards in the documented markup', async () => {
    sim = await startSimulator({ jobsPerQuery: 50 });
    const html = await (await get(`${SEARCH}?keywords=x&geoId=1&start=0`)).text();
    for (const cls of [
      'base-search-card__title',
      'base-search-card__subtitle',
      'job-search-card__location',
      'base-card__full-link',
    ])
      expect(html).toContain(cls);
    expect(html).toMatch(/data-entity-urn="urn:li:jobPosting:\d+"/);
    expect(html).toMatch(
      /<time class="job-search-card__listdate(--new)?" datetime="\d{4}-\d{2}-\d{2}">/,
    );
  });

  it('serves details pages, 404 for unknown ids', async () => {
    sim = await startSimulator();
    const job = must(sim.catalogue.jobs[0]);
    const html = await (await get(`/jobs-guest/jobs/api/jobPosting/${job.id}`)).text();
    expect(html).toContain('top-card-layout__title');
    expect(html).toContain('show-more-less-html__markup');
    expect(html).toContain('description__job-criteria-item');
    expect((await get('/jobs-guest/jobs/api/jobPosting/1')).status).toBe(404);
  });

  it('serves the typeaheads as JSON in text/plain', async () => {
    sim = await startSimulator();
    const res = await get(
      '/jobs-guest/api/typeaheadHits?typeaheadType=GEO&geoTypes=POPULATED_PLACE&query=berlin',
    );
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.json()).toContainEqual(
      expect.objectContaining({ id: '103035651', type: 'GEO', displayName: 'Berlin, Germany' }),
    );
    const company = must(sim.catalogue.companies[0]);
    const hits: unknown = await (
      await get(
        `/jobs-guest/api/typeaheadHits?typeaheadType=COMPANY&query=${encodeURIComponent(company.name)}`,
      )
    ).json();
    expect(hits).toContainEqual(expect.objectContaining({ id: company.id, type: 'COMPANY' }));
  });

  it('requires the session for company lookups and the AI search, and the csrf header', async () => {
    sim = await startSimulator();
    const path = `/voyager/api/organization/companies/${must(sim.catalogue.companies[0]).id}`;
    const signedOut = await get(path);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('location')).toMatch(/^\/authwall/);
    expect(
      (
        await get(path, {
          headers: { cookie: EXPIRED_COOKIES, 'csrf-token': SIMULATOR_JSESSIONID },
        })
      ).status,
    ).toBe(302);
    expect((await get(path, { headers: { cookie: VALID_COOKIES } })).status).toBe(403);
    const ok = await get(path, {
      headers: { cookie: VALID_COOKIES, 'csrf-token': SIMULATOR_JSESSIONID },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      data: { name: must(sim.catalogue.companies[0]).name },
    });
    sim.expireSession();
    expect(
      (await get(path, { headers: { cookie: VALID_COOKIES, 'csrf-token': SIMULATOR_JSESSIONID } }))
        .status,
    ).toBe(302);
    expect((await get('/flagship-web/jobs/search-results?keywords=x')).status).toBe(302);
  });

  it('answers /voyager/api/me for accepted cookies and sends anything else to the auth wall', async () => {
    sim = await startSimulator();
    const signedIn = { cookie: VALID_COOKIES, 'csrf-token': SIMULATOR_JSESSIONID };
    const ok = await get('/voyager/api/me', { headers: signedIn });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ data: { plainId: expect.any(Number) } });
    const expired = await get('/voyager/api/me', {
      headers: { cookie: EXPIRED_COOKIES, 'csrf-token': SIMULATOR_JSESSIONID },
    });
    expect(expired.status).toBe(302);
    expect(expired.headers.get('location')).toMatch(/^\/authwall/);
    expect((await get('/voyager/api/me')).status).toBe(302);
    expect((await get('/voyager/api/me', { headers: { cookie: VALID_COOKIES } })).status).toBe(403);
    sim.expireSession();
    expect((await get('/voyager/api/me', { headers: signedIn })).status).toBe(302);
  });

  it('streams the AI search as RSC with x-li-route-url, and pages by NavigateToScreen POST', async () => {
    sim = await startSimulator({ jobsPerQuery: 40 });
    const headers = { cookie: VALID_COOKIES, 'csrf-token': SIMULATOR_JSESSIONID };
    const first = await get('/flagship-web/jobs/search-results?keywords=qa&skipRedirect=true', {
      headers,
    });
    expect(first.headers.get('content-type')).toBe('text/x-component');
    const route = first.headers.get('x-li-route-url');
    expect(route).toMatch(/start=0/);
    const body = await first.text();
    expect(body.match(/"job-card-component-ref-\d+"/g)?.length).toBeGreaterThanOrEqual(25);
    expect(body).toMatch(/^0:\[/);
    const next = await get('/flagship-web/jobs/search-results?keywords=qa', {
      method: 'POST',
      headers: { ...headers, 'x-li-initial-url': route ?? '' },
      body: JSON.stringify({ url: '/flagship-web/jobs/search-results?keywords=qa&start=25' }),
    });
    expect(next.status).toBe(200);
    expect(next.headers.get('x-li-route-url')).toMatch(/start=25/);
    const missingHeader = await get('/flagship-web/jobs/search-results?keywords=qa', {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: '/flagship-web/jobs/search-results?keywords=qa&start=25' }),
    });
    expect(missingHeader.status).toBe(400);
  });
});

describe('simulated site: faults', () => {
  it('answers a countable 429 burst on a path prefix, with or without Retry-After', async () => {
    sim = await startSimulator();
    sim.faults.rateLimit(2, { pathPrefix: SEARCH, retryAfterSeconds: 5 });
    const a = await get(`${SEARCH}?keywords=x&geoId=1`);
    expect(a.status).toBe(429);
    expect(a.headers.get('retry-after')).toBe('5');
    expect((await get('/jobs-guest/api/typeaheadHits?typeaheadType=GEO&query=b')).status).toBe(200);
    expect((await get(`${SEARCH}?keywords=x&geoId=1`)).status).toBe(429);
    expect((await get(`${SEARCH}?keywords=x&geoId=1`)).status).toBe(200);
    sim.faults.rateLimit(1, { status: 999 });
    const denied = await get(`${SEARCH}?keywords=x&geoId=1`);
    expect(denied.status).toBe(999);
    expect(denied.headers.get('retry-after')).toBeNull();
  });

  it('drops connections, adds latency, serves 5xx, redirects to the auth wall, renames markup', async () => {
    sim = await startSimulator({ jobsPerQuery: 20 });
    sim.faults.drop(1);
    await expect(get(`${SEARCH}?keywords=x&geoId=1`)).rejects.toThrow();
    sim.faults.latency(120, { count: 1 });
    const started = performance.now();
    await get(`${SEARCH}?keywords=x&geoId=1`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    sim.faults.serverError(1, { status: 503 });
    expect((await get(`${SEARCH}?keywords=x&geoId=1`)).status).toBe(503);
    sim.faults.authWall({ count: 1 });
    expect((await get(`${SEARCH}?keywords=x&geoId=1`)).headers.get('location')).toMatch(
      /^\/authwall/,
    );
    sim.faults.changedMarkup({ count: 1 });
    const changed = await (await get(`${SEARCH}?keywords=x&geoId=1`)).text();
    expect(changed).not.toContain('base-search-card__title');
    expect(await (await get(`${SEARCH}?keywords=x&geoId=1`)).text()).toContain(
      'base-search-card__title',
    );
    expect(sim.faults.pending).toBe(0);
  });

  it('logs every request with method, path, query, arrival time and status; reset clears log and faults', async () => {
    sim = await startSimulator();
    sim.faults.serverError(5);
    await get(`${SEARCH}?keywords=x&geoId=1&start=0`);
    expect(sim.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: SEARCH,
        query: { keywords: 'x', geoId: '1', start: '0' },
        status: 500,
        at: expect.any(Number),
      }),
    ]);
    const log = sim.requests;
    sim.reset();
    expect(log).toHaveLength(0);
    expect(sim.faults.pending).toBe(0);
    expect((await get(`${SEARCH}?keywords=x&geoId=1&start=0`)).status).toBe(200);
  });
});
