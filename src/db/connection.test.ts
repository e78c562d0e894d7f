import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from './database';

let database: OpenedDatabase;
let dir: string;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-connection-'));
  database = await openDatabase(dir, 'jobscout.sqlite', { backgroundCheckpoints: false });
  database.sqlite.exec('CREATE TABLE notes (text TEXT NOT NULL)');
});

afterEach(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const notes = (): string[] =>
  database.sqlite
    .prepare('SELECT text FROM notes ORDER BY rowid')
    .pluck()
    .all()
    .map((text) => String(text));

function note(text: string): void {
  database.sqlite.prepare('INSERT INTO notes (text) VALUES (?)').run(text);
}

describe('Connection.write', () => {
  it('writes at once when no transaction is open, in one transaction', async () => {
    let inTransaction = false;
    const written = database.connection.write(() => {
      note('first');
      inTransaction = database.sqlite.inTransaction;
      return 'done';
    });
    // Already written when write returns: a step reads its own write on the next line.
    expect(notes()).toEqual(['first']);
    expect(inTransaction).toBe(true);
    await expect(written).resolves.toBe('done');
  });

  it('waits for an open Kysely transaction, and is not rolled back with it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const kysely = database.db.transaction().execute(async (trx) => {
      await trx.insertInto('settings').values({ key: 'kysely', value: 'one' }).execute();
      await gate;
      throw new Error('the route changed its mind');
    });
    // Kysely's BEGIN and its first statement have run once the transaction is open.
    while (!database.sqlite.inTransaction) await new Promise((r) => setImmediate(r));

    let ran = false;
    const written = database.connection.write(() => {
      ran = true;
      note('ours');
    });
    await new Promise((r) => setTimeout(r, 20));
    // A write run now would have joined Kysely's transaction.
    expect(ran).toBe(false);

    release();
    await expect(kysely).rejects.toThrow('the route changed its mind');
    await written;
    expect(ran).toBe(true);
    expect(notes()).toEqual(['ours']);
    expect(
      database.sqlite.prepare("SELECT count(*) FROM settings WHERE key = 'kysely'").pluck().get(),
    ).toBe(0);
  });

  it('rolls the whole write back when its work throws, and says why', async () => {
    const written = database.connection.write(() => {
      note('half');
      throw new Error('second statement failed');
    });
    await expect(written).rejects.toThrow('second statement failed');
    expect(notes()).toEqual([]);
    expect(database.sqlite.inTransaction).toBe(false);
  });

  it('refuses a write inside a write, which could not be part of it', async () => {
    let inner: Promise<void> | undefined;
    await database.connection.write(() => {
      note('outer');
      inner = database.connection.write(() => note('inner'));
    });
    await expect(inner).rejects.toThrow('inside a write');
    expect(notes()).toEqual(['outer']);
    // The connection writes again once the outer write is done.
    await database.connection.write(() => note('after'));
    expect(notes()).toEqual(['outer', 'after']);
  });

  it('names the database file for the reading workers', () => {
    expect(database.connection.file).toBe(path.join(dir, 'jobscout.sqlite'));
  });
});
