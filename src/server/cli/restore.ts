import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import {
  BEFORE_RESTORE_SUFFIX,
  DATABASE_FILE,
  restoreDatabase,
  RestoreRefused,
} from '../../db/backup';

// `npm run restore -- FILE`: replaces DATA_DIR's database with FILE, while the server is stopped
// (docs/decisions/025). Refuses a file that is not a jobscout database, is damaged, or comes
// from a newer jobscout; refuses while the server has the database open.

async function main(): Promise<void> {
  const file = process.argv[2];
  if (file === undefined || file === '' || process.argv.length > 3) {
    throw new Error('Usage: npm run restore -- FILE');
  }
  const config = loadConfig();
  await restoreDatabase(config.dataDir, path.resolve(file));
  process.stdout.write(
    `Restored ${path.resolve(file)} into ${config.dataDir} (the database it replaced is kept as ${DATABASE_FILE}${BEFORE_RESTORE_SUFFIX}). Start the server: it applies any newer migrations.\n`,
  );
}

main().catch((err: unknown) => {
  const prefix =
    err instanceof ConfigError
      ? 'Configuration error: '
      : err instanceof RestoreRefused
        ? 'Nothing was restored: '
        : '';
  process.stderr.write(`${prefix}${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
