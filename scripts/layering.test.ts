import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration } from 'dependency-cruiser';
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

async function violations(): Promise<string[]> {
  const previous = process.cwd();
  process.chdir(tree);
  try {
    // The project's options but its tsconfig, which this tree does not have.
    const { tsConfig: _projectsTsConfig, ...options } = config.options ?? {};
    const result = await cruise(['src', 'simulator'], {
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
