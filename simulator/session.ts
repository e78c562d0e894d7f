import type { IncomingMessage } from 'node:http';

/** The only `li_at` the simulated site accepts while its session is not expired. */
export const SIMULATOR_LI_AT = 'AQEDASimulatorSessionToken0xJ7bQ2sZkP4vLr9Ww3NcYtE1hUoGfDmA';
/** The JSESSIONID value (without its quotes); it is also the csrf token. */
export const SIMULATOR_JSESSIONID = 'ajax:4412009988776655001';
/** Cookies as an operator would paste them: accepted by the simulator. */
export const VALID_COOKIES = `bcookie="v=2&0f3b2c1d-5e6a-4b7c-8d9e-000000000001"; li_at=${SIMULATOR_LI_AT}; JSESSIONID="${SIMULATOR_JSESSIONID}"; lang=v=2&lang=en-us`;
/** Well-formed cookies of a session the site no longer honours (signed-in calls redirect to /authwall). */
export const EXPIRED_COOKIES = `li_at=AQEDASimulatorExpiredToken0xZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ; JSESSIONID="ajax:4412009988776655000"; lang=v=2&lang=en-us`;

function cookieMap(header: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const piece of (header ?? '').split(';')) {
    const eq = piece.indexOf('=');
    if (eq <= 0) continue;
    map.set(piece.slice(0, eq).trim(), piece.slice(eq + 1).trim());
  }
  return map;
}

export type SessionCheck = 'ok' | 'signed-out' | 'csrf';

/** What the site makes of a signed-in request's cookies and csrf header. */
export function checkSession(req: IncomingMessage, expired: boolean): SessionCheck {
  const cookies = cookieMap(req.headers.cookie);
  const jsession = (cookies.get('JSESSIONID') ?? '').replace(/^"|"$/g, '');
  if (expired || cookies.get('li_at') !== SIMULATOR_LI_AT || jsession !== SIMULATOR_JSESSIONID)
    return 'signed-out';
  return req.headers['csrf-token'] === SIMULATOR_JSESSIONID ? 'ok' : 'csrf';
}
