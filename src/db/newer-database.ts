import fs from 'node:fs';
import { DEFAULT_MIGRATION_TABLE } from 'kysely';
import { z } from 'zod';
import SQLite from './sqlite-driver';
import { migrations } from './migrations';

// A database a newer jobscout migrated holds migrations this build does not know. Migrating it
// would fail half-way or, worse, work on a schema the code does not read; Kysely's own refusal
// ("corrupted migrations: previously executed migration … is missing") came as a stack trace.
// So every entry point that opens the database asks first, read-only, before anything writes
// to the file (issue 30, docs/decisions/048).

const nameRow = z.object({ name: z.string() });

/** Migrations recorded in the database that this build does not have, in order. */
export function unknownMigrations(sqlite: SQLite.Database): string[] {
  const recorded = sqlite
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?`)
    .get(DEFAULT_MIGRATION_TABLE);
  if (recorded === undefined) return [];
  return sqlite
    .prepare(`SELECT name FROM "${DEFAULT_MIGRATION_TABLE}" ORDER BY name`)
    .all()
    .map((row) => nameRow.parse(row).name)
    .filter((name) => !Object.hasOwn(migrations, name));
}

/** "this database was written by a newer jobscout (migration 0099-future)", for any caller. */
export function writtenByNewer(unknown: readonly string[]): string {
  return `this database was written by a newer jobscout (${unknown.length === 1 ? 'migration' : 'migrations'} ${unknown.join(', ')})`;
}

/** The database at `file` was written by a newer jobscout: this one must not open it. */
export class NewerDatabaseError extends Error {
  constructor(
    readonly file: string,
    readonly unknown: readonly string[],
  ) {
    super(`${file}: ${writtenByNewer(unknown)}; run that version, or restore a backup`);
    this.name = 'NewerDatabaseError';
  }
}

/**
 * Throws NewerDatabaseError when the database at `file` holds a migration this build does not
 * know; a missing file is a new database. The file is opened read-only, so its bytes stay as
 * they are (a WAL database gets the empty -wal and the -shm any reader makes).
 */
export function refuseNewerDatabase(file: string): void {
  if (!fs.existsSync(file)) return;
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const unknown = unknownMigrations(sqlite);
    if (unknown.length > 0) throw new NewerDatabaseError(file, unknown);
  } finally {
    sqlite.close();
  }
}
