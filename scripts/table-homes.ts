import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Which modules hold statements on each table (issue 31: one home per table, in src/db). Run with
// `npm run table-homes`; `--check` exits 1 while a table has more than one home or a home outside
// src/db. A statement is found by its words, as a reader would: raw SQL (`FROM t`, `JOIN t`,
// `INTO t`, `UPDATE t`, `DELETE FROM t`) and Kysely's builders (`selectFrom('t')`,
// `insertInto('t')`, `updateTable('t')`, `deleteFrom('t')`, `replaceInto('t')`). Migrations,
// tests and test kits are not homes: they build and check the tables, they do not serve them.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MIGRATIONS = 'src/db/migrations.ts';
// The schema the migrations make, written by `npm run db:snapshot`: their copy, no table's home.
const SNAPSHOT = 'src/db/schema-snapshot.ts';

/** The tables a text creates (plain, virtual and through Kysely's schema builder). */
export function tablesCreated(migrationsText: string): string[] {
  const names = new Set<string>();
  const patterns = [
    // Not a connection's temporary table (temp.jobs_fts_vocab, src/db/rules/stored-jobs.ts).
    /CREATE\s+(?:VIRTUAL\s+)?TABLE\s+(?!(?:IF\s+NOT\s+EXISTS\s+)?temp\.)(?:IF\s+NOT\s+EXISTS\s+)?"?([a-z_][a-z0-9_]*)"?/gi,
    /\.createTable\(\s*'([a-z_][a-z0-9_]*)'/g,
  ];
  for (const pattern of patterns) {
    for (const match of migrationsText.matchAll(pattern)) {
      const name = match[1];
      // A table rebuilt under a temporary name and renamed back is the same table.
      if (name !== undefined && !name.endsWith('_new') && !name.endsWith('_old')) names.add(name);
    }
  }
  return [...names].sort();
}

const WRITE_RAW =
  '(?:INSERT(?:\\s+OR\\s+[A-Z]+)?\\s+INTO|REPLACE\\s+INTO|UPDATE(?:\\s+OR\\s+[A-Z]+)?|DELETE\\s+FROM)';

function writePattern(table: string): RegExp {
  const raw = `\\b${WRITE_RAW}\\s+"?${table}"?(?![a-z0-9_])`;
  const kysely = `\\.(?:insertInto|replaceInto|updateTable|deleteFrom)\\(\\s*'${table}(?:\\s+as\\s+[a-z_]+)?'`;
  return new RegExp(`${raw}|${kysely}`, 'i');
}

function readPattern(table: string): RegExp {
  // FROM that is not DELETE's own.
  const raw = `(?<!DELETE\\s{1,20})\\b(?:FROM|JOIN)\\s+"?${table}"?(?![a-z0-9_])`;
  const kysely = `\\.(?:selectFrom|innerJoin|leftJoin)\\(\\s*'${table}(?:\\s+as\\s+[a-z_]+)?'`;
  return new RegExp(`${raw}|${kysely}`, 'i');
}

/** The module a file belongs to: a file directly under src/db, or a folder directly under it. */
export function moduleOf(file: string): string {
  const match = /^src\/db\/([^/]+)\//.exec(file);
  return match?.[1] !== undefined ? `src/db/${match[1]}/` : file;
}

export interface TableHome {
  /** Modules whose statements insert, update or delete the table's rows. */
  writers: string[];
  /** Modules whose statements only read it (joins from another group). */
  readers: string[];
}

/**
 * For each table, the modules among `sources` that write it and those that only read it
 * (decision 052: writes have one home; a read in another src/db module may join).
 */
export function tableHomes(
  tables: readonly string[],
  sources: ReadonlyMap<string, string>,
): Map<string, TableHome> {
  const homes = new Map<string, TableHome>();
  for (const table of tables) {
    const writes = writePattern(table);
    const reads = readPattern(table);
    const writers = new Set<string>();
    const readers = new Set<string>();
    for (const [file, text] of sources) {
      if (writes.test(text)) writers.add(moduleOf(file));
      else if (reads.test(text)) readers.add(moduleOf(file));
    }
    for (const writer of writers) readers.delete(writer);
    homes.set(table, { writers: [...writers].sort(), readers: [...readers].sort() });
  }
  return homes;
}

/** A table is settled when one src/db module writes it (or, never written, reads it) and every
 * other reader is in src/db. */
export function isSettled(home: TableHome): boolean {
  const inDb = (module: string) => module.startsWith('src/db/');
  const owners = home.writers.length > 0 ? home.writers : home.readers.slice(0, 1);
  return owners.length === 1 && inDb(owners[0] ?? '') && home.readers.every(inDb);
}

function isHomeCandidate(file: string): boolean {
  return (
    /\.(ts|tsx)$/.test(file) &&
    !/\.test\.tsx?$/.test(file) &&
    !/test-kit\.ts$|test-harness\.ts$/.test(file) &&
    file !== MIGRATIONS &&
    file !== SNAPSHOT
  );
}

function sourceFiles(dir: string, withMigrations = false): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file, withMigrations);
    return isHomeCandidate(file) || (withMigrations && file === MIGRATIONS) ? [file] : [];
  });
}

function main(): void {
  // The migrations create the tables, some through the schema modules beside them (jobs-fts.ts).
  const schemaText = sourceFiles('src/db', true)
    .map((file) => fs.readFileSync(path.join(ROOT, file), 'utf8'))
    .join('\n');
  const tables = tablesCreated(schemaText);
  const sources = new Map(
    sourceFiles('src').map((file) => [file, fs.readFileSync(path.join(ROOT, file), 'utf8')]),
  );
  const homes = tableHomes(tables, sources);
  let misplaced = 0;
  for (const [table, home] of homes) {
    const settled = isSettled(home);
    if (!settled) misplaced += 1;
    // A table no statement writes (triggers fill it) is at home where it is read.
    const owner =
      home.writers.length > 0
        ? home.writers.join(', ')
        : `${home.readers[0] ?? '(none)'} (read only)`;
    const joined = home.writers.length > 0 ? home.readers : home.readers.slice(1);
    console.info(
      `${settled ? 'ok ' : '-- '}${table}: ${owner}${joined.length > 0 ? `; read also by ${joined.join(', ')}` : ''}`,
    );
  }
  console.info(
    `${homes.size - misplaced} of ${homes.size} tables have one home in src/db; ${misplaced} not yet`,
  );
  if (process.argv.includes('--check') && misplaced > 0) process.exitCode = 1;
}

if (
  process.argv[1] !== undefined &&
  fileURLToPath(import.meta.url) === path.resolve(process.argv[1])
) {
  main();
}
