import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from './sqlite-driver';
import { sqliteOf, type ConnectionLike } from './connection';
import { z } from 'zod';
import { unknownMigrations, writtenByNewer } from './newer-database';

// Backup and restore (issue 12, docs/decisions/025). A backup is SQLite's online backup of the
// live database into a temporary file next to it (owner-only, like the database), which is then
// streamed or moved. A restore checks the file, then swaps it in atomically while the server is
// stopped.

export const DATABASE_FILE = 'jobscout.sqlite';

/** What a restore keeps of the database it replaced, beside it in DATA_DIR. */
export const BEFORE_RESTORE_SUFFIX = '.before-restore';

/** 4,096 pages of 4 kB: a step takes milliseconds, so requests are served between steps. */
const BACKUP_STEP_PAGES = 4096;

export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

/** A fresh temporary name beside the database: same file system, same owner-only folder. */
export function tempFileIn(dir: string, purpose: string): string {
  return path.join(dir, `.${purpose}-${randomBytes(8).toString('hex')}.sqlite`);
}

/**
 * Copies `source` into `file` with SQLite's online backup API; the copy is one consistent state.
 * `steps`: the server copies its own connection 16 MB at a time, serving requests in between
 * (its own writes reach the copy as they happen); another process's copy (`npm run backup`)
 * goes in one step after the first 100 pages, since each write of the server's would restart it.
 */
export async function backupInto(
  connection: ConnectionLike,
  file: string,
  steps: 'chunked' | 'whole' = 'whole',
): Promise<void> {
  const source = sqliteOf(connection);
  try {
    await source.backup(file, {
      progress: ({ remainingPages }) =>
        steps === 'chunked' ? BACKUP_STEP_PAGES : Math.max(100, remainingPages),
    });
    fs.chmodSync(file, 0o600);
    // The copy keeps the live database's WAL mode, so whoever opened it later (the operator's
    // sqlite3, a test) would grow -wal and -shm files beside it, and could not open it read-only
    // in a read-only folder; a rollback-journal file stands alone. The server turns WAL back on
    // when it opens a restored one.
    const copy = new SQLite(file, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
  } catch (error) {
    fs.rmSync(file, { force: true });
    throw error;
  }
}

/** `npm run backup`'s copy: the database file `dbFile` (another process's, live) into `file`. */
export async function backupFileInto(dbFile: string, file: string): Promise<void> {
  const source = new SQLite(dbFile, { fileMustExist: true });
  try {
    await backupInto(source, file);
  } finally {
    source.close();
  }
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');
const nameRow = z.object({ name: z.string() });

/**
 * Why `file` cannot be restored, or null when it can: a SQLite database (header and
 * `PRAGMA integrity_check`) holding jobscout's tables, from this build's schema or an older
 * one (the server migrates an older one when it starts).
 */
export function restoreProblem(file: string): string | null {
  let header: Buffer;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      header = Buffer.alloc(SQLITE_HEADER.length);
      fs.readSync(fd, header, 0, header.length, 0);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : '';
    return code === 'ENOENT' ? `${file} does not exist` : `${file} cannot be read (${code})`;
  }
  if (!header.equals(SQLITE_HEADER)) return `${file} is not a SQLite database`;
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const tables = new Set(
      db
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`)
        .all()
        .map((r) => nameRow.parse(r).name),
    );
    if (!tables.has('kysely_migration') || !tables.has('jobs')) {
      return `${file} is not a jobscout database (no ${tables.has('jobs') ? 'kysely_migration' : 'jobs'} table)`;
    }
    const unknown = unknownMigrations(db);
    if (unknown.length > 0) {
      return `${file}: ${writtenByNewer(unknown)}; restore it with that version, or choose an older backup`;
    }
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') return `${file} is damaged (integrity_check: ${String(integrity)})`;
    return null;
  } catch (error) {
    // A damaged page often fails the reads above before integrity_check gets to run.
    if (error instanceof SQLite.SqliteError && error.code.startsWith('SQLITE_CORRUPT')) {
      return `${file} is damaged (${error.message})`;
    }
    return `${file} cannot be opened as a SQLite database: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    db?.close();
  }
}

function fsyncPath(target: string, flags: string): void {
  const fd = fs.openSync(target, flags);
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Refuses when another process has the database open. A WAL database cannot leave WAL mode
 * while any other connection has it open, so leaving it (with no wait) is the test; when it
 * succeeds, SQLite has also folded the old -wal into the file that is about to be replaced.
 */
function ensureNotInUse(dbFile: string): void {
  if (!fs.existsSync(dbFile)) return;
  const db = new SQLite(dbFile, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('journal_mode = DELETE');
  } catch (error) {
    if (error instanceof SQLite.SqliteError && error.code.startsWith('SQLITE_BUSY')) {
      throw new RestoreRefused(
        `The database in ${path.dirname(dbFile)} is open (is the server running?): stop the server, then restore`,
      );
    }
    throw error;
  } finally {
    db.close();
  }
}

/**
 * Replaces DATA_DIR's database with `file`: checked first, copied next to the database with the
 * backup API (which also folds in a -wal of the source), synced to disk, then renamed over it,
 * so the database is either the old one or the new one, never half of each. The old one stays
 * as `jobscout.sqlite.before-restore` (a hard link made before the rename, so no copy), in case
 * the wrong file was restored.
 */
export async function restoreDatabase(dataDir: string, file: string): Promise<void> {
  const problem = restoreProblem(file);
  if (problem !== null) throw new RestoreRefused(problem);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const dbFile = path.join(dataDir, DATABASE_FILE);
  if (path.resolve(file) === path.resolve(dbFile)) {
    throw new RestoreRefused(`${file} is the database itself`);
  }
  ensureNotInUse(dbFile);
  const temp = tempFileIn(dataDir, 'restore');
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    await backupInto(source, temp);
  } finally {
    source.close();
  }
  try {
    fsyncPath(temp, 'r+');
    // Checked again between the check and the swap: the server may have started meanwhile.
    ensureNotInUse(dbFile);
    if (fs.existsSync(dbFile)) {
      fs.rmSync(`${dbFile}${BEFORE_RESTORE_SUFFIX}`, { force: true });
      fs.linkSync(dbFile, `${dbFile}${BEFORE_RESTORE_SUFFIX}`);
    }
    fs.renameSync(temp, dbFile);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  // A -wal or -shm left by the old database would be replayed into the new one.
  for (const suffix of ['-wal', '-shm', '-journal'])
    fs.rmSync(`${dbFile}${suffix}`, { force: true });
  fsyncPath(dataDir, 'r');
}
