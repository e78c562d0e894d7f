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

/** The tables a text creates (plain, virtual and through Kysely's schema builder). */
export function tablesCreated(migrationsText: string): string[] {
  const names = new Set<string>();
  const patterns = [
    /CREATE\s+(?:VIRTUAL\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?([a-z_][a-z0-9_]*)"?/gi,
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

function statementPattern(table: string): RegExp {
  const raw = `\\b(?:FROM|JOIN|INTO|UPDATE)\\s+"?${table}"?(?![a-z0-9_])`;
  const kysely = `\\.(?:selectFrom|insertInto|replaceInto|updateTable|deleteFrom)\\(\\s*'${table}(?:\\s+as\\s+[a-z_]+)?'`;
  return new RegExp(`${raw}|${kysely}`, 'i');
}

/** For each table, the files among `sources` whose text holds a statement on it. */
export function tableHomes(
  tables: readonly string[],
  sources: ReadonlyMap<string, string>,
): Map<string, string[]> {
  const homes = new Map<string, string[]>();
  for (const table of tables) {
    const pattern = statementPattern(table);
    const files = [...sources].filter(([, text]) => pattern.test(text)).map(([file]) => file);
    homes.set(table, files.sort());
  }
  return homes;
}

function isHomeCandidate(file: string): boolean {
  return (
    /\.(ts|tsx)$/.test(file) &&
    !/\.test\.tsx?$/.test(file) &&
    !/test-kit\.ts$|test-harness\.ts$/.test(file) &&
    file !== MIGRATIONS
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
  for (const [table, files] of homes) {
    const settled = files.length === 1 && files[0]?.startsWith('src/db/') === true;
    if (!settled) misplaced += 1;
    console.info(
      `${settled ? 'ok ' : '-- '}${table}: ${files.length > 0 ? files.join(', ') : '(none)'}`,
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
