import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NO_FILTERS, type Query, type SearchFilters } from '../../contract';
import { startTestServer, type TestServer } from '../test-harness';
import { AI_FILTERS_MESSAGE } from './routes';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  await server.database.db
    .insertInto('locations')
    .values([{ id: 103035651, display_name: 'Berlin, Germany', seen_at: 0 }])
    .execute();
});
afterEach(async () => {
  await server.close();
});

const valid = { job_title: 'Data Analyst', location_id: 103035651, status: 'active', is_ai: false };
const create = (payload: object) =>
  server.authed({ method: 'POST', url: '/api/v1/queries', payload });
const update = (id: number, payload: object) =>
  server.authed({ method: 'PUT', url: `/api/v1/queries/${id}`, payload });
const list = async () =>
  (await server.authed({ method: 'GET', url: '/api/v1/queries' })).json<Query[]>();

const someFilters: SearchFilters = {
  posted_within: 'past_week',
  workplace: ['remote', 'hybrid'],
  experience: ['mid_senior'],
  job_type: ['full_time', 'contract'],
  easy_apply: true,
  distance: 25,
};

describe('query filters on POST/PUT /queries', () => {
  it('stores the filters of a create and lists them, lists in canonical order', async () => {
    const res = await create({
      ...valid,
      filters: { ...someFilters, workplace: ['hybrid', 'remote', 'hybrid'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Query>().filters).toEqual(someFilters);
    expect((await list())[0]?.filters).toEqual(someFilters);
  });

  it('fills the keys a partial filters object leaves out with "no filter"', async () => {
    const res = await create({ ...valid, filters: { workplace: ['remote'] } });
    expect(res.json<Query>().filters).toEqual({ ...NO_FILTERS, workplace: ['remote'] });
  });

  it('keeps the stored filters when an edit (or the Active toggle) omits them', async () => {
    await create({ ...valid, filters: someFilters });
    const toggled = await update(1, { ...valid, status: 'inactive' });
    expect(toggled.statusCode).toBe(200);
    expect(toggled.json<Query>().filters).toEqual(someFilters);
    expect((await list())[0]?.filters).toEqual(someFilters);
  });

  it('replaces the filters when an edit sends them, and clears them with {}', async () => {
    await create({ ...valid, filters: someFilters });
    await update(1, { ...valid, filters: { easy_apply: true } });
    expect((await list())[0]?.filters).toEqual({ ...NO_FILTERS, easy_apply: true });
    await update(1, { ...valid, filters: {} });
    expect((await list())[0]?.filters).toEqual(NO_FILTERS);
  });

  it.each([
    ['an unknown key', { salary: 'high' }, 'filters has unknown key salary'],
    ['an unknown workplace', { workplace: ['moon'] }, 'filters.workplace must be a list of'],
    ['a workplace that is not a list', { workplace: 'remote' }, 'filters.workplace must be a list'],
    ['an unknown experience', { experience: ['guru'] }, 'filters.experience must be a list of'],
    ['an unknown job type', { job_type: ['gig'] }, 'filters.job_type must be a list of'],
    ['an unknown posted within', { posted_within: 'yesterday' }, 'filters.posted_within must be'],
    ['a distance the site has no option for', { distance: 7 }, 'filters.distance must be one of'],
    ['a distance as text', { distance: '25' }, 'filters.distance must be one of'],
    ['easy_apply as text', { easy_apply: 'yes' }, 'filters.easy_apply must be a boolean'],
  ])('answers 400 with a clear error for %s, and stores nothing', async (_label, filters, text) => {
    const res = await create({ ...valid, filters });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toContain(text);
    expect(await list()).toEqual([]);
  });

  it('answers 400 for filters that are not an object', async () => {
    const res = await create({ ...valid, filters: ['remote'] });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toContain('filters must be an object');
  });

  it('answers 400 for an edit with a bad filter and keeps the stored ones', async () => {
    await create({ ...valid, filters: someFilters });
    const res = await update(1, { ...valid, filters: { workplace: ['office'] } });
    expect(res.statusCode).toBe(400);
    expect((await list())[0]?.filters).toEqual(someFilters);
  });

  it('refuses filters on an AI query, but an AI query without them is as SPEC.md says', async () => {
    const refused = await create({ ...valid, is_ai: true, filters: { workplace: ['remote'] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: string }>().error).toBe(AI_FILTERS_MESSAGE);
    expect((await create({ ...valid, is_ai: true, filters: {} })).statusCode).toBe(200);
    expect((await create({ ...valid, is_ai: true })).statusCode).toBe(200);
  });
});
