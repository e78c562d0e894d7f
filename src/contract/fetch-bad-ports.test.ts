import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FETCH_BAD_PORTS, fetchBadPort } from './fetch-bad-ports';

// The copied list stays undici's: the same ports as its (unexported) constant, and each one
// refused by Node's own fetch before any connection is tried.
const require = createRequire(import.meta.url);

describe('FETCH_BAD_PORTS', () => {
  it("equals undici's own list", () => {
    const constants = z
      .object({ badPorts: z.array(z.string()) })
      .parse(require('undici/lib/web/fetch/constants.js'));
    expect([...FETCH_BAD_PORTS]).toEqual(constants.badPorts);
  });

  it("is what Node's fetch refuses: every port on it, and none of its neighbours", async () => {
    const refusedByFetch = async (port: number): Promise<boolean> => {
      try {
        // A port nothing listens on: a port fetch allows fails to connect instead.
        await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) });
        return false;
      } catch (error) {
        const cause = error instanceof Error ? error.cause : undefined;
        return cause instanceof Error && cause.message === 'bad port';
      }
    };
    for (const port of FETCH_BAD_PORTS) {
      expect(await refusedByFetch(Number(port)), `port ${port}`).toBe(true);
    }
    for (const port of [8, 24, 26, 80, 443, 5999, 6001, 8080, 10081]) {
      expect(await refusedByFetch(port), `port ${port}`).toBe(false);
    }
  });

  it('names the refused port of an http(s) URL, and only that', () => {
    expect(fetchBadPort('http://example.com:6000/hook')).toBe('6000');
    expect(fetchBadPort('https://example.com:25')).toBe('25');
    expect(fetchBadPort('https://example.com/hook')).toBeNull();
    expect(fetchBadPort('https://example.com:8443/hook')).toBeNull();
    expect(fetchBadPort('not a url')).toBeNull();
  });
});
