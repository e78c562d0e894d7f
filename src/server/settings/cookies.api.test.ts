import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EXPIRED_COOKIES,
  SIMULATOR_LI_AT,
  startSimulator,
  VALID_COOKIES,
  type Simulator,
} from '../../../simulator';
import { cookieStatusSchema } from '../../contract';
import { BERLIN, seedQueries } from '../../runner/runner-test-kit';
import { startTestServer, type TestServer } from '../test-harness';

// "Check cookies" and the last known cookie state (issue 12), on a real server and database
// against the simulated site.

const ME = '/voyager/api/me';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator({ jobsPerQuery: 5, jobCount: 10, companyCount: 2 });
});
afterAll(async () => {
  await simulator.close();
});

let server: TestServer;
beforeEach(async () => {
  simulator.reset();
  server = await startTestServer({ LINKEDIN_BASE_URL: simulator.url });
});
afterEach(async () => {
  await server.close();
});

const save = (cookies: string) =>
  server.authed({
    method: 'POST',
    url: '/api/v1/settings',
    payload: { cookies, script_time: '09:00' },
  });
const check = () => server.authed({ method: 'POST', url: '/api/v1/settings/cookies/check' });
const status = async () => {
  const res = await server.authed({ method: 'GET', url: '/api/v1/settings/cookies/status' });
  expect(res.statusCode).toBe(200);
  return cookieStatusSchema.parse(res.json());
};

describe('cookie state', () => {
  it('answers no cookies and no verdict before anything was saved or checked', async () => {
    expect(await status()).toEqual({ cookies: 'none', last_check: null });
    const res = await check();
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: string }>().error).toMatch(/No cookies saved/);
    expect(simulator.requests.filter((r) => r.path === ME)).toHaveLength(0);
  });

  it('checks valid cookies with the site, records when, and says it is about the stored cookies', async () => {
    await save(VALID_COOKIES);
    expect(await status()).toEqual({ cookies: 'present', last_check: null });
    const res = await check();
    expect(res.statusCode).toBe(200);
    const answer = cookieStatusSchema.parse(res.json());
    expect(answer).toEqual({
      cookies: 'present',
      last_check: {
        state: 'valid',
        checked_at: '2026-11-02T08:00:00.000Z',
        source: 'check',
        batch_id: null,
        current: true,
      },
    });
    expect(res.body).not.toContain(SIMULATOR_LI_AT);
    expect(await status()).toEqual(answer);
    expect(simulator.requests.filter((r) => r.path === ME)).toHaveLength(1);
    // Only a fingerprint of the cookies is kept.
    const row = server.database.sqlite.prepare('SELECT * FROM cookie_status').get();
    expect(JSON.stringify(row)).not.toContain(SIMULATOR_LI_AT);
    expect(row).toMatchObject({ cookies_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });

    // New cookies saved: the verdict stays, but no longer refers to the stored cookies.
    await save(`${VALID_COOKIES}; lang=v=2&lang=en-us`);
    expect((await status()).last_check).toMatchObject({ state: 'valid', current: false });
  });

  it('records rejected cookies the site sends to its sign-in wall', async () => {
    await save(EXPIRED_COOKIES);
    server.advance(60_000);
    const res = await check();
    expect(res.statusCode).toBe(200);
    expect(cookieStatusSchema.parse(res.json()).last_check).toEqual({
      state: 'rejected',
      checked_at: '2026-11-02T08:01:00.000Z',
      source: 'check',
      batch_id: null,
      current: true,
    });
  });

  it('refuses cookies without li_at or JSESSIONID before asking the site', async () => {
    await save('lang=v=2&lang=en-us');
    expect((await status()).cookies).toBe('incomplete');
    const res = await check();
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: string }>().error).toMatch(/li_at or JSESSIONID/);
    expect(simulator.requests.filter((r) => r.path === ME)).toHaveLength(0);
    expect((await status()).last_check).toBeNull();
  });

  it('answers 502 and keeps the last verdict when the site cannot be asked, naming no cookie', async () => {
    await save(VALID_COOKIES);
    await check();
    simulator.faults.add({ kind: 'status', status: 503, pathPrefix: ME });
    server.advance(60_000);
    const res = await check();
    expect(res.statusCode).toBe(502);
    const error = res.json<{ error: string }>().error;
    expect(error).toMatch(/^Could not ask LinkedIn about the cookies: /);
    expect(error).not.toContain(SIMULATOR_LI_AT);
    expect((await status()).last_check).toMatchObject({
      state: 'valid',
      checked_at: '2026-11-02T08:00:00.000Z',
    });
  });

  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/settings/cookies/status'],
      ['POST', '/api/v1/settings/cookies/check'],
    ] as const) {
      expect((await server.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('records rejected when a batch meets the sign-in wall', async () => {
    await save(EXPIRED_COOKIES);
    seedQueries(server.database, [{ jobTitle: 'python developer', ...BERLIN, isAi: true }]);
    const start = await server.authed({ method: 'POST', url: '/api/v1/batches' });
    const id = start.json<{ id: number }>().id;
    const deadline = Date.now() + 20_000;
    const batchStatus = server.database.sqlite
      .prepare('SELECT status FROM batches WHERE id = ?')
      .pluck();
    while (!['failed', 'completed'].includes(String(batchStatus.get(id)))) {
      if (Date.now() > deadline) throw new Error('the batch did not end');
      await sleep(20);
    }
    expect(batchStatus.get(id)).toBe('failed');
    expect((await status()).last_check).toEqual({
      state: 'rejected',
      checked_at: '2026-11-02T08:00:00.000Z',
      source: 'batch',
      batch_id: id,
      current: true,
    });
  });
});
