import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

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
