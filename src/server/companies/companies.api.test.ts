import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../contract';
import { fillBannedCompanyNames, rememberCompany } from '../../db/companies/companies';
import { SiteError } from '../../scraper/site-error';
import { registerErrorHandling } from '../plugins/errors';
import { SETTING_KEYS, writeSetting } from '../../db/settings';
import { startTestServer, type TestServer } from '../test-harness';
import type { CompanyLookup, LookedUpCompany } from './company-lookup';
import { companyRoutes } from './routes';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const list = () => server.authed({ method: 'GET', url: '/api/v1/companies/banned' });
const ban = (id: string | number) =>
  server.authed({ method: 'POST', url: `/api/v1/companies/${id}/ban` });
const unban = (id: string | number) =>
  server.authed({ method: 'DELETE', url: `/api/v1/companies/${id}/ban` });

async function seeCompany(id: number, name: string): Promise<void> {
  await server.database.db
    .insertInto('companies')
    .values({
      id,
      name,
      normalized_name: name.toLowerCase().replace(/,? inc\.?$/i, ''),
      slug: null,
      updated_at: 0,
    })
    .execute();
}

describe('GET /companies/banned', () => {
  it('answers an empty list at first', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('lists blocked companies ordered by id', async () => {
    await seeCompany(30, 'Gamma Inc.');
    await seeCompany(5, 'Alpha Inc.');
    for (const id of [30, 5, 12]) expect((await ban(id)).statusCode).toBe(200);
    expect((await list()).json()).toEqual([
      { id: 5, normalized_name: 'alpha' },
      { id: 12, normalized_name: '' },
      { id: 30, normalized_name: 'gamma' },
    ]);
  });

  it('needs a session', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/companies/banned' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /companies/{id}/ban', () => {
  it('blocks a company the product has already seen, with its normalised name', async () => {
    await server.database.db
      .insertInto('companies')
      .values({
        id: 1035,
        name: 'Microsoft Corporation',
        normalized_name: 'microsoft',
        slug: 'microsoft',
        updated_at: 0,
      })
      .execute();
    const res = await ban(1035);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 1035, normalized_name: 'microsoft' });
    expect((await list()).json()).toEqual([{ id: 1035, normalized_name: 'microsoft' }]);
  });

  it('takes the name from a scraped job with that company id', async () => {
    await server.database.db
      .insertInto('jobs')
      .values({
        id: '4000000001',
        title: 'Analyst',
        company_name: 'Globex, Inc.',
        company_slug: 'globex',
        company_normalized: 'globex',
        company_id: 77,
        location: 'Berlin',
        posted_at: null,
        salary: null,
        url: 'https://www.linkedin.com/jobs/view/4000000001',
        seniority: null,
        employment_type: null,
        job_function: null,
        industries: null,
        applicants: null,
        easy_apply: null,
        first_seen_batch_id: 1,
        first_seen_at: 0,
        details_fetched_at: null,
        details_error: null,
      })
      .execute();
    expect((await ban(77)).json()).toEqual({ id: 77, normalized_name: 'globex' });
  });

  it('blocks with an empty name when no cookies are stored and the name is unknown', async () => {
    const res = await ban(424242);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 424242, normalized_name: '' });
    expect((await list()).json()).toEqual([{ id: 424242, normalized_name: '' }]);
  });

  it('is not an error to block twice, and keeps one row', async () => {
    await seeCompany(9, 'Initech');
    expect((await ban(9)).statusCode).toBe(200);
    const again = await ban(9);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id: 9, normalized_name: 'initech' });
    expect((await list()).json()).toEqual([{ id: 9, normalized_name: 'initech' }]);
  });

  it('fills in a name learned after the block', async () => {
    expect((await ban(55)).json()).toEqual({ id: 55, normalized_name: '' });
    await rememberCompany(
      server.database.db,
      { id: 55, name: 'Umbrella Corp.', slug: 'umbrella' },
      1,
    );
    expect((await list()).json()).toEqual([{ id: 55, normalized_name: 'umbrella' }]);
    const cached = await server.database.db
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', 55)
      .executeTakeFirst();
    expect(cached).toMatchObject({
      name: 'Umbrella Corp.',
      normalized_name: 'umbrella',
      slug: 'umbrella',
    });
  });

  it('fills in a name that reached the companies table by another way on the next read', async () => {
    expect((await ban(56)).json()).toEqual({ id: 56, normalized_name: '' });
    await seeCompany(56, 'Hooli Inc.');
    expect(await fillBannedCompanyNames(server.database.db)).toBe(1);
    expect((await list()).json()).toEqual([{ id: 56, normalized_name: 'hooli' }]);
    expect(await fillBannedCompanyNames(server.database.db)).toBe(0);
  });

  it('gives a later block the name once known', async () => {
    await ban(57);
    await seeCompany(57, 'Vandelay Industries');
    expect((await ban(57)).json()).toEqual({ id: 57, normalized_name: 'vandelay industries' });
  });

  it.each([['0'], ['-3'], ['abc'], ['1.5'], ['1e3x'], ['99999999999999999999']])(
    'answers 400 naming the id for "%s"',
    async (id) => {
      const res = await ban(id);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/id/);
      expect((await list()).json()).toEqual([]);
    },
  );

  it('needs a session', async () => {
    const res = await server.app.inject({ method: 'POST', url: '/api/v1/companies/5/ban' });
    expect(res.statusCode).toBe(401);
    expect((await list()).json()).toEqual([]);
  });
});

