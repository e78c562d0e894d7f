import fs from 'node:fs';
import { z } from 'zod';
import {
  describeFailures,
  playwrightFailureReport,
  playwrightFailures,
  vitestFailureReport,
  vitestFailures,
} from './test-failures';

// Prints one closing line over every runner's JSON report: "N passed, N failed, N skipped",
// after a line naming each failed test.
const vitestReport = z.object({
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  numPendingTests: z.number().default(0),
  numTodoTests: z.number().default(0),
});
const playwrightReport = z.object({
  stats: z.object({
    expected: z.number(),
    unexpected: z.number(),
    flaky: z.number(),
    skipped: z.number(),
  }),
});

function read(file: string): unknown {
  if (!fs.existsSync(file)) {
    process.stderr.write(`test summary: ${file} is missing (did that runner run?)\n`);
    process.exitCode = 1;
    return null;
  }
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

const lines: string[] = [];
const root = process.cwd();
function nameFailures(label: string, raw: unknown, kind: 'vitest' | 'playwright'): void {
  if (kind === 'vitest') {
    const report = vitestFailureReport.safeParse(raw);
    if (report.success) lines.push(...describeFailures(label, vitestFailures(report.data, root)));
  } else {
    const report = playwrightFailureReport.safeParse(raw);
    if (report.success) lines.push(...describeFailures(label, playwrightFailures(report.data)));
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
const vitestRaw = read('.tmp/reports/vitest.json');
nameFailures(`vitest (Node ${process.versions.node.split('.')[0]})`, vitestRaw, 'vitest');
const vitest = vitestReport.safeParse(vitestRaw);
if (vitest.success) {
  passed += vitest.data.numPassedTests;
  failed += vitest.data.numFailedTests;
  skipped += vitest.data.numPendingTests + vitest.data.numTodoTests;
}
// CI also runs the unit and API tests on Node 24 (scripts/ci-node24.sh) and asks for its report.
const node24Required = process.env.NODE24_REPORT === 'required';
const node24Raw = node24Required ? read('.tmp/reports/vitest-node24.json') : null;
if (node24Required) nameFailures('vitest (Node 24)', node24Raw, 'vitest');
const node24 = node24Required ? vitestReport.safeParse(node24Raw) : null;
if (node24?.success) {
  passed += node24.data.numPassedTests;
  failed += node24.data.numFailedTests;
  skipped += node24.data.numPendingTests + node24.data.numTodoTests;
}
const playwrightRaw = read('.tmp/reports/playwright.json');
nameFailures('playwright', playwrightRaw, 'playwright');
const playwright = playwrightReport.safeParse(playwrightRaw);
if (playwright.success) {
  passed += playwright.data.stats.expected + playwright.data.stats.flaky;
  failed += playwright.data.stats.unexpected;
  skipped += playwright.data.stats.skipped;
}
if (!vitest.success || !playwright.success || node24?.success === false) process.exitCode = 1;
for (const line of lines) console.log(line);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
