/**
 * The rooms of src/ and who may import whom (docs/architecture.md). `npm run lint` runs this;
 * src/layering.test.ts plants a violation of each kind and expects it to be found.
 *
 * contract imports none of the others; scraper, db and fit import contract; runner imports db,
 * scraper, fit and contract; server imports runner, db, fit and contract; web imports contract.
 * No circles anywhere. The simulator never imports fit: its truth of how jobs fit is written
 * apart from the scorer it measures.
 * The SQLite driver is imported only in src/db (tests, benches and scripts: src/db/sqlite-file.ts).
 */
const ROOMS = ['contract', 'scraper', 'db', 'fit', 'runner', 'server', 'web'];
const ALLOWED = {
  contract: [],
  scraper: ['contract'],
  db: ['contract'],
  fit: ['contract'],
  runner: ['db', 'scraper', 'fit', 'contract'],
  server: ['runner', 'db', 'fit', 'contract'],
  web: ['contract'],
};
// A test may set up its fixture through a room above its own (a runner test saving a rule the way
// the server does, a migration test indexing as the runner does); what it tests keeps the rules.
const TEST_FILE = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...ROOMS.map((room) => ({
      name: `${room}-imports`,
      comment: `src/${room} may import only ${ALLOWED[room].length ? ALLOWED[room].map((r) => `src/${r}`).join(', ') : 'none of the other rooms'} (docs/architecture.md)`,
      severity: 'error',
      from: { path: `^src/${room}/`, pathNot: TEST_FILE },
      to: {
        path: `^src/(${ROOMS.filter((r) => r !== room && !ALLOWED[room].includes(r)).join('|')})/`,
      },
    })),
    {
      name: 'simulator-apart-from-fit',
      comment:
        "the simulator's fit truth is kept apart from the scorer it measures (docs/decisions/061)",
      severity: 'error',
      from: { path: '^simulator/' },
      to: { path: '^src/fit/' },
    },
    {
      name: 'driver-outside-db',
      comment:
        "the SQLite driver is src/db's: the other rooms reach the database through src/db's modules and their Connection (docs/decisions/057); tests, benches and scripts open a file through src/db/sqlite-file.ts",
      severity: 'error',
      from: { pathNot: '^src/db/' },
      // better-sqlite3 resolved (node_modules, its @types) or not (a tree without node_modules).
      to: { path: '^src/db/sqlite-driver\\.ts$|better-sqlite3' },
    },
    {
      name: 'sqlite-file-outside-tests',
      comment:
        "src/db/sqlite-file.ts hands out the driver's handle on a file: for tests, benches and scripts, never the server's or the runner's code (docs/decisions/057)",
      severity: 'error',
      from: { path: '^src/(?!db/)', pathNot: `${TEST_FILE}|test-kit\\.ts$|test-harness\\.ts$` },
      to: { path: '^src/db/sqlite-file\\.ts$' },
    },
    {
      name: 'no-circular',
      comment:
        'modules that import each other, directly or through others, are one module in two files',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.tmp)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
  },
};