describe('DELETE /companies/{id}/ban', () => {
  it('unblocks a blocked company', async () => {
    await ban(7);
    await ban(8);
    const res = await unban(7);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await list()).json()).toEqual([{ id: 8, normalized_name: '' }]);
  });

  it('is not an error to unblock a company that is not blocked', async () => {
    const res = await unban(12345);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
  });

  it.each([['0'], ['-1'], ['x']])('answers 400 naming the id for "%s"', async (id) => {
    const res = await unban(id);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/id/);
  });

  it('needs a session', async () => {
    await ban(7);
    const res = await server.app.inject({ method: 'DELETE', url: '/api/v1/companies/7/ban' });
    expect(res.statusCode).toBe(401);
    expect((await list()).json()).toHaveLength(1);
  });
});

describe('the site lookup (a lookup handed to the routes)', () => {
  let app: FastifyInstance;
  const calls: { id: number; cookies: string }[] = [];

  /** The companies routes alone, on the test server's database, with the given lookup. */
  async function appWith(lookup: CompanyLookup, lookupWaitMs?: number): Promise<FastifyInstance> {
    const instance = Fastify({ logger: false });
    instance.setValidatorCompiler(validatorCompiler);
    instance.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(instance);
    await instance.register(companyRoutes, {
      ctx: server.ctx,
      lookup,
      lookupWaitMs,
      prefix: API_BASE_PATH,
    });
    await instance.ready();
    return instance;
  }
  const recording =
    (answer: (id: number) => Promise<LookedUpCompany | null>): CompanyLookup =>
    (id, cookies) => {
      calls.push({ id, cookies });
      return answer(id);
    };
  const post = (id: number) => app.inject({ method: 'POST', url: `/api/v1/companies/${id}/ban` });

  beforeEach(async () => {
    calls.length = 0;
    await writeSetting(server.database.db, SETTING_KEYS.cookies, 'li_at=abc; JSESSIONID=ajax:1');
  });
  afterEach(async () => {
    await app.close();
  });

  it('looks the name up with the stored cookies and caches it', async () => {
    app = await appWith(recording(() => Promise.resolve({ name: 'Acme, Inc.', slug: 'acme' })));
    expect((await post(1441)).json()).toEqual({ id: 1441, normalized_name: 'acme' });
    expect(calls).toEqual([{ id: 1441, cookies: 'li_at=abc; JSESSIONID=ajax:1' }]);
    const cached = await server.database.db
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', 1441)
      .executeTakeFirst();
    expect(cached).toMatchObject({ name: 'Acme, Inc.', normalized_name: 'acme', slug: 'acme' });
    // Unblock and block again: the cache answers, the site is not asked twice.
    await app.inject({ method: 'DELETE', url: '/api/v1/companies/1441/ban' });
    expect((await post(1441)).json()).toEqual({ id: 1441, normalized_name: 'acme' });
    expect(calls).toHaveLength(1);
  });

  it('does not ask the site for a company already seen', async () => {
    await seeCompany(3, 'Known Co');
    app = await appWith(recording(() => Promise.resolve({ name: 'Wrong', slug: null })));
    expect((await post(3)).json()).toEqual({ id: 3, normalized_name: 'known co' });
    expect(calls).toEqual([]);
  });

  it('does not ask the site without cookies', async () => {
    await writeSetting(server.database.db, SETTING_KEYS.cookies, '   ');
    app = await appWith(recording(() => Promise.resolve({ name: 'Acme', slug: null })));
    expect((await post(4)).json()).toEqual({ id: 4, normalized_name: '' });
    expect(calls).toEqual([]);
  });

  it.each([
    ['the site fails', () => Promise.reject(new SiteError('session-expired', 'Paste new cookies'))],
    ['the site does not know the id', () => Promise.resolve(null)],
    ['the site answers a nameless company', () => Promise.resolve({ name: '  ', slug: null })],
  ])(
    'blocks with an empty name when %s',
    async (_label, answer: () => Promise<LookedUpCompany | null>) => {
      app = await appWith(recording(answer));
      const res = await post(8);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: 8, normalized_name: '' });
      // A later block asks again.
      await post(8);
      expect(calls).toHaveLength(2);
    },
  );

  it('does not wait for a slow site, and fills the name in when the answer arrives', async () => {
    let answer: (company: LookedUpCompany) => void = () => undefined;
    const slow = new Promise<LookedUpCompany>((resolve) => {
      answer = resolve;
    });
    app = await appWith(
      recording(() => slow),
      20,
    );
    expect((await post(66)).json()).toEqual({ id: 66, normalized_name: '' });
    // A second click while the first lookup is still out does not ask the site again.
    expect((await post(66)).json()).toEqual({ id: 66, normalized_name: '' });
    expect(calls).toHaveLength(1);
    answer({ name: 'Slow Corp', slug: 'slow' });
    await expect
      .poll(async () =>
        (await app.inject({ method: 'GET', url: '/api/v1/companies/banned' })).json(),
      )
      .toEqual([{ id: 66, normalized_name: 'slow' }]);
  });
});
