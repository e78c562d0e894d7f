import { afterEach, describe, expect, it } from 'vitest';
import { EXPIRED_COOKIES, SIMULATOR_LI_AT, VALID_COOKIES } from '../../simulator';
import { createSiteClient } from './site-client';
import { isSiteError } from './site-error';
import { failure, harness, type Harness } from './test-support';

// "Check cookies" (issue 12): the signed-in /voyager/api/me against the simulated site.

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const ME = '/voyager/api/me';

describe('checkSession', () => {
  it('answers valid for cookies the site accepts, with the signed-in headers', async () => {
    h = await harness();
    expect(await h.client.checkSession(VALID_COOKIES)).toBe('valid');
    expect(h.sim.requests).toHaveLength(1);
    expect(h.sim.requests[0]).toMatchObject({ path: ME, status: 200 });
    expect(h.sim.requests[0]?.headers).toMatchObject({
      'csrf-token': 'ajax:4412009988776655001',
      'x-restli-protocol-version': '2.0.0',
    });
    expect(h.sim.requests[0]?.headers.cookie).toContain(`li_at=${SIMULATOR_LI_AT}`);
  });

  it('answers rejected when the site sends the request to its sign-in wall', async () => {
    h = await harness();
    expect(await h.client.checkSession(EXPIRED_COOKIES)).toBe('rejected');
    h.sim.expireSession();
    expect(await h.client.checkSession(VALID_COOKIES)).toBe('rejected');
    expect(h.sim.requests.map((r) => r.status)).toEqual([302, 302]);
  });

  it('asks nothing without li_at or JSESSIONID', async () => {
    h = await harness();
    for (const cookies of ['', 'lang=v=2&lang=en-us', `li_at=${SIMULATOR_LI_AT}`]) {
      const error = await failure(h.client.checkSession(cookies));
      expect(error).toMatchObject({ kind: 'needs-cookies' });
    }
    expect(h.sim.requests).toHaveLength(0);
  });

  it.each([
    ['a server error', { kind: 'status' as const, status: 503 }, 'http'],
    ['a refusal', { kind: 'status' as const, status: 429 }, 'rate-limited'],
    ['LinkedIn’s denial', { kind: 'status' as const, status: 999 }, 'rate-limited'],
    ['a dropped connection', { kind: 'drop' as const }, 'network'],
  ])('throws, never answers rejected, on %s', async (_label, fault, kind) => {
    h = await harness({ retryDelayMs: 0 });
    h.sim.faults.add({ ...fault, pathPrefix: ME });
    const error = await failure(h.client.checkSession(VALID_COOKIES));
    expect(isSiteError(error) && error.kind).toBe(kind);
    // One line for the operator, without the cookies.
    expect(String(error)).not.toContain(SIMULATOR_LI_AT);
    expect(error instanceof Error ? error.message : '').not.toMatch(/\n/);
  });

  it('throws a parse error when the answer is not the signed-in member', async () => {
    const client = createSiteClient({
      baseUrl: 'http://127.0.0.1:9',
      siteName: 'LinkedIn',
      minIntervalMs: 0,
      transport: {
        send: async () => ({ status: 200, headers: {}, body: '<html>Welcome</html>' }),
        close: async () => {},
      },
    });
    const error = await failure(client.checkSession(VALID_COOKIES));
    expect(error).toMatchObject({ kind: 'parse' });
    await client.close();
  });
});
