import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

// better-sqlite3 12 is built on Node's own ObjectWrap. From Node 24.19 on, ObjectWrap's destructor
// asserts that a JavaScript environment is current, and a statement collected by an idle garbage
// collection (none is) aborts the whole process: "Assertion failed: (env) != nullptr" in
// RemoveEnvironmentCleanupHook. better-sqlite3 13 is built on Node-API and does not, but it needs
// Node-API 10 (Node 22.14 and later) and crashes on load on Node 20. So both are installed: 13
// under the alias better-sqlite3-napi, an optional dependency that npm leaves out where its engine
// range (Node 22 and later) is not met, and 12 for Node 20 (docs/decisions/051).
const NODE_API_FOR_V13 = 10;
const V13 = 'better-sqlite3-napi';
const V12 = 'better-sqlite3';

const require = createRequire(import.meta.url);

function driverModuleId(): string {
  if (Number(process.versions.napi) >= NODE_API_FOR_V13) {
    try {
      require.resolve(V13);
      return V13;
    } catch {
      // Installed under an older Node (npm left the alias out): 12 is compiled for that Node and
      // fails to load here with its own message, which says to install again.
    }
  }
  return V12;
}

const driverId = driverModuleId();

/**
 * Where the driver in use is: for a worker thread run as an eval'd CommonJS script, which requires
 * it by this path. The server is one bundled file in production and runs from source under the
 * tests; the script needs no build entry in either.
 */
export function sqliteDriverPath(): string {
  return require.resolve(driverId);
}

/** Which better-sqlite3 line this process uses (12 or 13). */
export const sqliteDriverName: string =
  driverId === V13 ? 'better-sqlite3 13' : 'better-sqlite3 12';

// Both lines have the same JavaScript API; the types are 12's (@types/better-sqlite3). The
// require's result is `any`, as every require's is, and takes that type here, once.
const SQLite: typeof BetterSqlite3 = require(driverId);

// eslint-disable-next-line @typescript-eslint/no-namespace -- types only, beside the value (esbuild drops the export of a name merged with a `declare namespace`), as the package's own default export has them, so `SQLite.Database` reads as before
namespace SQLite {
  export type Database = BetterSqlite3.Database;
  export type Statement<
    BindParameters extends unknown[] = unknown[],
    Result = unknown,
  > = BetterSqlite3.Statement<BindParameters, Result>;
  export type Options = BetterSqlite3.Options;
}

export default SQLite;
