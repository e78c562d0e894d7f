import fs from 'node:fs';
import path from 'node:path';
import SQLite from './sqlite-driver';
import { Kysely, Migrator, SqliteDialect, type Migration } from 'kysely';
import { Connection } from './connection';
import { migrations } from './migrations';
import { createFromSnapshot, hasEveryMigration } from './new-database';
import { refuseNewerDatabase } from './newer-database';
import type { Database } from './schema';
import { INLINE_FRAMES, WalCheckpointer } from './wal-checkpointer';

export type Db = Kysely<Database>;

export interface OpenedDatabase {
  db: Db;
  /**
   * The connection as the server's rooms hold it: handed to src/db's modules, and written through
   * its `write`, which waits for an open Kysely transaction (docs/decisions/057).
   */
  connection: Connection;
  /**
   * The driver's handle on the same connection, for the tests', the benches' and the scripts'
   * fixtures (raw SQL to set up and inspect); lint keeps src/runner and src/server off it.
   */
  sqlite: SQLite.Database;
  /** Checkpoints the WAL on a worker thread (absent when opened without it). */
  checkpointer: WalCheckpointer | undefined;
  close: () => Promise<void>;
}

export interface OpenDatabaseOptions {
  /**
   * Checkpoint the WAL on a worker thread rather than inside the commits (docs/decisions/043).
   * On by default, as the server runs; off for a short-lived command; 'when-started' for the
   * server, which starts the thread once it answers /healthz (checkpointer.start(), decision 058).
   */
  backgroundCheckpoints?: boolean | 'when-started';
  /**
   * Told of each migration as it finishes, with how long it took: an upgrade can rewrite every
   * job (0015 moved every description and ran VACUUM), and the log says what it did.
   */
  onMigrated?: (migration: string, ms: number) => void;
  /**
   * A new (empty) file: its schema made from the snapshot in one step (the default, decision
   * 069), or by running every migration (the snapshot's own writing and test).
   */
  newFileFrom?: 'snapshot' | 'migrations';
  /** Told when a new file's schema came from the snapshot: the migrations it holds, the time. */
  onCreated?: (lastMigration: string, ms: number) => void;
}

/** The migrations, each telling `onMigrated` its time once it has run. */
function timedMigrations(onMigrated: OpenDatabaseOptions['onMigrated']): Record<string, Migration> {
  if (onMigrated === undefined) return migrations;
  return Object.fromEntries(
    Object.entries(migrations).map(([name, migration]) => [
      name,
      {
        ...migration,
        async up(db: Kysely<unknown>) {
          const started = performance.now();
          await migration.up(db);
          onMigrated(name, Math.round(performance.now() - started));
        },
      },
    ]),
  );
}

/**
 * Opens (creating if needed) the SQLite file under dataDir, owner-only, in WAL mode, and applies
 * every pending migration before anything else touches it. A database a newer jobscout wrote is
 * refused (NewerDatabaseError) before anything writes to it.
 */
export async function openDatabase(
  dataDir: string,
  fileName = 'jobscout.sqlite',
  options: OpenDatabaseOptions = {},
): Promise<OpenedDatabase> {
  const file = path.join(dataDir, fileName);
  refuseNewerDatabase(file);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // mkdir's mode is ignored for an existing folder: tighten it anyway, the file holds secrets.
  fs.chmodSync(dataDir, 0o700);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  // Without the worker below, the writer checkpoints every ~40 MB rather than SQLite's default
  // 4 MB: each checkpoint syncs the file, and a page the runner writes again and again (a busy
  // index page) is copied back once per checkpoint (docs/decisions/037).
  sqlite.pragma(`wal_autocheckpoint = ${INLINE_FRAMES}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const names = Object.keys(migrations);
  const creating = performance.now();
  if (options.newFileFrom !== 'migrations' && createFromSnapshot(sqlite, names)) {
    options.onCreated?.(names.at(-1) ?? '', Math.round(performance.now() - creating));
  } else if (!hasEveryMigration(sqlite, names)) {
    const timed = timedMigrations(options.onMigrated);
    const { error, results } = await new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(timed) },
    }).migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error !== undefined || failed) {
      await db.destroy();
      throw new Error(
        `database migration ${failed?.migrationName ?? '(before any ran)'} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  // Started once the migrations are in: they rewrite whole tables, best checkpointed as before.
  const checkpointer =
    options.backgroundCheckpoints === false
      ? undefined
      : new WalCheckpointer(sqlite, { startNow: options.backgroundCheckpoints !== 'when-started' });
  return {
    db,
    connection: Connection.of(sqlite),
    sqlite,
    checkpointer,
    close: async () => {
      // First, so that the writer's connection is the last one and folds the WAL in on closing.
      await checkpointer?.stop();
      await db.destroy();
      // Kysely closes the handle only if it ever used it; a file made from the snapshot or found
      // migrated may not have been queried through Kysely yet (decision 069).
      if (sqlite.open) sqlite.close();
    },
  };
}
