import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The SQLite driver is src/db's (docs/decisions/057): the other rooms reach the database through
// src/db's modules and the Connection they are made with, whose `write` waits for an open Kysely
// transaction. Tests, benches and scripts that open a file themselves use src/db/sqlite-file.ts.
const DRIVER_IMPORTS = [
  {
    group: ['better-sqlite3', 'better-sqlite3-napi', '**/db/sqlite-driver'],
    message:
      "The SQLite driver is src/db's: use src/db's modules and their Connection (tests, benches, scripts: src/db/sqlite-file).",
  },
  {
    group: ['**/db/connection'],
    importNames: ['sqliteOf'],
    message: "The driver's handle behind a Connection is for src/db's modules only.",
  },
];
/** The driver's handle on a file: for tests, benches and scripts, never the server's code. */
const SQLITE_FILE_IMPORT = {
  group: ['**/db/sqlite-file'],
  message:
    "src/db/sqlite-file hands out the driver's handle, for tests only: use src/db's modules and write through the Connection.",
};
const WEB_BOUNDARY = ['**/server/**', '**/scraper/**', '**/runner/**'];
/** Tests, their kits and harnesses may set up fixtures with the driver's handle. */
const TEST_SUPPORT = ['**/*.test.ts', '**/*test-kit.ts', '**/test-harness.ts'];

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
      'no-restricted-imports': ['error', { patterns: DRIVER_IMPORTS }],
    },
  },
  {
    // src/db owns the driver.
    files: ['src/db/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
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
            { group: WEB_BOUNDARY },
            { group: ['@visx/*'], message: 'visx is imported only in src/web/features/overview.' },
            ...DRIVER_IMPORTS,
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
        { patterns: [{ group: WEB_BOUNDARY }, ...DRIVER_IMPORTS] },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts', 'src/scraper/**/*.ts', 'src/runner/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**'] }, ...DRIVER_IMPORTS, SQLITE_FILE_IMPORT] },
      ],
      // OpenedDatabase's `sqlite` is the fixtures' handle: the server and the runner hold the
      // Connection (docs/decisions/057).
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='sqlite']",
          message:
            "The driver's handle is src/db's: hold the Connection (ctx.connection) and write through it.",
        },
      ],
    },
  },
  {
    files: TEST_SUPPORT.map((pattern) => `src/{server,scraper,runner}/${pattern}`),
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**'] }, ...DRIVER_IMPORTS] },
      ],
      'no-restricted-syntax': 'off',
    },
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
