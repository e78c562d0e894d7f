import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openSqliteFile } from '../db/sqlite-file';
import { openDatabase } from '../db/database';
import {
  copyWithItsWal,
  databaseBefore,
  databaseBytes,
  markWrittenByNewer,
  migrationFolder,
} from '../db/migration-test-kit';
import { migrations } from '../db/migrations';

// The real entry point (`npm start`'s main.ts, in a child process) on a database it must upgrade,
// or must not touch (issue 30, item 7; docs/decisions/048).

const folder = migrationFolder('jobscout-main-migrations-');

/** Starts main.ts on DATA_DIR `dataDir`; stops it once it listens, or waits for it to exit. */
function runMain(dataDir: string): Promise<{ output: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: '0',
        LINKEDIN_BASE_URL: 'http://127.0.0.1:9',
        LOG_LEVEL: 'info',
        ADMIN_PASSWORD: 'a test password that is long enough',
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`main.ts neither listened nor exited:\n${output}`));
    }, 25_000);
    let signalled = false;
    const onData = (d: Buffer) => {
      output += d.toString();
      if (!signalled && output.includes('dashboard at http')) {
        signalled = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ output, code });
    });
  });
}

const migrationLine = z.object({ level: z.number(), migration: z.string(), ms: z.number() });

/** The log's lines about migrations, in order. */
function migrationsLogged(output: string): z.infer<typeof migrationLine>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line): unknown => JSON.parse(line))
    .flatMap((entry) => {
      const parsed = migrationLine.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
}

describe('npm start on a database', () => {
  it('says a new file was made at the last migration, and logs each migration an upgrade runs', async () => {
    // A new file is made from the schema snapshot in one step (decision 069): one line says so.
    const fresh = path.join(folder.dir(), 'fresh');
    const first = await runMain(fresh);
    expect(first.code, first.output).toBe(0);
    expect(migrationsLogged(first.output)).toEqual([]);
    const last = Object.keys(migrations).at(-1) ?? '';
    expect(first.output).toMatch(
      new RegExp(
        `"created":"${last}","ms":\\d+,"msg":"database created at migration ${last} in \\d+ ms"`,
      ),
    );
    // Nothing to run: nothing said.
    const again = await runMain(fresh);
    expect(migrationsLogged(again.output)).toEqual([]);
    expect(again.output).not.toContain('database created');

    // The previous release's schema (0001-0007), with a job that 0015 moves the description of.
    const before = await databaseBefore(folder.file(), '0008-rules');
    before.sqlite.exec(`
      INSERT INTO batches (id, kind, status, started_at) VALUES (1, 'manual', 'completed', 100);
      INSERT INTO jobs (id, title, company_name, company_normalized, location, url, description,
        first_seen_batch_id, first_seen_at)
      VALUES ('1', 'Data Engineer', 'ACME', 'acme', 'Berlin', 'https://example.com/1',
        'Fluent in German.', 1, 100);
    `);
    await before.close();
    const upgrade = await runMain(folder.dir());
    expect(upgrade.code, upgrade.output).toBe(0);
    const upgraded = migrationsLogged(upgrade.output);
    expect(upgraded.map((l) => l.migration)).toEqual(
      Object.keys(migrations).filter((name) => name >= '0008-rules'),
    );
    for (const line of upgraded) {
      expect(line.level).toBe(30);
      expect(Number.isInteger(line.ms) && line.ms >= 0).toBe(true);
    }
    expect(upgrade.output).toMatch(/"msg":"database migration 0008-rules ran in \d+ ms"/);
    const after = openSqliteFile(folder.file(), { readonly: true });
    try {
      expect(after.prepare('SELECT description FROM job_descriptions').pluck().all()).toEqual([
        'Fluent in German.',
      ]);
    } finally {
      after.close();
    }
    // Three starts of main.ts under tsx, each allowed runMain's 25 s: on a loaded CI machine (Node
    // 24's tests beside the browser tests) three took more than the file's 30 s default.
  }, 90_000);

  it('refuses a database a newer jobscout wrote: one line, status 1, the file as it was', async () => {
    const database = await openDatabase(folder.dir());
    await database.close();
    const file = folder.file();
    const sqlite = openSqliteFile(file);
    markWrittenByNewer(sqlite, ['0099-future']);
    sqlite.close();
    const bytes = databaseBytes(file);

    const run = await runMain(folder.dir());
    expect(run.code).toBe(1);
    expect(run.output).toBe(
      `${file}: this database was written by a newer jobscout (migration 0099-future); run that version, or restore a backup\n`,
    );
    expect(databaseBytes(file)).toEqual(bytes);
  });

  it('reads the -wal a newer jobscout left, and leaves it as it is', async () => {
    // The newer jobscout's last write (its migration) is only in the -wal, not yet in the file.
    const database = await openDatabase(folder.dir(), undefined, { backgroundCheckpoints: false });
    database.sqlite.pragma('wal_autocheckpoint = 0');
    markWrittenByNewer(database.sqlite, ['0099-future', '0100-further']);
    const crashed = path.join(folder.dir(), 'crashed');
    fs.mkdirSync(crashed, { mode: 0o700 });
    const file = path.join(crashed, 'jobscout.sqlite');
    copyWithItsWal(folder.file(), file);
    await database.close();
    const bytes = databaseBytes(file);
    expect(bytes.wal).not.toBe('');

    const run = await runMain(crashed);
    expect(run.code).toBe(1);
    expect(run.output).toBe(
      `${file}: this database was written by a newer jobscout (migrations 0099-future, 0100-further); run that version, or restore a backup\n`,
    );
    expect(databaseBytes(file)).toEqual(bytes);
  });
});
