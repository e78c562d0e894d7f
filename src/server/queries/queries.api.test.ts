import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_QUERIES, NO_FILTERS, type Query } from '../../contract';
import { startTestServer, type TestServer } from '../test-harness';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  // The places the typeahead would have returned earlier.
  await server.database.db
    .insertInto('locations')
    .values([
      { id: 103035651, display_name: 'Berlin, Germany', seen_at: 0 },
      { id: 90000084, display_name: 'San Francisco Bay Area', seen_at: 0 },
    ])
    .execute();
});
afterEach(async () => {
  await server.close();
});

const BERLIN = 103035651;
const BAY_AREA = 90000084;
const valid = {
  job_title: 'Financial Analyst',
  location_id: BERLIN,
  status: 'active',
  is_ai: false,
};

const create = (payload: object) =>
  server.authed({ method: 'POST', url: '/api/v1/queries', payload });
const update = (id: number | string, payload: object) =>
  server.authed({ method: 'PUT', url: `/api/v1/queries/${id}`, payload });
const list = async () =>
  (await server.authed({ method: 'GET', url: '/api/v1/queries' })).json<Query[]>();

async function seed(count: number, status: Query['status'] = 'active'): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const res = await create({ ...valid, job_title: `Role ${i}`, status });
    expect(res.statusCode).toBe(200);
  }
}

