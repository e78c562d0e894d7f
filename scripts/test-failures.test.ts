import { describe, expect, it } from 'vitest';
import {
  describeFailures,
  playwrightFailures,
  playwrightReport,
  vitestFailures,
  vitestReport,
} from './test-failures';

describe('the failed tests CI names under its summary', () => {
  it('names vitest’s failed tests and a file that failed before any test ran', () => {
    const report = vitestReport.parse({
      numPassedTests: 2,
      numFailedTests: 1,
      testResults: [
        {
          name: '/repo/src/a.test.ts',
          status: 'failed',
          assertionResults: [
            { fullName: 'a passes', status: 'passed', failureMessages: [] },
            {
              fullName: 'a › fails',
              status: 'failed',
              duration: 30_012.4,
              failureMessages: [
                '\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at a.test.ts:3',
              ],
            },
          ],
        },
        {
          name: '/repo/src/b.test.ts',
          status: 'failed',
          message: 'Cannot find module x',
          assertionResults: [],
        },
        { name: '/repo/src/c.test.ts', status: 'passed', assertionResults: [{ status: 'passed' }] },
      ],
    });
    expect(describeFailures('vitest (Node 20)', vitestFailures(report, '/repo'))).toEqual([
      'FAILED vitest (Node 20) src/a.test.ts › a › fails: AssertionError: expected 1 to be 2 (after 30.0 s)',
      'FAILED vitest (Node 20) src/b.test.ts › (the file): Cannot find module x',
    ]);
  });

  it('names Playwright’s unexpected tests with their describe blocks, not the flaky ones', () => {
    const report = playwrightReport.parse({
      stats: { expected: 1, unexpected: 1, flaky: 1, skipped: 0 },
      suites: [
        {
          title: 'side-sheet.spec.ts',
          file: 'side-sheet.spec.ts',
          specs: [
            {
              title: 'passes',
              file: 'side-sheet.spec.ts',
              line: 4,
              tests: [{ status: 'expected' }],
            },
          ],
          suites: [
            {
              title: 'the panel',
              file: 'side-sheet.spec.ts',
              specs: [
                {
                  title: 'keeps Tab inside',
                  file: 'side-sheet.spec.ts',
                  line: 12,
                  tests: [
                    {
                      status: 'unexpected',
                      results: [
                        {},
                        { error: { message: 'Error: Timed out 10000ms\n\nCall log:' } },
                      ],
                    },
                  ],
                },
                {
                  title: 'passed on retry',
                  file: 'side-sheet.spec.ts',
                  line: 30,
                  tests: [{ status: 'flaky', results: [{ error: { message: 'x' } }, {}] }],
                },
              ],
            },
          ],
        },
      ],
      errors: [{ message: 'Error: global setup failed' }],
    });
    expect(describeFailures('playwright', playwrightFailures(report))).toEqual([
      'FAILED playwright side-sheet.spec.ts:12 › the panel › keeps Tab inside: Error: Timed out 10000ms',
      'FAILED playwright playwright › (outside a test): Error: global setup failed',
    ]);
  });

  it('names nothing when everything passed', () => {
    const stats = { expected: 3, unexpected: 0, flaky: 0, skipped: 0 };
    const counts = { numPassedTests: 3, numFailedTests: 0 };
    expect(vitestFailures(vitestReport.parse({ ...counts, testResults: [] }), '/repo')).toEqual([]);
    expect(playwrightFailures(playwrightReport.parse({ stats, suites: [] }))).toEqual([]);
  });
});
