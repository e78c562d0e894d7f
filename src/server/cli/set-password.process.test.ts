import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteFile } from '../../db/sqlite-file';
import { openDatabase } from '../../db/database';
import { databaseBytes, markWrittenByNewer } from '../../db/migration-test-kit';
import { ensurePassword, verifyPassword } from '../auth/password';
import { isTokenValid, issueToken } from '../auth/tokens';
import { readSetting, SETTING_KEYS } from '../../db/settings';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function runCli(
  env: Record<string, string>,
  stdin: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/set-password.ts'], {
      env: { ...process.env, ADMIN_PASSWORD: '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
    child.stdin.end(stdin);
  });
}

describe('npm run set-password', () => {
  it('sets the password piped on stdin and signs every session out', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-cli-'));
    dirs.push(dataDir);
    const before = await openDatabase(dataDir);
    await ensurePassword(before.db, 'the old password', Date.now());
    const token = await issueToken(before.db, Date.now());
    await before.close();

    const run = await runCli({ DATA_DIR: dataDir }, 'a new password of mine\n');
    expect(run.code).toBe(0);
    expect(run.output).toContain('Password changed');
    expect(run.output).not.toContain('a new password of mine');

    const after = await openDatabase(dataDir);
    try {
      const stored = (await readSetting(after.db, SETTING_KEYS.passwordHash)) ?? '';
      expect(await verifyPassword(stored, 'a new password of mine')).toBe(true);
      expect(await verifyPassword(stored, 'the old password')).toBe(false);
      expect(await isTokenValid(after.db, token, Date.now())).toBe(false);
    } finally {
      await after.close();
    }
  });

  it('refuses a short password and changes nothing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-cli-'));
    dirs.push(dataDir);
    const run = await runCli({ DATA_DIR: dataDir }, 'short\n');
    expect(run.code).toBe(1);
    expect(run.output).toContain('at least 8 characters');
    expect(fs.existsSync(path.join(dataDir, 'jobscout.sqlite'))).toBe(false);
  });

  it('refuses a database a newer jobscout wrote, before asking, and leaves it as it is', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-cli-'));
    dirs.push(dataDir);
    const before = await openDatabase(dataDir);
    await ensurePassword(before.db, 'the old password', Date.now());
    await before.close();
    const file = path.join(dataDir, 'jobscout.sqlite');
    const sqlite = openSqliteFile(file);
    markWrittenByNewer(sqlite, ['0099-future']);
    sqlite.close();
    const bytes = databaseBytes(file);

    const run = await runCli({ DATA_DIR: dataDir }, 'a new password of mine\n');
    expect(run).toEqual({
      code: 1,
      output: `${file}: this database was written by a newer jobscout (migration 0099-future); run that version, or restore a backup\n`,
    });
    expect(databaseBytes(file)).toEqual(bytes);
  });

  it('refuses while ADMIN_PASSWORD decides the password', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-cli-'));
    dirs.push(dataDir);
    const run = await runCli(
      { DATA_DIR: dataDir, ADMIN_PASSWORD: 'set in the environment' },
      'another password\n',
    );
    expect(run.code).toBe(1);
    expect(run.output).toContain('ADMIN_PASSWORD is set');
  });
});
