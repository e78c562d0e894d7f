import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase, type OpenedDatabase } from './database';
import { migrations } from './migrations';
import { createFromSnapshot, hasEveryMigration } from './new-database';
import { migrationNames, schemaStatements, shadowTablesContent } from './schema-dump';
import { SCHEMA_SNAPSHOT } from './schema-snapshot';
import SQLite from './sqlite-driver';

// Decision 069: a new database file is made from the snapshot of the schema every migration
// makes. Two ways to one schema are one too many unless a test holds them equal.

let dir = '';
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-snapshot-test-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const PRAGMAS = ['user_version', 'application_id', 'auto_vacuum', 'encoding', 'journal_mode'];

function pragmas(sqlite: SQLite.Database): Record<string, unknown> {
  return Object.fromEntries(PRAGMAS.map((p) => [p, sqlite.pragma(p, { simple: true })]));
}

async function opened(
  name: string,
  from: 'snapshot' | 'migrations',
): Promise<{ db: OpenedDatabase; created: string[] }> {
  const created: string[] = [];
  const db = await openDatabase(dir, name, {
    backgroundCheckpoints: false,
    newFileFrom: from,
    onCreated: (migration) => created.push(migration),
  });
  return { db, created };
}

describe('the schema snapshot', () => {
  it('was written from the migrations there are (after adding one: npm run db:snapshot)', () => {
    expect(SCHEMA_SNAPSHOT.migrations).toEqual(Object.keys(migrations));
  });

  it('makes the very schema, rows and counters the migrations make, and is what they write today', async () => {
    const migrated = await opened('migrated.sqlite', 'migrations');
    const snapshot = await opened('snapshot.sqlite', 'snapshot');
    try {
      expect(migrated.created).toEqual([]);
      expect(snapshot.created).toEqual([Object.keys(migrations).at(-1)]);
      const fromMigrations = schemaStatements(migrated.db.sqlite);
      expect(schemaStatements(snapshot.db.sqlite)).toEqual(fromMigrations);
      expect(SCHEMA_SNAPSHOT.statements).toEqual(fromMigrations);
      // SQLite's own tables too (sqlite_sequence, sqlite_stat1 had a migration run ANALYZE).
      const all = (sqlite: SQLite.Database) =>
        sqlite.prepare('SELECT type, name FROM sqlite_master ORDER BY type, name').all();
      expect(all(snapshot.db.sqlite)).toEqual(all(migrated.db.sqlite));
      expect(migrationNames(snapshot.db.sqlite)).toEqual(migrationNames(migrated.db.sqlite));
      expect(pragmas(snapshot.db.sqlite)).toEqual(pragmas(migrated.db.sqlite));
      // The full-text index's own tables: its settings (the rank's weights) and structure.
      const shadow = shadowTablesContent(migrated.db.sqlite);
      expect(Object.keys(shadow)).toContain('jobs_fts_config');
      expect(shadowTablesContent(snapshot.db.sqlite)).toEqual(shadow);
      expect(snapshot.db.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(snapshot.db.sqlite.pragma('foreign_key_check')).toEqual([]);
    } finally {
      await migrated.db.close();
      await snapshot.db.close();
    }
  });

  it('records each migration with a time, as Kysely does, so a reopening runs none', async () => {
    const first = await opened('jobscout.sqlite', 'snapshot');
    const rows = first.db.sqlite.prepare('SELECT name, timestamp FROM kysely_migration').all();
    for (const row of rows) {
      const { timestamp } = z.object({ timestamp: z.string() }).parse(row);
      expect(new Date(timestamp).toISOString()).toBe(timestamp);
    }
    await first.db.close();
    const ran: string[] = [];
    const again = await openDatabase(dir, 'jobscout.sqlite', {
      backgroundCheckpoints: false,
      onMigrated: (name) => ran.push(name),
      onCreated: (name) => ran.push(`created ${name}`),
    });
    await again.close();
    expect(ran).toEqual([]);
  });

  it('is left alone for a file that holds anything, or when the migrations moved on', () => {
    const sqlite = new SQLite(path.join(dir, 'other.sqlite'));
    try {
      expect(createFromSnapshot(sqlite, [...Object.keys(migrations), '0999-later'])).toBe(false);
      expect(sqlite.prepare('SELECT count(*) FROM sqlite_master').pluck().get()).toBe(0);
      sqlite.exec('CREATE TABLE notes (text TEXT)');
      expect(createFromSnapshot(sqlite, Object.keys(migrations))).toBe(false);
      expect(sqlite.prepare('SELECT count(*) FROM sqlite_master').pluck().get()).toBe(1);
    } finally {
      sqlite.close();
    }
  });

  it('tells a restart there is nothing to run only when every migration is recorded', () => {
    const sqlite = new SQLite(path.join(dir, 'restart.sqlite'));
    try {
      const names = Object.keys(migrations);
      expect(hasEveryMigration(sqlite, names)).toBe(false);
      expect(createFromSnapshot(sqlite, names)).toBe(true);
      expect(hasEveryMigration(sqlite, names)).toBe(true);
      expect(hasEveryMigration(sqlite, [...names, '0999-later'])).toBe(false);
      sqlite.prepare('DELETE FROM kysely_migration WHERE name = ?').run(names[3]);
      expect(hasEveryMigration(sqlite, names)).toBe(false);
    } finally {
      sqlite.close();
    }
  });
});
