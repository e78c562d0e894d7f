import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Decision 070: each worker runs its files one after another in one module graph (and, for the
// web project, one jsdom) instead of a fresh one per file, which takes a third to two thirds less
// CPU (CI runs the tests twice, on Node 20 and 24, on two cores). A test therefore puts back what it
// changes; these undo vi.stubEnv and vi.stubGlobal after every test. Projects do not inherit the
// root's test options, so each spreads them.
const shared = { isolate: false, unstubEnvs: true, unstubGlobals: true } as const;

export default defineConfig({
  test: {
    // The JSON report lets .ci/run print one closing "N passed, N failed" line for all runners.
    reporters: ['default', ['json', { outputFile: '.tmp/reports/vitest.json' }]],
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine like CI's. Most
    // files wait on sockets, child processes and timers far more than they compute, so two share
    // the cores well.
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'node',
          environment: 'node',
          include: [
            'src/contract/**/*.test.ts',
            'src/server/**/*.test.ts',
            'src/db/**/*.test.ts',
            'src/scraper/**/*.test.ts',
            'src/runner/**/*.test.ts',
            'src/fit/**/*.test.ts',
            'simulator/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          setupFiles: ['test/setup-node.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          ...shared,
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup-web.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
