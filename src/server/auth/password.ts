import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../../db/database';
import { readSetting, SETTING_KEYS, writeSetting } from '../../db/settings';
import { revokeAllTokens } from './tokens';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. The package's Algorithm is an ambient
// const enum that isolated modules cannot read; 2 is its Argon2id member.
const ARGON2ID = 2;
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    // A corrupt stored hash must read as "wrong password", not crash the sign-in.
    return false;
  }
}

/** 144 random bits in a form that is easy to copy from a terminal. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** Stores a new password hash and ends every session signed in with the old one. */
export async function setPassword(db: Db, password: string, now: number): Promise<void> {
  await writeSetting(db, SETTING_KEYS.passwordHash, await hashPassword(password));
  await revokeAllTokens(db, now);
}

export type PasswordSetupOutcome =
  { kind: 'unchanged' } | { kind: 'from-env' } | { kind: 'generated'; password: string };

/**
 * Makes sure a password exists at start. ADMIN_PASSWORD wins when set (a change of it revokes
 * sessions); otherwise the first start generates one and hands it back to be printed once.
 */
export async function ensurePassword(
  db: Db,
  adminPassword: string | undefined,
  now: number,
): Promise<PasswordSetupOutcome> {
  const stored = await readSetting(db, SETTING_KEYS.passwordHash);
  if (adminPassword !== undefined) {
    if (stored !== undefined && (await verifyPassword(stored, adminPassword)))
      return { kind: 'unchanged' };
    await setPassword(db, adminPassword, now);
    return { kind: 'from-env' };
  }
  if (stored !== undefined) return { kind: 'unchanged' };
  const password = generatePassword();
  await setPassword(db, password, now);
  return { kind: 'generated', password };
}