describe('GET /queries', () => {
  it('answers [] before any query exists', async () => {
    const res = await server.authed({ method: 'GET', url: '/api/v1/queries' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers every query, archived included, ordered by id', async () => {
    await seed(2);
    const third = (await create({ ...valid, job_title: 'Old', status: 'archived' })).json<Query>();
    await update(1, { ...valid, job_title: 'Role 0', status: 'inactive' });
    const rows = await list();
    expect(rows.map((q) => [q.id, q.status])).toEqual([
      [1, 'inactive'],
      [2, 'active'],
      [third.id, 'archived'],
    ]);
  });

  it('needs a session', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/queries' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /queries', () => {
  it('stores the query with its location name and a trimmed title, and answers it', async () => {
    const res = await create({ ...valid, job_title: '  Financial Analyst  ', is_ai: true });
    expect(res.statusCode).toBe(200);
    const saved = res.json<Query>();
    expect(saved).toEqual({
      id: 1,
      job_title: 'Financial Analyst',
      location_id: BERLIN,
      display_name: 'Berlin, Germany',
      status: 'active',
      is_ai: true,
      // Issue 10's addition: a body without filters stores none.
      filters: NO_FILTERS,
      // Issue 40's: a body without a fit profile uses the default one.
      fit_profile_id: null,
    });
    expect(await list()).toEqual([saved]);
  });

  it('accepts a title of exactly 200 characters', async () => {
    const res = await create({ ...valid, job_title: 'x'.repeat(200) });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['job_title missing', { ...valid, job_title: undefined }, /job_title is required/],
    ['job_title not a string', { ...valid, job_title: 12 }, /job_title must be a string/],
    ['job_title blank after trimming', { ...valid, job_title: '   ' }, /job_title is required/],
    [
      'job_title over 200 characters',
      { ...valid, job_title: 'x'.repeat(201) },
      /job_title must be at most 200/,
    ],
    ['location_id missing', { ...valid, location_id: undefined }, /location_id is required/],
    [
      'location_id a string',
      { ...valid, location_id: '103035651' },
      /location_id must be a positive integer/,
    ],
    ['location_id zero', { ...valid, location_id: 0 }, /location_id must be a positive integer/],
    [
      'location_id negative',
      { ...valid, location_id: -5 },
      /location_id must be a positive integer/,
    ],
    [
      'location_id a fraction',
      { ...valid, location_id: 1.5 },
      /location_id must be a positive integer/,
    ],
    [
      'location_id unsafe',
      { ...valid, location_id: 2 ** 60 },
      /location_id must be a positive integer/,
    ],
    ['status missing', { ...valid, status: undefined }, /status is required/],
    [
      'status unknown',
      { ...valid, status: 'paused' },
      /status must be one of active, inactive, archived/,
    ],
    ['is_ai missing', { ...valid, is_ai: undefined }, /is_ai is required/],
    ['is_ai a string', { ...valid, is_ai: 'yes' }, /is_ai must be a boolean/],
  ])('answers 400 naming the field for %s', async (_label, payload, message) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(message);
    expect(await list()).toEqual([]);
  });

  it('answers 400 for a body that is not an object', async () => {
    const res = await server.authed({
      method: 'POST',
      url: '/api/v1/queries',
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/body/i);
  });

  it('answers 400 for invalid JSON', async () => {
    const res = await server.authed({
      method: 'POST',
      url: '/api/v1/queries',
      payload: '{"job_title":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Request body is not valid JSON' });
  });

  it('answers 400 for a location the typeahead never returned', async () => {
    const res = await create({ ...valid, location_id: 424242 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Please select a location from the dropdown' });
    expect(await list()).toEqual([]);
  });

  it(`answers 409 with the counts once ${MAX_QUERIES} queries are not archived`, async () => {
    await seed(MAX_QUERIES);
    const res = await create({ ...valid, job_title: 'One too many' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'Maximum query limit reached',
      current_count: 50,
      max_allowed: 50,
    });
    expect(await list()).toHaveLength(MAX_QUERIES);
  });

  it('does not count archived queries against the limit', async () => {
    await seed(MAX_QUERIES - 1);
    await seed(3, 'archived');
    expect((await create({ ...valid, job_title: 'Fiftieth' })).statusCode).toBe(200);
    expect((await create({ ...valid, job_title: 'Fifty-first' })).statusCode).toBe(409);
    // An archived query is not one of the 50, so it can still be added.
    expect(
      (await create({ ...valid, job_title: 'Archived anyway', status: 'archived' })).statusCode,
    ).toBe(200);
  });

  it('counts inactive queries against the limit', async () => {
    await seed(MAX_QUERIES, 'inactive');
    const res = await create(valid);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ current_count: number }>().current_count).toBe(50);
  });

  it('lets only one of two simultaneous creates take the last place', async () => {
    await seed(MAX_QUERIES - 1);
    const answers = await Promise.all([
      create({ ...valid, job_title: 'A' }),
      create({ ...valid, job_title: 'B' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await list()).filter((q) => q.status !== 'archived')).toHaveLength(MAX_QUERIES);
  });
});

describe('PUT /queries/{id}', () => {
  it('updates every field and answers the saved query', async () => {
    await create(valid);
    const res = await update(1, {
      job_title: ' Data Engineer ',
      location_id: BAY_AREA,
      status: 'inactive',
      is_ai: true,
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      id: 1,
      job_title: 'Data Engineer',
      location_id: BAY_AREA,
      display_name: 'San Francisco Bay Area',
      status: 'inactive',
      is_ai: true,
      filters: NO_FILTERS,
      fit_profile_id: null,
    };
    expect(res.json()).toEqual(expected);
    expect(await list()).toEqual([expected]);
  });

  it('archives a query (soft delete) and keeps it in the list', async () => {
    await create(valid);
    const res = await update(1, { ...valid, status: 'archived' });
    expect(res.statusCode).toBe(200);
    expect((await list())[0]?.status).toBe('archived');
  });

  it('keeps the stored location name when the location is unchanged, even if no longer known', async () => {
    await create(valid);
    await server.database.db.deleteFrom('locations').where('id', '=', BERLIN).execute();
    const res = await update(1, { ...valid, job_title: 'Controller' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Query>().display_name).toBe('Berlin, Germany');
  });

  it('answers 400 for a changed location the typeahead never returned', async () => {
    await create(valid);
    const res = await update(1, { ...valid, location_id: 777 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Please select a location from the dropdown' });
    expect((await list())[0]?.location_id).toBe(BERLIN);
  });

  it.each([
    ['job_title blank', { ...valid, job_title: '' }, /job_title is required/],
    [
      'job_title too long',
      { ...valid, job_title: 'y'.repeat(201) },
      /job_title must be at most 200/,
    ],
    [
      'location_id not a number',
      { ...valid, location_id: 'Berlin' },
      /location_id must be a positive integer/,
    ],
    ['status unknown', { ...valid, status: 'deleted' }, /status must be one of/],
    ['is_ai not a boolean', { ...valid, is_ai: 1 }, /is_ai must be a boolean/],
  ])('answers 400 naming the field for %s', async (_label, payload, message) => {
    await create(valid);
    const res = await update(1, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(message);
  });

  it.each(['abc', '0', '-1', '1.5'])('answers 400 for the id %s', async (id) => {
    const res = await update(id, valid);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/id must be a positive integer/);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await update(99, valid);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Query not found' });
  });

  it('toggles active and inactive freely at the limit', async () => {
    await seed(MAX_QUERIES);
    expect(
      (await update(1, { ...valid, job_title: 'Role 0', status: 'inactive' })).statusCode,
    ).toBe(200);
    expect((await update(1, { ...valid, job_title: 'Role 0', status: 'active' })).statusCode).toBe(
      200,
    );
  });

  it('answers 409 when bringing back an archived query would pass the limit', async () => {
    await seed(1, 'archived');
    await seed(MAX_QUERIES);
    const res = await update(1, { ...valid, status: 'active' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'Maximum query limit reached',
      current_count: 50,
      max_allowed: 50,
    });
    expect((await list())[0]?.status).toBe('archived');
    // Editing it while it stays archived is fine.
    expect(
      (await update(1, { ...valid, job_title: 'Renamed', status: 'archived' })).statusCode,
    ).toBe(200);
  });

  it('lets an archived query come back when there is room', async () => {
    await seed(1, 'archived');
    const res = await update(1, { ...valid, status: 'inactive' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Query>().status).toBe('inactive');
  });

  it('needs a session', async () => {
    const res = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/queries/1',
      payload: valid,
    });
    expect(res.statusCode).toBe(401);
  });
});
