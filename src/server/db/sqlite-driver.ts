import { createRequire } from 'node:module';

/**
 * Where better-sqlite3 is, as the server resolved it: for a worker thread run as an eval'd
 * CommonJS script, which requires the driver by this path. The server is one bundled file in
 * production and runs from source under the tests; the script needs no build entry in either.
 * Throws when the driver cannot be found.
 */
export function sqliteDriverPath(): string {
  return createRequire(import.meta.url).resolve('better-sqlite3');
}
