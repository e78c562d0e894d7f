import type SQLite from './sqlite-driver';

// The server's one SQLite connection is shared by Kysely (the routes' ordinary statements) and by
// src/db's prepared better-sqlite3 statements (the runner's transactions, the hot paths). A Kysely
// transaction awaits between its statements; a synchronous write landing in such a gap joins that
// transaction, and is rolled back with it. So every synchronous write goes through write(), which
// waits for such a gap to close and then runs the whole write at once (docs/decisions/057).

/** The driver's handles behind the connections, for src/db's modules only (sqliteOf). */
const handles = new WeakMap<Connection, SQLite.Database>();
/** One Connection per handle, so that a write anywhere knows of a write in progress. */
const connections = new WeakMap<SQLite.Database, Connection>();

/**
 * The connection as the rooms above src/db hold it: handed to src/db's modules, written through
 * `write`, and nothing else. The driver's handle stays inside src/db (lint: no-restricted-imports).
 */
export class Connection {
  /** True while a write's work runs: a write asked for inside it could not join it. */
  private writing = false;

  /** Use connectionOf: one connection per handle. */
  private constructor(sqlite: SQLite.Database) {
    handles.set(this, sqlite);
  }

  /** The handle's connection (made on first asking). */
  static of(sqlite: SQLite.Database): Connection {
    let connection = connections.get(sqlite);
    if (connection === undefined) {
      connection = new Connection(sqlite);
      connections.set(sqlite, connection);
    }
    return connection;
  }

  /** The database file: a worker thread opens its own reading connection to it (the exports). */
  get file(): string {
    return sqliteOf(this).name;
  }

  /**
   * Runs `work` (synchronous statements of src/db's modules) in one transaction, once no other
   * transaction is open on the connection: at once when none is (the promise is then already
   * settled when write returns), else as soon as the open one ends. Resolves with what `work`
   * answers; rejects with what it throws, having rolled everything back.
   */
  write<T>(work: () => T): Promise<T> {
    if (this.writing) {
      // The inner write would wait for the outer one to commit and run on its own, not in it.
      return Promise.reject(
        new Error('write() called inside a write: call the statements directly, they are in it'),
      );
    }
    const sqlite = sqliteOf(this);
    return new Promise<T>((resolve, reject) => {
      // The check and the write run in one synchronous turn: no transaction can open between them.
      const attempt = (): void => {
        if (sqlite.inTransaction) {
          // Kysely's transactions wait only on this connection: done within a few turns.
          setImmediate(attempt);
          return;
        }
        this.writing = true;
        try {
          // IMMEDIATE: the write lock is taken first, so another process (the CLI) is waited
          // for at the start rather than refused halfway through.
          resolve(sqlite.transaction(work).immediate());
        } catch (error) {
          reject(error);
        } finally {
          this.writing = false;
        }
      };
      attempt();
    });
  }

  /**
   * Runs `work` as a part of the write in progress that may fail on its own (a savepoint): a throw
   * undoes only what `work` did, and the write goes on. Only inside a write's work.
   */
  savepoint<T>(work: () => T): T {
    if (!this.writing) throw new Error('savepoint() outside a write: it would not wait its turn');
    return sqliteOf(this).transaction(work)();
  }
}

/** A connection, or (in src/db and its tests) the driver's handle itself. */
export type ConnectionLike = Connection | SQLite.Database;

/** The connection itself, or the handle's (as tests hand it: their `database.sqlite`). */
export function connectionOf(connection: ConnectionLike): Connection {
  return connection instanceof Connection ? connection : Connection.of(connection);
}

/**
 * The driver's handle behind a connection, for src/db's modules: lint keeps this function
 * inside src/db, so the rooms above reach the database only through those modules.
 */
export function sqliteOf(connection: ConnectionLike): SQLite.Database {
  if (!(connection instanceof Connection)) return connection;
  const sqlite = handles.get(connection);
  if (sqlite === undefined) throw new Error('a connection without its database');
  return sqlite;
}
