import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrations } from './migrations';

/**
 * A database file with the migrations before `migration` applied, as an install that has not
 * upgraded yet has it (foreign keys on, as the server opens it). The caller adds its rows with
 * `sqlite`, then closes it.
 */
export async function databaseBefore(
  file: string,
  migration: string,
): Promise<{ sqlite: SQLite.Database; close: () => Promise<void> }> {
  const sqlite = new SQLite(file);
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  const earlier = Object.fromEntries(
    Object.entries(migrations).filter(([name]) => name < migration),
  );
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(earlier) },
  }).migrateToLatest();
  if (error) {
    await db.destroy();
    throw error;
  }
  return { sqlite, close: () => db.destroy() };
}
