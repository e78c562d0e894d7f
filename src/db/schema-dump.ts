import { z } from 'zod';
import type SQLite from './sqlite-driver';

// What a database's schema is, as SQL that makes it again: the objects of sqlite_master (without
// SQLite's own and the tables a virtual table makes for itself), the full-text tables' settings,
// the rows the migrations wrote, then the AUTOINCREMENT counters. Written into src/db/schema-snapshot.ts by
// `npm run db:snapshot`, and compared by its test (decision 069).

const objectRow = z.object({ type: z.string(), name: z.string(), sql: z.string() });
const tableRow = z.object({ name: z.string(), type: z.string() });
const textRow = z.object({ statement: z.string() });

/** Tables, then indexes, views and triggers: what a later object names exists by then. */
const ORDER: Readonly<Record<string, number>> = { table: 0, index: 1, view: 2, trigger: 3 };

/** The migrations' own bookkeeping: written apart, with the time the file was made. */
export const MIGRATION_TABLE = 'kysely_migration';

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function schemaStatements(sqlite: SQLite.Database): string[] {
  // PRAGMA table_list says which tables are a virtual table's shadow tables (SQLite 3.37+).
  const shadow = new Set(
    sqlite
      .prepare('PRAGMA table_list')
      .all()
      .map((row) => tableRow.parse(row))
      .filter((t) => t.type === 'shadow')
      .map((t) => t.name),
  );
  const objects = sqlite
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid",
    )
    .all()
    .map((row) => objectRow.parse(row))
    .filter((o) => !shadow.has(o.name));
  const ordered = [...objects].sort((a, b) => (ORDER[a.type] ?? 9) - (ORDER[b.type] ?? 9));
  const rows: string[] = [];
  for (const table of objects.filter((o) => o.type === 'table' && o.name !== MIGRATION_TABLE)) {
    const columns = sqlite
      .prepare(`SELECT name FROM pragma_table_info(?) ORDER BY cid`)
      .all(table.name)
      .map((row) => z.object({ name: z.string() }).parse(row).name);
    const values = columns.map((c) => `quote(${quoteName(c)})`).join(` || ',' || `);
    for (const row of sqlite
      .prepare(
        `SELECT 'INSERT INTO ${quoteName(table.name).replaceAll("'", "''")} VALUES(' || ${values} || ')' AS statement FROM ${quoteName(table.name)} ORDER BY statement`,
      )
      .all())
      rows.push(textRow.parse(row).statement);
  }
  // An FTS5 table's settings (its rank function, automerge...) live in its _config shadow table,
  // which the table's creation does not restore: each is set again as FTS5 sets it.
  const settings: string[] = [];
  for (const fts of objects.filter((o) => o.type === 'table' && /USING\s+fts5/i.test(o.sql))) {
    const config = `${fts.name}_config`;
    if (!shadow.has(config)) continue;
    const name = quoteName(fts.name).replaceAll("'", "''");
    for (const row of sqlite
      .prepare(
        `SELECT 'INSERT INTO ${name} (${name}, rank) VALUES(' || quote(k) || ', ' || quote(v) || ')' AS statement FROM ${quoteName(config)} WHERE k <> 'version' ORDER BY k`,
      )
      .all())
      settings.push(textRow.parse(row).statement);
  }
  const hasSequence = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'")
    .get();
  const sequences = hasSequence
    ? sqlite
        .prepare(
          "SELECT 'INSERT INTO sqlite_sequence(name, seq) VALUES(' || quote(name) || ',' || quote(seq) || ')' AS statement FROM sqlite_sequence ORDER BY name",
        )
        .all()
        .map((row) => textRow.parse(row).statement)
    : [];
  return [...ordered.map((o) => o.sql), ...settings, ...rows, ...sequences];
}

/** The names of the migrations a database has run, in order. */
export function migrationNames(sqlite: SQLite.Database): string[] {
  return sqlite
    .prepare(`SELECT name FROM ${MIGRATION_TABLE} ORDER BY name`)
    .all()
    .map((row) => z.object({ name: z.string() }).parse(row).name);
}

/** Every row of a virtual table's shadow tables, as JSON: what a dump leaves to the table itself. */
export function shadowTablesContent(sqlite: SQLite.Database): Record<string, string> {
  const shadow = sqlite
    .prepare('PRAGMA table_list')
    .all()
    .map((row) => tableRow.parse(row))
    .filter((t) => t.type === 'shadow')
    .map((t) => t.name)
    .sort();
  return Object.fromEntries(
    shadow.map((name) => [
      name,
      JSON.stringify(
        sqlite
          .prepare(`SELECT * FROM ${quoteName(name)}`)
          .raw()
          .all(),
      ),
    ]),
  );
}
