import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../simulator';
import type { LocationSuggestion } from '../../contract';
import { startTestServer, type TestServer } from '../test-harness';
import { TYPEAHEAD_CACHE_TTL_MS } from '../../db/locations';

const TYPEAHEAD_PATH = '/jobs-guest/api/typeaheadHits';

let sim: Simulator;
let server: TestServer;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(async () => {
  await sim.close();
});
beforeEach(async () => {
  sim.reset();
  server = await startTestServer({ LINKEDIN_BASE_URL: sim.url });
});
afterEach(async () => {
  await server.close();
});

const typeahead = (query?: string) =>
  server.authed({
    method: 'GET',
    url: '/api/v1/locations/typeahead',
    ...(query === undefined ? {} : { query: { query } }),
  });
const siteCalls = () => sim.requests.filter((r) => r.path === TYPEAHEAD_PATH);

describe('GET /locations/typeahead', () => {
  it("answers the site's places as {id, displayName} strings, asking for GEO", async () => {
    const res = await typeahead('Berlin');
    expect(res.statusCode).toBe(200);
    const hits = res.json<LocationSuggestion[]>();
    expect(hits).toContainEqual({ id: '103035651', displayName: 'Berlin, Germany' });
    for (const hit of hits) expect(Object.keys(hit).sort()).toEqual(['displayName', 'id']);
    expect(siteCalls()).toHaveLength(1);
    expect(siteCalls()[0]?.query).toMatchObject({ typeaheadType: 'GEO', query: 'berlin' });
  });

  it('stores every returned place, so a query can name it later', async () => {
    const hits = (await typeahead('San Francisco')).json<LocationSuggestion[]>();
    expect(hits.length).toBeGreaterThan(1);
    const rows = await server.database.db
      .selectFrom('locations')
      .select(['id', 'display_name'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual(
      hits
        .map((h) => ({ id: Number(h.id), display_name: h.displayName }))
        .sort((a, b) => a.id - b.id),
    );
    const created = await server.authed({
      method: 'POST',
      url: '/api/v1/queries',
      payload: { job_title: 'Analyst', location_id: 90000084, status: 'active', is_ai: false },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json<{ display_name: string }>().display_name).toBe('San Francisco Bay Area');
  });

  it('answers a repeated question from its cache for a day, whatever the spacing and case', async () => {
    const first = (await typeahead('Berlin')).json<LocationSuggestion[]>();
    expect((await typeahead('  BERLIN ')).json()).toEqual(first);
    expect(siteCalls()).toHaveLength(1);
    server.advance(TYPEAHEAD_CACHE_TTL_MS - 1);
    await typeahead('berlin');
    expect(siteCalls()).toHaveLength(1);
    server.advance(1);
    expect((await typeahead('Berlin')).json()).toEqual(first);
    expect(siteCalls()).toHaveLength(2);
  });

  it('caches an empty answer too', async () => {
    expect((await typeahead('Qqqzzx')).json()).toEqual([]);
    expect((await typeahead('qqqzzx')).json()).toEqual([]);
    expect(siteCalls()).toHaveLength(1);
  });

  it('shares one site call between simultaneous identical questions', async () => {
    const answers = await Promise.all([
      typeahead('Munich'),
      typeahead('munich'),
      typeahead('MUNICH'),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(siteCalls()).toHaveLength(1);
  });

  it.each([
    ['no query', undefined],
    ['an empty query', ''],
    ['a blank query', '   '],
  ])('answers [] for %s without asking the site', async (_label, query) => {
    const res = await typeahead(query);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(siteCalls()).toHaveLength(0);
  });

  it('answers 400 for a query over 200 characters', async () => {
    const res = await typeahead('x'.repeat(201));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'query must be at most 200 characters' });
    expect(siteCalls()).toHaveLength(0);
  });

  it('answers 502 {error} when the site fails, and caches nothing', async () => {
    sim.faults.serverError(10, { pathPrefix: TYPEAHEAD_PATH });
    const res = await typeahead('Berlin');
    expect(res.statusCode).toBe(502);
    expect(res.json<{ error: string }>().error).toMatch(/LinkedIn/);
    expect(await server.database.db.selectFrom('typeahead_cache').selectAll().execute()).toEqual(
      [],
    );
    sim.faults.clear();
    expect((await typeahead('Berlin')).statusCode).toBe(200);
  });

  it('answers 502 when the site drops the connection', async () => {
    sim.faults.drop(10, { pathPrefix: TYPEAHEAD_PATH });
    const res = await typeahead('Hamburg');
    expect(res.statusCode).toBe(502);
    expect(res.json<{ error: string }>().error).toEqual(expect.any(String));
  });

  it('answers 502 within about 5 seconds when the site is slower', async () => {
    sim.faults.latency(8_000, { pathPrefix: TYPEAHEAD_PATH });
    const started = performance.now();
    const res = await typeahead('Berlin');
    const took = performance.now() - started;
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: 'LinkedIn did not answer the location lookup within 5 seconds',
    });
    expect(took).toBeGreaterThanOrEqual(4_900);
    expect(took).toBeLessThan(6_500);
  });

  it('needs a session', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/locations/typeahead?query=Berlin',
    });
    expect(res.statusCode).toBe(401);
    expect(siteCalls()).toHaveLength(0);
  });
});
