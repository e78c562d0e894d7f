import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import { API_BASE_PATH } from '../../contract';
import type { Db } from '../../db/database';
import { SETTING_KEYS, writeSettingOnce } from '../../db/settings';

/*
 * Device cookies (decision 047, after OWASP's "Slow Down Online Guessing Attacks with Device
 * Cookies"): a browser that has signed in keeps a signed cookie naming it, and its wrong passwords
 * count against its own allowance instead of the one every unknown client shares. The cookie
 * grants nothing else: it is not a session and never signs anyone in.
 */

export const DEVICE_COOKIE_NAME = 'jobscout_device';
/** Sent only to the sign-in calls: no other request carries it. */
export const DEVICE_COOKIE_PATH = `${API_BASE_PATH}/auth`;
/** Three sessions' worth (30 days each): renewed on every sign-in, so a browser in use keeps it. */
export const DEVICE_COOKIE_LIFETIME_MS = 90 * 24 * 60 * 60 * 1000;
// A cookie dated later than this ahead of the server's clock was not made by it (a clock set back
// a little, by NTP, must not cost the operator the device).
const CLOCK_SKEW_MS = 60 * 60 * 1000;

const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const ISSUED_AT = /^[0-9]{1,15}$/;

export interface Device {
  /** 128 random bits, base64url. */
  id: string;
  /** When the cookie was signed (ms since the epoch, the server's clock). */
  issuedAt: number;
}

/** A new device's id. */
export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

function mac(secret: Buffer, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

/** The cookie's value: `id.issuedAt.mac`, the MAC (HMAC-SHA256) over the first two. */
export function signDeviceCookie(secret: Buffer, device: Device): string {
  const payload = `${device.id}.${device.issuedAt}`;
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/**
 * The device the request's Cookie header names, when its cookie was signed with this secret and
 * is still within its lifetime; otherwise undefined, as if there were no cookie at all.
 */
export function readDeviceCookie(
  header: string | undefined,
  secret: Buffer,
  now: number,
): string | undefined {
  if (header === undefined) return undefined;
  const value = parseCookie(header)[DEVICE_COOKIE_NAME];
  const [id, issued, sent, ...rest] = (value ?? '').split('.');
  if (id === undefined || issued === undefined || sent === undefined || rest.length > 0) {
    return undefined;
  }
  if (!DEVICE_ID.test(id) || !ISSUED_AT.test(issued)) return undefined;
  // Compared as text: decoding would ignore the last character's spare bits, and so accept a
  // second spelling of the same MAC.
  const expected = Buffer.from(mac(secret, `${id}.${issued}`).toString('base64url'));
  const given = Buffer.from(sent);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const issuedAt = Number(issued);
  if (issuedAt > now + CLOCK_SKEW_MS || now - issuedAt >= DEVICE_COOKIE_LIFETIME_MS) {
    return undefined;
  }
  return id;
}

/** The Set-Cookie header for a device: HttpOnly, SameSite=Strict, Secure over https. */
export function deviceCookieHeader(value: string, secure: boolean): string {
  return stringifySetCookie(DEVICE_COOKIE_NAME, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_LIFETIME_MS / 1000,
  });
}

/**
 * The key that signs device cookies: made once, stored in the settings table, so a restart keeps
 * every device trusted. The first of two racing starts wins; both then read its key.
 */
export async function loadDeviceCookieSecret(db: Db): Promise<Buffer> {
  const stored = await writeSettingOnce(
    db,
    SETTING_KEYS.deviceCookieSecret,
    randomBytes(32).toString('base64url'),
  );
  if (stored === undefined) throw new Error('The device cookie key could not be stored');
  return Buffer.from(stored, 'base64url');
}
