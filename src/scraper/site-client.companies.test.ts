import { afterEach, describe, expect, it } from 'vitest';
import { EXPIRED_COOKIES, VALID_COOKIES } from '../../simulator';
import { normalizeCompanyName } from '../contract/company-name';
import { createCompanyResolver, type KeyValueCache } from './company-resolver';
import { harness, must, type Harness } from './test-support';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

function memoryCache(): KeyValueCache & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, get: async (k) => map.get(k), set: async (k, v) => void map.set(k, v) };
}

describe('typeaheads', () => {
  it('answers places with string ids, parsed from the text/plain JSON', async () => {
    h = await harness();
    expect(await h.client.searchPlaces('San Fran')).toContainEqual({
      id: '102277331',
      displayName: 'San Francisco, California, United States',
    });
    expect(h.sim.requests[0]?.query).toMatchObject({
      typeaheadType: 'GEO',
      geoTypes: 'POPULATED_PLACE,ADMIN_DIVISION_2,MARKET_AREA,COUNTRY_REGION',
      query: 'San Fran',
    });
  });

  it('answers [] for an empty query without asking the site', async () => {
    h = await harness();
    expect(await h.client.searchPlaces('   ')).toEqual([]);
    expect(h.sim.requests).toHaveLength(0);
  });

  it('answers companies by name', async () => {
    h = await harness();
    const company = must(h.sim.catalogue.companies[10]);
    expect(await h.client.searchCompanies(company.name)).toContainEqual({
      id: company.id,
      displayName: company.name,
    });
  });

  it('fails with an HTTP error when the site keeps failing (two attempts)', async () => {
    h = await harness();
    h.sim.faults.add({ kind: 'status', status: 502, count: 2, pathPrefix: '/jobs-guest/api' });
    await expect(h.client.searchPlaces('Ber')).rejects.toMatchObject({ kind: 'http', status: 502 });
    expect(h.sim.requests).toHaveLength(2);
  });
});

describe('company lookup by id (signed in)', () => {
  it('answers name and universalName, with the csrf and rest.li headers', async () => {
    h = await harness();
    const company = must(h.sim.catalogue.companies[20]);
    expect(await h.client.getCompany(company.id, VALID_COOKIES)).toEqual({
      id: company.id,
      name: company.name,
      universalName: company.slug,
    });
    expect(h.sim.requests[0]?.headers).toMatchObject({
      'x-restli-protocol-version': '2.0.0',
      accept: 'application/vnd.linkedin.normalized+json+2.1',
      'csrf-token': 'ajax:4412009988776655001',
    });
  });

  it('answers null for an id the site does not know', async () => {
    h = await harness();
    expect(await h.client.getCompany('1', VALID_COOKIES)).toBeNull();
  });

  it('needs cookies, and reports expired ones', async () => {
    h = await harness();
    const id = must(h.sim.catalogue.companies[0]).id;
    await expect(h.client.getCompany(id, '')).rejects.toMatchObject({ kind: 'needs-cookies' });
    await expect(h.client.getCompany(id, EXPIRED_COOKIES)).rejects.toMatchObject({
      kind: 'session-expired',
    });
  });
});

describe('createCompanyResolver', () => {
  it('finds the id by exact normalised name, whatever the legal suffix and case', async () => {
    h = await harness();
    const company = must(h.sim.catalogue.companies.find((c) => / Inc\.$/.test(c.name)));
    const resolver = createCompanyResolver(h.client);
    const asked = `  ${company.name.replace(/ Inc\.$/, '').toUpperCase()}  INC `;
    expect(normalizeCompanyName(asked)).toBe(normalizeCompanyName(company.name));
    expect(await resolver.idForName(asked)).toMatchObject({
      id: company.id,
      displayName: company.name,
      exact: true,
    });
  });

  it('reports distinct companies sharing a name', async () => {
    h = await harness();
    const counts = new Map<string, string[]>();
    for (const c of h.sim.catalogue.companies)
      counts.set(c.name, [...(counts.get(c.name) ?? []), c.id]);
    const [name, ids] = must([...counts].find(([, list]) => list.length > 1));
    const match = await createCompanyResolver(h.client).idForName(name);
    expect(match?.exact).toBe(true);
    expect([match?.id, ...(match?.otherIds ?? [])].sort()).toEqual([...ids].sort());
  });

  it('caches ids by name and companies by id', async () => {
    h = await harness();
    const cache = memoryCache();
    const resolver = createCompanyResolver(h.client, cache);
    const company = must(h.sim.catalogue.companies[30]);
    const first = await resolver.idForName(company.name);
    expect(await resolver.idForName(company.name)).toEqual(first);
    expect(await resolver.companyForId(company.id, VALID_COOKIES)).toEqual({
      id: company.id,
      name: company.name,
      universalName: company.slug,
    });
    expect(await resolver.companyForId(company.id, VALID_COOKIES)).toMatchObject({
      name: company.name,
    });
    expect(h.sim.requests).toHaveLength(2);
    expect([...cache.map.keys()].sort()).toEqual([
      `company-by-id:${company.id}`,
      `company-id-by-name:${normalizeCompanyName(company.name)}`,
    ]);
  });

  it('ignores unreadable cache entries and asks the site', async () => {
    h = await harness();
    const cache = memoryCache();
    const company = must(h.sim.catalogue.companies[31]);
    cache.map.set(`company-by-id:${company.id}`, '{not json');
    expect(
      await createCompanyResolver(h.client, cache).companyForId(company.id, VALID_COOKIES),
    ).toMatchObject({ name: company.name });
  });

  it('answers null when the typeahead has nothing', async () => {
    h = await harness();
    expect(await createCompanyResolver(h.client).idForName('Zzzyzx Nonexistent')).toBeNull();
  });
});
