import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { readSetting, SETTING_KEYS, writeSetting } from '../settings-store';

// `npm run backup` and `npm run restore` (issue 12) as the operator runs them: real processes on
// real database files.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-restore-'));
  dirs.push(dir);
  return dir;
}

function runCli(
  script: 'backup' | 'restore',
  dataDir: string,
  args: string[],
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', `src/server/cli/${script}.ts`, ...args],
      { env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** A DATA_DIR holding a migrated jobscout database whose script_time is `marker`. */
async function dataDirWith(marker: string): Promise<string> {
  const dataDir = tempDir();
  const database = await openDatabase(dataDir);
  await writeSetting(database.db, SETTING_KEYS.scriptTime, marker);
  await database.close();
  return dataDir;
}

async function scriptTimeIn(dataDir: string, fileName = 'jobscout.sqlite'): Promise<string> {
  const database = await openDatabase(dataDir, fileName);
  try {
    return (await readSetting(database.db, SETTING_KEYS.scriptTime)) ?? '';
  } finally {
    await database.close();
  }
}

async function backupOf(marker: string): Promise<string> {
  const file = path.join(tempDir(), 'snapshot.sqlite');
  const run = await runCli('backup', await dataDirWith(marker), [file]);
  expect(run.code).toBe(0);
  return file;
}

describe('npm run backup', () => {
  it('writes a whole database, and replaces an existing file only with --force', async () => {
    const dataDir = await dataDirWith('07:15');
    const file = path.join(tempDir(), 'out.sqlite');
    const first = await runCli('backup', dataDir, [file]);
    expect(first).toEqual({ code: 0, output: `Backup written to ${file}\n` });
    const copy = new SQLite(file, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(
        copy.prepare(`SELECT value FROM settings WHERE key = 'script_time'`).pluck().get(),
      ).toBe('07:15');
    } finally {
      copy.close();
    }

    const again = await runCli('backup', dataDir, [file]);
    expect(again.code).toBe(1);
    expect(again.output).toBe(`${file} exists: name a new file, or add --force to replace it\n`);
    const forced = await runCli('backup', dataDir, [file, '--force']);
    expect(forced.code).toBe(0);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['out.sqlite']);
  });

  it('says how to call it and when there is no database', async () => {
    const usage = await runCli('backup', tempDir(), []);
    expect(usage).toEqual({ code: 1, output: 'Usage: npm run backup -- FILE [--force]\n' });
    const empty = tempDir();
    const none = await runCli('backup', empty, [path.join(empty, 'x.sqlite')]);
    expect(none.code).toBe(1);
    expect(none.output).toContain('There is no database at');
  });
});

describe('npm run restore', () => {
  it('restores a backup, keeping the database it replaced as .before-restore', async () => {
    const file = await backupOf('06:30');
    const dataDir = await dataDirWith('21:00');
    // A -wal left by the old database must not be replayed into the restored one.
    fs.writeFileSync(path.join(dataDir, 'jobscout.sqlite-wal'), Buffer.alloc(0));

    const run = await runCli('restore', dataDir, [file]);
    expect(run.code).toBe(0);
    expect(run.output).toContain(`Restored ${file} into ${dataDir}.`);
    expect(run.output).toContain('jobscout.sqlite.before-restore');
    expect(await scriptTimeIn(dataDir)).toBe('06:30');
    expect(await scriptTimeIn(dataDir, 'jobscout.sqlite.before-restore')).toBe('21:00');
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('.restore-'))).toEqual([]);
  });

  it('restores into an empty DATA_DIR', async () => {
    const file = await backupOf('05:00');
    const dataDir = tempDir();
    const run = await runCli('restore', dataDir, [file]);
    expect(run.code).toBe(0);
    expect(run.output).not.toContain('before-restore');
    expect(await scriptTimeIn(dataDir)).toBe('05:00');
  });

  async function expectRefused(file: string, reason: RegExp): Promise<void> {
    const dataDir = await dataDirWith('21:00');
    const run = await runCli('restore', dataDir, [file]);
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/^Nothing was restored: /);
    expect(run.output).toMatch(reason);
    expect(await scriptTimeIn(dataDir)).toBe('21:00');
    expect(fs.existsSync(path.join(dataDir, 'jobscout.sqlite.before-restore'))).toBe(false);
  }

  it('refuses a file that is not a SQLite database', async () => {
    const file = path.join(tempDir(), 'notes.sqlite');
    fs.writeFileSync(file, 'just some text, long enough to fill a header\n');
    await expectRefused(file, /notes\.sqlite is not a SQLite database/);
    await expectRefused(path.join(tempDir(), 'missing.sqlite'), /missing\.sqlite does not exist/);
  });

  it('refuses a SQLite database that is not jobscout’s', async () => {
    const file = path.join(tempDir(), 'other.sqlite');
    const other = new SQLite(file);
    other.exec('CREATE TABLE recipes (name TEXT)');
    other.close();
    await expectRefused(file, /other\.sqlite is not a jobscout database/);
  });

  it('refuses a database from a newer jobscout', async () => {
    const file = await backupOf('06:30');
    const db = new SQLite(file);
    db.prepare('INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)').run(
      '9999-from-the-future',
      new Date().toISOString(),
    );
    db.close();
    await expectRefused(file, /from a newer jobscout \(migration 9999-from-the-future/);
  });

  it('refuses a damaged database', async () => {
    const file = await backupOf('06:30');
    const db = new SQLite(file);
    const pageSize = Number(db.pragma('page_size', { simple: true }));
    const pages = Number(db.pragma('page_count', { simple: true }));
    db.close();
    // Page 1 (the schema) stays, every other page becomes noise.
    const bytes = fs.readFileSync(file);
    for (let i = pageSize; i < pages * pageSize; i++) bytes[i] = (i * 31) & 0xff;
    fs.writeFileSync(file, bytes);
    await expectRefused(file, /damaged|malformed/);
  });

  it('refuses while the server has the database open', async () => {
    const file = await backupOf('06:30');
    const dataDir = await dataDirWith('21:00');
    const running = await openDatabase(dataDir);
    try {
      const run = await runCli('restore', dataDir, [file]);
      expect(run.code).toBe(1);
      expect(run.output).toBe(
        `Nothing was restored: The database in ${dataDir} is open (is the server running?): stop the server, then restore\n`,
      );
      expect(await readSetting(running.db, SETTING_KEYS.scriptTime)).toBe('21:00');
    } finally {
      await running.close();
    }
  });
});
