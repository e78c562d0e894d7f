import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { querySchema, type Query } from '../../contract';
import { startTestServer, type TestServer } from '../test-harness';
import { UNKNOWN_FIT_PROFILE_MESSAGE } from './routes';

// Issue 40: a saved query's fit profile. Optional on the write and the answer: a body with only
// SPEC.md's fields saves and answers as before (the default profile, null); an edit without it
// keeps the stored one; an id that names no profile is a 400 naming the field; a deleted
// profile's queries fall back to the default, and the list says so at once.

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  await server.database.db
    .insertInto('locations')
    .values([{ id: 103035651, display_name: 'Berlin, Germany', seen_at: 0 }])
    .execute();
  server.database.sqlite.exec(`INSERT INTO fit_profiles (id, name, name_key, is_default, body,
      created_at, updated_at) VALUES (1, 'Backend', 'backend', 1, '{}', 0, 0),
      (2, 'Data', 'data', 0, '{}', 0, 0)`);
});
afterEach(async () => {
  await server.close();
});

const spec = { job_title: 'Data Analyst', location_id: 103035651, status: 'active', is_ai: false };
const create = (payload: object) =>
  server.authed({ method: 'POST', url: '/api/v1/queries', payload });
const update = (id: number, payload: object) =>
  server.authed({ method: 'PUT', url: `/api/v1/queries/${id}`, payload });
const list = async () =>
  (await server.authed({ method: 'GET', url: '/api/v1/queries' })).json<Query[]>();

describe('a query’s fit_profile_id', () => {
  it('answers a SPEC.md body as before, with the default profile', async () => {
    const res = await create(spec);
    expect(res.statusCode).toBe(200);
    const saved = querySchema.parse(res.json());
    expect(saved).toMatchObject({ ...spec, id: 1, display_name: 'Berlin, Germany' });
    expect(saved.fit_profile_id).toBeNull();
    expect(res.json<Record<string, unknown>>()).toHaveProperty('fit_profile_id', null);
  });

  it('stores a profile, keeps it through an edit without one, and clears it with null', async () => {
    expect((await create({ ...spec, fit_profile_id: 2 })).json<Query>().fit_profile_id).toBe(2);
    const toggled = await update(1, { ...spec, status: 'inactive' });
    expect(toggled.json<Query>().fit_profile_id).toBe(2);
    expect((await list())[0]?.fit_profile_id).toBe(2);
    expect((await update(1, { ...spec, fit_profile_id: null })).json<Query>().fit_profile_id).toBe(
      null,
    );
    expect((await list())[0]?.fit_profile_id).toBeNull();
  });

  it.each([
    [99, UNKNOWN_FIT_PROFILE_MESSAGE],
    [0, "fit_profile_id must be a fit profile's id, or null for the default"],
    ['2', "fit_profile_id must be a fit profile's id, or null for the default"],
    [1.5, "fit_profile_id must be a fit profile's id, or null for the default"],
  ])('refuses fit_profile_id %j with a 400 naming the field', async (value, message) => {
    const created = await create({ ...spec, fit_profile_id: value });
    expect(created.statusCode).toBe(400);
    expect(created.json<{ error: string }>().error).toBe(message);
    expect(await list()).toEqual([]);
    await create(spec);
    const edited = await update(1, { ...spec, fit_profile_id: value });
    expect(edited.statusCode).toBe(400);
    expect(edited.json<{ error: string }>().error).toBe(message);
    expect((await list())[0]?.fit_profile_id).toBeNull();
  });

  it('falls back to the default when its profile is deleted', async () => {
    await create({ ...spec, fit_profile_id: 2 });
    expect((await list())[0]?.fit_profile_id).toBe(2);
    server.database.sqlite.exec('DELETE FROM fit_profiles WHERE id = 2');
    // The profile routes forget the list's kept answer when they delete one (fit-profiles tests).
    const row = server.database.sqlite.prepare('SELECT fit_profile_id FROM queries').get();
    expect(row).toEqual({ fit_profile_id: null });
    const edited = await update(1, { ...spec, status: 'inactive' });
    expect(edited.json<Query>().fit_profile_id).toBeNull();
  });
});
