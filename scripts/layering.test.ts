import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run lint` checks the rooms' imports with .dependency-cruiser.cjs (docs/architecture.md).
// Here the same rules run over a small tree with a violation of each kind planted in it, and over
// the allowed imports, so a rule that stopped matching would be noticed.
const config: IConfiguration = createRequire(import.meta.url)('../.dependency-cruiser.cjs');

const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'jobscout-layering-'));
afterAll(() => fs.rmSync(tree, { recursive: true, force: true }));

function plant(files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.join(tree, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(tree, file), text);
  }
}

async function violations(roots = ['src', 'simulator']): Promise<string[]> {
  const previous = process.cwd();
  process.chdir(tree);
  try {
    // The project's options but its tsconfig, which this tree does not have.
    const { tsConfig: _projectsTsConfig, ...options } = config.options ?? {};
    const result = await cruise(roots, {
      ...options,
      validate: true,
      ruleSet: { forbidden: config.forbidden ?? [] },
    });
    if (typeof result.output === 'string') throw new Error('expected the cruise result as data');
    return result.output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
  } finally {
    process.chdir(previous);
  }
}

describe('the layering rules', () => {
  it('find an import against the rooms and an import circle, and let the allowed imports be', async () => {
    plant({
      'src/contract/schema.ts': `export const a = 1;\n`,
      'src/scraper/client.ts': `import { a } from '../contract/schema';\nexport const b = a;\n`,
      'src/db/jobs.ts': `import { a } from '../contract/schema';\nexport const c = a;\n`,
      'src/fit/score.ts': `import { a } from '../contract/schema';\nexport const s = a;\n`,
      'src/runner/queue.ts': `import { b } from '../scraper/client';\nimport { c } from '../db/jobs';\nimport { s } from '../fit/score';\nexport const d = b + c + s;\n`,
      'src/server/routes.ts': `import { d } from '../runner/queue';\nimport { c } from '../db/jobs';\nimport { s } from '../fit/score';\nexport const e = d + c + s;\n`,
      'src/web/page.ts': `import { a } from '../contract/schema';\nexport const f = a;\n`,
      'simulator/server.ts': `import { a } from '../src/contract/schema';\nexport const n = a;\n`,
    });
    expect(await violations()).toEqual([]);

    plant({
      // The contract reaching into the server, the web app into the database, the database
      // into the runner, and two runner modules importing each other (the circle is named once).
      'src/contract/bad.ts': `import { e } from '../server/routes';\nexport const g = e;\n`,
      'src/web/bad.ts': `import { c } from '../db/jobs';\nexport const h = c;\n`,
      'src/db/bad.ts': `import { d } from '../runner/queue';\nexport const i = d;\n`,
      'src/runner/one.ts': `import { k } from './two';\nexport const j = 1 + k;\n`,
      'src/runner/two.ts': `import { j } from './one';\nexport const k = () => j;\n`,
      // The scorer reaching into the database, and the simulator into the scorer.
      'src/fit/bad.ts': `import { c } from '../db/jobs';\nexport const l = c;\n`,
      'simulator/truth.ts': `import { s } from '../src/fit/score';\nexport const m = s;\n`,
    });
    expect((await violations()).sort()).toEqual([
      'contract-imports: src/contract/bad.ts -> src/server/routes.ts',
      'db-imports: src/db/bad.ts -> src/runner/queue.ts',
      'fit-imports: src/fit/bad.ts -> src/db/jobs.ts',
      'no-circular: src/runner/one.ts -> src/runner/two.ts',
      'simulator-apart-from-fit: simulator/truth.ts -> src/fit/score.ts',
      'web-imports: src/web/bad.ts -> src/db/jobs.ts',
    ]);
  });
});

describe('the driver rule (docs/decisions/057)', () => {
  it("finds the SQLite driver imported outside src/db, and the tests' door outside the tests", async () => {
    plant({
      'src/db/sqlite-driver.ts': `import SQLite from 'better-sqlite3';\nexport default SQLite;\n`,
      'src/db/sqlite-file.ts': `import SQLite from './sqlite-driver';\nexport const open = (f: string) => new SQLite(f);\n`,
      'src/db/connection.ts': `import SQLite from './sqlite-driver';\nexport const c = SQLite;\n`,
      'src/runner/queue.test.ts': `import { open } from '../db/sqlite-file';\nexport const t = open;\n`,
      'bench/ok.bench.ts': `import { open } from '../src/db/sqlite-file';\nexport const b = open;\n`,
    });
    // The rooms' violations planted above are the other test's.
    const driverRules = async () =>
      (await violations(['src', 'bench'])).filter((v) => /^(driver|sqlite-file)-/.test(v));
    expect(await driverRules()).toEqual([]);

    plant({
      'src/runner/step.ts': `import SQLite from '../db/sqlite-driver';\nexport const s = SQLite;\n`,
      'src/server/context.ts': `import type SQLite from 'better-sqlite3';\nexport type D = SQLite.Database;\n`,
      'src/server/sweep.ts': `import { open } from '../db/sqlite-file';\nexport const w = open;\n`,
      'bench/bad.bench.ts': `import SQLite from '../src/db/sqlite-driver';\nexport const x = SQLite;\n`,
    });
    expect((await driverRules()).sort()).toEqual([
      'driver-outside-db: bench/bad.bench.ts -> src/db/sqlite-driver.ts',
      'driver-outside-db: src/runner/step.ts -> src/db/sqlite-driver.ts',
      'driver-outside-db: src/server/context.ts -> better-sqlite3',
      'sqlite-file-outside-tests: src/server/sweep.ts -> src/db/sqlite-file.ts',
    ]);
  });

  it("keeps the server's code off the driver's handle (eslint), and lets src/db and the tests have it", async () => {
    // The project's own eslint.config.js, on texts placed where they would live.
    const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });
    const rulesBroken = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath });
      return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message.split(':')[0]}`);
    };
    const reachesForTheHandle = [
      "import type SQLite from 'better-sqlite3';",
      "import { sqliteOf } from '../db/connection';",
      "import { openSqliteFile } from '../db/sqlite-file';",
      "import type { OpenedDatabase } from '../db/database';",
      'export const f = (d: OpenedDatabase): SQLite.Database => d.sqlite ?? sqliteOf(d.connection) ?? openSqliteFile(d.connection.file);',
      '',
    ].join('\n');
    expect(await rulesBroken('src/server/sweep.ts', reachesForTheHandle)).toEqual([
      "no-restricted-imports: 'better-sqlite3' import is restricted from being used by a pattern. The SQLite driver is src/db's",
      "no-restricted-imports: 'sqliteOf' import from '../db/connection' is restricted from being used by a pattern. The driver's handle behind a Connection is for src/db's modules only.",
      "no-restricted-imports: '../db/sqlite-file' import is restricted from being used by a pattern. src/db/sqlite-file hands out the driver's handle, for tests only",
      "no-restricted-syntax: The driver's handle is src/db's",
    ]);
    // A test sets up its fixture with the handle, through the door; src/db has the driver.
    const testFixture = [
      "import { openSqliteFile } from '../db/sqlite-file';",
      "import type { OpenedDatabase } from '../db/database';",
      'export const f = (d: OpenedDatabase) => d.sqlite ?? openSqliteFile(d.connection.file);',
      '',
    ].join('\n');
    expect(await rulesBroken('src/server/sweep.test.ts', testFixture)).toEqual([]);
    expect(
      await rulesBroken(
        'src/db/health-probe.ts',
        "import SQLite from './sqlite-driver';\nexport const open = (f: string) => new SQLite(f);\n",
      ),
    ).toEqual([]);
  });
});
