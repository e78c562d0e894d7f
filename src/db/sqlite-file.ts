import SQLite from './sqlite-driver';

// The server's rooms reach the database through src/db's modules and their Connection
// (docs/decisions/057). What looks at a database file from outside the server (a test reading
// what a stopped server left, a bench copying a seeded file, an in-memory table for FTS5's own
// words) opens the driver's handle here; lint keeps this module out of src/runner and src/server.

/** The driver's handle on a database file, as the tests, benches and scripts use it. */
export type SqliteFile = SQLite.Database;

/** Opens `file` (':memory:' for a database of one's own) with the driver the server uses. */
export function openSqliteFile(file: string, options?: SQLite.Options): SqliteFile {
  return new SQLite(file, options);
}
