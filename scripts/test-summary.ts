import fs from 'node:fs';
import {
  describeFailures,
  playwrightFailures,
  playwrightReport,
  vitestFailures,
  vitestReport,
} from './test-failures';

// Prints one closing line over every runner's JSON report: "N passed, N failed, N skipped",
// after a line naming each failed test.

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
let passed = 0;
let failed = 0;
let skipped = 0;

function countVitest(label: string, file: string): boolean {
  const report = vitestReport.safeParse(read(file));
  if (!report.success) return false;
  passed += report.data.numPassedTests;
  failed += report.data.numFailedTests;
  skipped += report.data.numPendingTests + report.data.numTodoTests;
  lines.push(...describeFailures(label, vitestFailures(report.data, root)));
  return true;
}

const vitest = countVitest(
  `vitest (Node ${process.versions.node.split('.')[0]})`,
  '.tmp/reports/vitest.json',
);
// CI also runs the unit and API tests on Node 24 (scripts/ci-node24.sh) and asks for its report.
const node24 =
  process.env.NODE24_REPORT !== 'required' ||
  countVitest('vitest (Node 24)', '.tmp/reports/vitest-node24.json');
const playwright = playwrightReport.safeParse(read('.tmp/reports/playwright.json'));
if (playwright.success) {
  passed += playwright.data.stats.expected + playwright.data.stats.flaky;
  failed += playwright.data.stats.unexpected;
  skipped += playwright.data.stats.skipped;
  lines.push(...describeFailures('playwright', playwrightFailures(playwright.data)));
}
if (!vitest || !playwright.success || !node24) process.exitCode = 1;
for (const line of lines) console.log(line);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
