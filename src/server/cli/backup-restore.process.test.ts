import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqliteFile } from '../../db/sqlite-file';
import { afterEach, describe, expect, it } from 'vitest';
import { BERLIN, LONDON, seedQueries } from '../../runner/runner-test-kit';
import { openDatabase } from '../../db/database';
import { BEFORE_RESTORE_SUFFIX, DATABASE_FILE } from '../../db/backup';
import { databaseBytes, markWrittenByNewer } from '../../db/migration-test-kit';

// `npm run backup` and `npm run restore` as the operator runs them: real processes on a real
// DATA_DIR (issue 12).

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-backup-cli-'));
  dirs.push(dir);
  return dir;
}

function runCli(
  script: 'backup' | 'restore',
  args: string[],
  dataDir: string,
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

/** A DATA_DIR whose database holds these search terms. */
async function dataDirWith(terms: string[]): Promise<string> {
  const dataDir = tempDir();
  const database = await openDatabase(dataDir);
  seedQueries(
    database,
    terms.map((jobTitle, i) => ({ jobTitle, ...(i % 2 ? LONDON : BERLIN) })),
  );
  await database.close();
  return dataDir;
}

function termsIn(file: string): string[] {
  const db = openSqliteFile(file, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('SELECT job_title FROM queries ORDER BY id')
      .pluck()
      .all()
      .map((t) => String(t));
  } finally {
    db.close();
  }
}

describe('npm run backup', () => {
  it('writes a whole, checked copy to a new file, and replaces one only with --force', async () => {
    const dataDir = await dataDirWith(['python developer', 'data engineer']);
    const file = path.join(tempDir(), 'jobscout-copy.sqlite');
    const made = await runCli('backup', [file], dataDir);
    expect(made.output).toContain(`Backup written to ${file}`);
    expect(made.code).toBe(0);
    const copy = openSqliteFile(file, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
    // A file that stands alone: opening it grew no -wal or -shm beside it.
    expect(fs.readdirSync(path.dirname(file))).toEqual(['jobscout-copy.sqlite']);
    expect(termsIn(file)).toEqual(['python developer', 'data engineer']);
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');

    const again = await runCli('backup', [file], dataDir);
    expect(again.code).toBe(1);
    expect(again.output).toBe(`${file} exists: name a new file, or add --force to replace it\n`);
    expect(termsIn(file)).toEqual(['python developer', 'data engineer']);
    // Told to, it replaces the file with today's database.
    const database = await openDatabase(dataDir);
    seedQueries(database, [{ jobTitle: 'later', ...LONDON }]);
    await database.close();
    const forced = await runCli('backup', [file, '--force'], dataDir);
    expect(forced.code).toBe(0);
    expect(termsIn(file)).toEqual(['python developer', 'data engineer', 'later']);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['jobscout-copy.sqlite']);

    const usage = await runCli('backup', [], dataDir);
    expect(usage).toEqual({ code: 1, output: 'Usage: npm run backup -- FILE [--force]\n' });
    const nowhere = await runCli('backup', [path.join(file, 'inside', 'x.sqlite')], dataDir);
    expect(nowhere.code).toBe(1);
    expect(nowhere.output).toContain('does not exist');
  });
});

describe('a database a newer jobscout wrote', () => {
  it('is not backed up by this one, and a backup can be restored over it', async () => {
    const dataDir = await dataDirWith(['python developer']);
    const good = path.join(tempDir(), 'good.sqlite');
    expect((await runCli('backup', [good], dataDir)).code).toBe(0);
    const dbFile = path.join(dataDir, DATABASE_FILE);
    const newer = openSqliteFile(dbFile);
    markWrittenByNewer(newer, ['0099-future', '0100-further']);
    newer.close();
    const bytes = databaseBytes(dbFile);

    const copy = path.join(tempDir(), 'copy.sqlite');
    const backup = await runCli('backup', [copy], dataDir);
    expect(backup).toEqual({
      code: 1,
      output: `${dbFile}: this database was written by a newer jobscout (migrations 0099-future, 0100-further); run that version, or restore a backup\n`,
    });
    expect(fs.existsSync(copy)).toBe(false);
    expect(databaseBytes(dbFile)).toEqual(bytes);

    // What the refusal offers: the backup this version wrote replaces it (kept beside).
    const restored = await runCli('restore', [good], dataDir);
    expect(restored.code, restored.output).toBe(0);
    expect(termsIn(dbFile)).toEqual(['python developer']);
    const kept = openSqliteFile(`${dbFile}${BEFORE_RESTORE_SUFFIX}`, { readonly: true });
    try {
      expect(
        kept.prepare(`SELECT name FROM kysely_migration WHERE name >= '0099'`).pluck().all(),
      ).toEqual(['0099-future', '0100-further']);
    } finally {
      kept.close();
    }
    const reopened = await openDatabase(dataDir);
    await reopened.close();
  });
});

describe('npm run restore', () => {
  it('restores a backup over the database and keeps the one it replaced', async () => {
    const dataDir = await dataDirWith(['python developer']);
    const file = path.join(tempDir(), 'backup.sqlite');
    expect((await runCli('backup', [file], dataDir)).code).toBe(0);
    // After the backup the operator goes on: a query is added, then regretted.
    const database = await openDatabase(dataDir);
    seedQueries(database, [{ jobTitle: 'a mistake', ...LONDON }]);
    await database.close();

    const run = await runCli('restore', [file], dataDir);
    expect(run.output).toContain(`Restored ${file} into ${dataDir}`);
    expect(run.code).toBe(0);
    const dbFile = path.join(dataDir, DATABASE_FILE);
    // No -wal of the old database is left to be replayed into the new one.
    expect(fs.existsSync(`${dbFile}-wal`)).toBe(false);
    expect(termsIn(dbFile)).toEqual(['python developer']);
    expect(termsIn(`${dbFile}${BEFORE_RESTORE_SUFFIX}`)).toEqual(['python developer', 'a mistake']);
    // And the server's own opening of it works (migrations already applied).
    const reopened = await openDatabase(dataDir);
    await reopened.close();
  });

  it('refuses what is not a jobscout database of this version, and a running server, changing nothing', async () => {
    const dataDir = await dataDirWith(['python developer']);
    const dbFile = path.join(dataDir, DATABASE_FILE);
    const dir = tempDir();

    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'these are not the rows you are looking for\n'.repeat(10));
    const other = path.join(dir, 'other.sqlite');
    const otherDb = openSqliteFile(other);
    otherDb.exec('CREATE TABLE songs (title TEXT)');
    otherDb.close();
    const newer = path.join(dir, 'newer.sqlite');
    expect((await runCli('backup', [newer], dataDir)).code).toBe(0);
    const newerDb = openSqliteFile(newer);
    newerDb
      .prepare('INSERT INTO kysely_migration (name, timestamp) VALUES (?, ?)')
      .run('9999-from-the-future', new Date().toISOString());
    newerDb.close();
    // Page 1 (the schema) stays whole, every later page becomes noise.
    const damaged = path.join(dir, 'damaged.sqlite');
    expect((await runCli('backup', [damaged], dataDir)).code).toBe(0);
    const bytes = fs.readFileSync(damaged);
    const pageSize = bytes.readUInt16BE(16);
    for (let i = pageSize; i < bytes.length; i++) bytes[i] = (i * 31) & 0xff;
    fs.writeFileSync(damaged, bytes);
    const good = path.join(dir, 'good.sqlite');
    expect((await runCli('backup', [good], dataDir)).code).toBe(0);

    const cases: Array<[string[], string]> = [
      [[path.join(dir, 'missing.sqlite')], 'missing.sqlite does not exist'],
      [[text], 'notes.txt is not a SQLite database'],
      [[other], 'other.sqlite is not a jobscout database'],
      [
        [newer],
        'newer.sqlite: this database was written by a newer jobscout (migration 9999-from-the-future); restore it with that version, or choose an older backup',
      ],
      [[damaged], 'damaged.sqlite is damaged ('],
      [[], 'Usage: npm run restore -- FILE'],
    ];
    for (const [args, message] of cases) {
      const run = await runCli('restore', args, dataDir);
      expect(run.code, message).toBe(1);
      expect(run.output).toContain(message);
    }

    // The server holds the database open: a restore now would pull it from under it.
    const server = await openDatabase(dataDir);
    try {
      const run = await runCli('restore', [good], dataDir);
      expect(run.code).toBe(1);
      expect(run.output).toContain('Nothing was restored: ');
      expect(run.output).toContain('is open (is the server running?)');
    } finally {
      await server.close();
    }
    expect(termsIn(dbFile)).toEqual(['python developer']);
    expect(fs.existsSync(`${dbFile}${BEFORE_RESTORE_SUFFIX}`)).toBe(false);
  });
});
