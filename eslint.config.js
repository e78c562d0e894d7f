import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'coverage',
      'playwright-report',
      'test-results',
      '.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // The web app never reaches into the server, and the server never into the web app; the
      // chart library loads with the Overview alone (docs/decisions/053), so no other screen
      // grows.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/scraper/**', '**/runner/**'] },
            { group: ['@visx/*'], message: 'visx is imported only in src/web/features/overview.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/features/overview/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/server/**', '**/scraper/**', '**/runner/**'] },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts', 'src/scraper/**/*.ts', 'src/runner/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/web/**'] }] },
  },
  {
    // Issue 31: the runner's queue and steps and the database's modules stay small enough to
    // read whole, and so does the fit scorer's; tests may be longer (a describe block holds its
    // cases).
    files: ['src/runner/**/*.ts', 'src/db/**/*.ts', 'src/fit/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*test-kit.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Scripts, benchmarks and the simulator print to the terminal by design.
    files: [
      'scripts/**',
      'bench/**',
      'simulator/**',
      'e2e/**',
      'src/server/main.ts',
      'src/server/cli/**',
    ],
    rules: { 'no-console': 'off' },
  },
);
