import { stripVTControlCharacters } from 'node:util';
import { z } from 'zod';

// CI prints Node 24's whole log after the Node 20 and browser runs, so a failure earlier in the
// log scrolls out of the tail a reader sees first; these name every failed test for the summary.

// What a runner's JSON report holds that CI reads: its counts for the closing line, and its tests
// for the names of those that failed.
const vitestFile = z.object({
  name: z.string(),
  status: z.string().optional(),
  message: z.string().optional(),
  assertionResults: z
    .array(
      z.object({
        fullName: z.string().optional(),
        title: z.string().optional(),
        status: z.string(),
        duration: z.number().nullish(),
        failureMessages: z.array(z.string()).nullish(),
      }),
    )
    .default([]),
});
export const vitestReport = z.object({
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  numPendingTests: z.number().default(0),
  numTodoTests: z.number().default(0),
  testResults: z.array(vitestFile).default([]),
});

const playwrightSpec = z.object({
  title: z.string(),
  file: z.string().optional(),
  line: z.number().optional(),
  tests: z
    .array(
      z.object({
        status: z.string().optional(),
        results: z
          .array(z.object({ error: z.object({ message: z.string().optional() }).optional() }))
          .optional(),
      }),
    )
    .optional(),
});
const playwrightSuite = z.object({
  title: z.string().optional(),
  file: z.string().optional(),
  specs: z.array(playwrightSpec).optional(),
  // A getter lets the suite hold suites and still infer its type (zod 4's recursive objects).
  get suites() {
    return z.array(playwrightSuite).optional();
  },
});
type PlaywrightSuite = z.infer<typeof playwrightSuite>;
export const playwrightReport = z.object({
  stats: z.object({
    expected: z.number(),
    unexpected: z.number(),
    flaky: z.number(),
    skipped: z.number(),
  }),
  suites: z.array(playwrightSuite).default([]),
  errors: z.array(z.object({ message: z.string().optional() })).default([]),
});

export interface Failure {
  where: string;
  name: string;
  // The first line of the first error, enough to tell a timeout from an assertion.
  reason: string;
}

function firstLine(text: string | undefined): string {
  const line = stripVTControlCharacters(text ?? '')
    .split('\n')
    .map((part) => part.trim())
    .find((part) => part !== '');
  if (line === undefined) return '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

export function vitestFailures(report: z.infer<typeof vitestReport>, root: string): Failure[] {
  const failures: Failure[] = [];
  for (const file of report.testResults) {
    const where = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) {
      // A timeout's message can be a bare "Error: STACK_TRACE_ERROR": how long the test ran tells it.
      const ran = test.duration == null ? '' : ` (after ${(test.duration / 1000).toFixed(1)} s)`;
      failures.push({
        where,
        name: test.fullName ?? test.title ?? '',
        reason: `${firstLine(test.failureMessages?.[0])}${ran}`.trim(),
      });
    }
    // A file that fails before its tests run (an import, a hook) has no failed test to name.
    if (failed.length === 0 && file.status === 'failed') {
      failures.push({ where, name: '(the file)', reason: firstLine(file.message) });
    }
  }
  return failures;
}

// Unexpected only: a flaky test passed on retry and is counted as passed.
export function playwrightFailures(report: z.infer<typeof playwrightReport>): Failure[] {
  const failures: Failure[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]): void => {
    const path = suite.title && suite.title !== suite.file ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.find((result) => result.error)?.error?.message;
        failures.push({
          where: `${spec.file ?? suite.file ?? ''}${spec.line === undefined ? '' : `:${spec.line}`}`,
          name: [...path, spec.title].join(' › '),
          reason: firstLine(error),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of report.suites) walk(suite, []);
  for (const error of report.errors) {
    failures.push({
      where: 'playwright',
      name: '(outside a test)',
      reason: firstLine(error.message),
    });
  }
  return failures;
}

export function describeFailures(label: string, failures: readonly Failure[]): string[] {
  return failures.map(
    (failure) =>
      `FAILED ${label} ${failure.where} › ${failure.name}${failure.reason ? `: ${failure.reason}` : ''}`,
  );
}
