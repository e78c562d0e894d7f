import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../db/database';
import { readSetting, SETTING_KEYS } from '../../db/settings';
import { ensurePassword, verifyPassword } from './password';
import { isTokenValid, issueToken } from './tokens';

const opened: { database: OpenedDatabase; dir: string }[] = [];
async function freshDb() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-pw-'));
  const database = await openDatabase(dir);
  opened.push({ database, dir });
  return database.db;
}
afterEach(async () => {
  for (const { database, dir } of opened.splice(0)) {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('ensurePassword', () => {
  it('generates a strong password once, stores only its argon2id hash, and not again', async () => {
    const db = await freshDb();
    const first = await ensurePassword(db, undefined, 0);
    expect(first.kind).toBe('generated');
    if (first.kind !== 'generated') return;
    expect(first.password.length).toBeGreaterThanOrEqual(24);
    const stored = await readSetting(db, SETTING_KEYS.passwordHash);
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(stored).not.toContain(first.password);
    expect(await verifyPassword(stored ?? '', first.password)).toBe(true);
    expect(await ensurePassword(db, undefined, 0)).toEqual({ kind: 'unchanged' });
  });

  it('takes ADMIN_PASSWORD, and a change of it revokes sessions', async () => {
    const db = await freshDb();
    expect((await ensurePassword(db, 'first password', 0)).kind).toBe('from-env');
    const token = await issueToken(db, 0);
    expect(await ensurePassword(db, 'first password', 1)).toEqual({ kind: 'unchanged' });
    expect(await isTokenValid(db, token, 2)).toBe(true);
    expect((await ensurePassword(db, 'second password', 3)).kind).toBe('from-env');
    expect(await isTokenValid(db, token, 4)).toBe(false);
  });

  it('treats a corrupt stored hash as a wrong password', async () => {
    expect(await verifyPassword('not a hash', 'anything')).toBe(false);
  });
});
