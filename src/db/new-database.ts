import { z } from 'zod';
import { MIGRATION_TABLE } from './schema-dump';
import { SCHEMA_SNAPSHOT } from './schema-snapshot';
import type SQLite from './sqlite-driver';

/**
 * A new database file gets the schema every migration makes in one step (decision 069): the
 * migrations on an empty file cost ~55 ms of a start's ~550, the same schema as one script ~5 ms.
 * Only when the file is empty and the snapshot was written from exactly these migrations;
 * otherwise (an existing file, or a migration added without `npm run db:snapshot`) the
 * migrations run as before. Returns whether it made the schema.
 */
export function createFromSnapshot(
  sqlite: SQLite.Database,
  migrations: readonly string[],
  now: Date = new Date(),
): boolean {
  const current =
    SCHEMA_SNAPSHOT.migrations.length === migrations.length &&
    SCHEMA_SNAPSHOT.migrations.every((name, i) => name === migrations[i]);
  if (!current) return false;
  const { objects } = z
    .object({ objects: z.number() })
    .parse(sqlite.prepare('SELECT count(*) AS objects FROM sqlite_master').get());
  if (objects > 0) return false;
  sqlite.transaction(() => {
    sqlite.exec(SCHEMA_SNAPSHOT.statements.join(';\n'));
    // As Kysely's migrator records a run: each migration's name, and when (ISO 8601).
    const ran = sqlite.prepare(`INSERT INTO ${MIGRATION_TABLE} (name, timestamp) VALUES (?, ?)`);
    for (const name of migrations) ran.run(name, now.toISOString());
  })();
  return true;
}

/**
 * Whether the file has run every one of these migrations: a restart's usual case, told by one
 * read instead of Kysely's migrator, which reads every table's columns three times over to find
 * its own tables (~15 ms of a restart's ~500).
 */
export function hasEveryMigration(sqlite: SQLite.Database, migrations: readonly string[]): boolean {
  const table = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
    .get(MIGRATION_TABLE);
  if (table === undefined) return false;
  const ran = new Set(
    sqlite
      .prepare(`SELECT name FROM ${MIGRATION_TABLE}`)
      .all()
      .map((row) => z.object({ name: z.string() }).parse(row).name),
  );
  return migrations.every((name) => ran.has(name));
}
