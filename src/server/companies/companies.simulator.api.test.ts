import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EXPIRED_COOKIES, startSimulator, VALID_COOKIES, type Simulator } from '../../../simulator';
import { normalizeCompanyName } from '../../contract/company-name';
import { startTestServer, type TestServer } from '../test-harness';

// Blocking against the simulated site: the real server, the real site client, the signed-in
// company lookup with the cookies saved through the API.
let simulator: Simulator;
let server: TestServer;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => {
  await simulator.close();
});
beforeEach(async () => {
  simulator.reset();
  server = await startTestServer({ LINKEDIN_BASE_URL: simulator.url });
});
afterEach(async () => {
  await server.close();
});

const saveCookies = async (cookies: string) => {
  const res = await server.authed({
    method: 'POST',
    url: '/api/v1/settings',
    payload: { cookies, script_time: '09:00' },
  });
  expect(res.statusCode).toBe(200);
};
const ban = (id: string) => server.authed({ method: 'POST', url: `/api/v1/companies/${id}/ban` });
const list = () => server.authed({ method: 'GET', url: '/api/v1/companies/banned' });
const companyLookups = () =>
  simulator.requests.filter((r) => r.path.startsWith('/voyager/api/organization/companies/'));

function someCompany() {
  const company = simulator.catalogue.companies[3];
  if (!company) throw new Error('the simulated catalogue has no companies');
  return company;
}

describe('blocking a company the product has not seen yet', () => {
  it('names it from the site lookup with the stored cookies, and caches the name', async () => {
    const company = someCompany();
    await saveCookies(VALID_COOKIES);
    const res = await ban(company.id);
    expect(res.statusCode).toBe(200);
    const expected = normalizeCompanyName(company.name);
    expect(expected).not.toBe('');
    expect(res.json()).toEqual({ id: Number(company.id), normalized_name: expected });
    expect((await list()).json()).toEqual([{ id: Number(company.id), normalized_name: expected }]);
    const cached = await server.database.db
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', Number(company.id))
      .executeTakeFirst();
    expect(cached).toMatchObject({
      name: company.name,
      normalized_name: expected,
      slug: company.slug,
    });
    expect(companyLookups()).toHaveLength(1);

    // Unblocked and blocked again: the cached name answers, the site is not asked again.
    await server.authed({ method: 'DELETE', url: `/api/v1/companies/${company.id}/ban` });
    expect((await ban(company.id)).json()).toEqual({
      id: Number(company.id),
      normalized_name: expected,
    });
    expect(companyLookups()).toHaveLength(1);
  });

  it('blocks it with an empty name when no cookies are stored', async () => {
    const company = someCompany();
    const res = await ban(company.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: Number(company.id), normalized_name: '' });
  });

  it('blocks it with an empty name when the site sends the lookup to the authwall', async () => {
    const company = someCompany();
    await saveCookies(EXPIRED_COOKIES);
    const res = await ban(company.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: Number(company.id), normalized_name: '' });
    expect(companyLookups().map((r) => r.status)).toEqual([302]);
    expect((await list()).json()).toEqual([{ id: Number(company.id), normalized_name: '' }]);

    // With valid cookies, blocking again fills the name in.
    await saveCookies(VALID_COOKIES);
    expect((await ban(company.id)).json()).toEqual({
      id: Number(company.id),
      normalized_name: normalizeCompanyName(company.name),
    });
  });

  it('blocks an id the site does not know with an empty name', async () => {
    await saveCookies(VALID_COOKIES);
    const res = await ban('987654321987');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 987654321987, normalized_name: '' });
    expect(companyLookups().map((r) => r.status)).toEqual([404]);
  });
});
