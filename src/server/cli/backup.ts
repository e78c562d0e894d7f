import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { backupFileInto, DATABASE_FILE, tempFileIn } from '../../db/backup';
import { refuseNewerDatabase } from '../../db/newer-database';

// `npm run backup -- FILE`: what GET /api/v1/backup answers, written to FILE. Safe while the
// server runs (SQLite's online backup, docs/decisions/025).

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  const target = files[0];
  if (target === undefined || target === '' || files.length > 1 || target.startsWith('-')) {
    throw new Error('Usage: npm run backup -- FILE [--force]');
  }
  const config = loadConfig();
  const dbFile = path.join(config.dataDir, DATABASE_FILE);
  if (!fs.existsSync(dbFile)) throw new Error(`There is no database at ${dbFile} (DATA_DIR)`);
  // Its connection would fold a -wal into the file on closing: a newer jobscout's stays as it is.
  refuseNewerDatabase(dbFile);
  const destination = path.resolve(target);
  // Replacing a file, maybe last week's only backup, is only done when asked for.
  if (fs.existsSync(destination) && !force) {
    throw new Error(`${destination} exists: name a new file, or add --force to replace it`);
  }
  if (!fs.existsSync(path.dirname(destination))) {
    throw new Error(`The folder ${path.dirname(destination)} does not exist`);
  }
  // Written beside the target under a temporary name, so FILE is either whole or absent.
  const temp = tempFileIn(path.dirname(destination), 'backup');
  await backupFileInto(dbFile, temp);
  fs.renameSync(temp, destination);
  process.stdout.write(`Backup written to ${destination}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(
    `${err instanceof ConfigError ? 'Configuration error: ' : ''}${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
});
