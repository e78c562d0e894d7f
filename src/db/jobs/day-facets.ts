// The Overview's aggregates (issue 32, docs/decisions/055): for each day and saved query, how
// many of the jobs it stored first have each value of each facet (job_day_facets), and for the
// facets the Market reads as totals, the same over every day (job_facet_totals: a year of days
// is too many rows to add up within the calls' budget). SQLite triggers on `jobs` keep them, so
// they stay right whichever module writes a job (the store, details, rules, reposts, triage, a
// restore); this module is the tables' home: their only writers are the triggers below, which
// migration 0018 creates. A job counts once it has both its first query and its first day.
//
// Never edit what a migration has run: a change to the facets is a new migration with its own
// constants (and a rebuild of the tables from the successors of the FROM_JOBS statements).

/** One facet of a job row `r` (NEW, OLD or a table alias): its name and value, as SQL. */
interface Facet {
  /** The facet's name; only `salary:<currency>` varies with the row. */
  name: (r: string) => string;
  /** Its value; null leaves the job out of the facet. */
  value: (r: string) => string;
  /** The columns both read: an update of one of them may move the job. */
  columns: readonly string[];
  /** Also counted over every day (job_facet_totals). */
  totals?: true;
}

const fixedName = (name: string) => () => `'${name}'`;
/** A text column's value, '' counted as none. */
const textOf = (column: string) => (r: string) => `NULLIF(${r}.${column}, '')`;

/** The facets of migration 0018, in the order decision 055 lists them. */
export const DAY_FACETS_0018: Readonly<Record<string, Facet>> = {
  kind: {
    name: fixedName('kind'),
    value: (r) => `CASE WHEN ${r}.hidden_by_rule_id IS NOT NULL THEN 'rule_hidden'
      WHEN ${r}.repost_of IS NOT NULL THEN 'repost' ELSE 'kept' END`,
    columns: ['hidden_by_rule_id', 'repost_of'],
  },
  state: { name: fixedName('state'), value: (r) => `${r}.state`, columns: ['state'] },
  company: {
    name: fixedName('company'),
    value: textOf('company_normalized'),
    columns: ['company_normalized'],
    totals: true,
  },
  workplace: {
    name: fixedName('workplace'),
    value: (r) => `COALESCE(${r}.workplace, 'unknown')`,
    columns: ['workplace'],
  },
  seniority: {
    name: fixedName('seniority'),
    value: textOf('seniority'),
    columns: ['seniority'],
    totals: true,
  },
  employment_type: {
    name: fixedName('employment_type'),
    value: textOf('employment_type'),
    columns: ['employment_type'],
    totals: true,
  },
  easy_apply: {
    name: fixedName('easy_apply'),
    value: (r) => `CAST(${r}.easy_apply AS TEXT)`,
    columns: ['easy_apply'],
    totals: true,
  },
  // A histogram of yearly salaries in steps of 1,000: enough for quartiles to the thousand.
  salary: {
    name: (r) => `'salary:' || ${r}.salary_currency`,
    value: (r) => `CAST(CAST(ROUND(${r}.salary_yearly / 1000.0) AS INTEGER) * 1000 AS TEXT)`,
    columns: ['salary_currency', 'salary_yearly'],
    totals: true,
  },
  applicants: {
    name: fixedName('applicants'),
    value: (r) => `CAST(${r}.applicants_count AS TEXT)`,
    columns: ['applicants_count'],
    totals: true,
  },
  details: {
    name: fixedName('details'),
    value: (r) => `CASE WHEN ${r}.details_fetched_at IS NOT NULL THEN 'fetched'
      WHEN ${r}.details_error IS NOT NULL THEN 'failed' ELSE 'none' END`,
    columns: ['details_fetched_at', 'details_error'],
  },
};

/**
 * Migration 0025's facet (issue 40, docs/decisions/066): a job's fit band by its best score
 * (jobs.fit_score), none without one. The bands' floors as 0025 counted them (FIT_BAND_FLOORS):
 * the job moves between bands as its score changes (details read, a profile changed).
 */
const FIT_FACET_0025: Facet = {
  name: fixedName('fit'),
  value: (r) => `CASE WHEN ${r}.fit_score IS NULL THEN NULL WHEN ${r}.fit_score >= 80 THEN 'strong'
    WHEN ${r}.fit_score >= 60 THEN 'good' WHEN ${r}.fit_score >= 40 THEN 'weak' ELSE 'poor' END`,
  columns: ['fit_score'],
};

/** The facets as migration 0025 left them: 0018's and the fit band. */
export const DAY_FACETS_0025: Readonly<Record<string, Facet>> = {
  ...DAY_FACETS_0018,
  fit: FIT_FACET_0025,
};

const FACETS = Object.values(DAY_FACETS_0025);

/** Whether a facet (`salary:EUR` is salary's) is also counted in job_facet_totals. */
export function hasTotals(facet: string): boolean {
  return DAY_FACETS_0025[facet.split(':')[0] ?? '']?.totals === true;
}
const TOTALLED = FACETS.filter((f) => f.totals);
const KEYS = ['first_query_id', 'first_seen_day'] as const;
const counted = (r: string) => KEYS.map((key) => `${r}.${key} IS NOT NULL`).join(' AND ');
const sameKeys = KEYS.map((key) => `OLD.${key} IS NEW.${key}`).join(' AND ');

/** The two tables: a day's count of a query's jobs, and the count over every day. */
// Their writes are spelled out whole: `npm run table-homes` finds a table's writer by them.
const TABLES = {
  day: {
    insert: 'INSERT INTO job_day_facets',
    update: 'UPDATE job_day_facets',
    keys: ['facet', 'day', 'query_id', 'value'],
  },
  totals: {
    insert: 'INSERT INTO job_facet_totals',
    update: 'UPDATE job_facet_totals',
    keys: ['facet', 'query_id', 'value'],
  },
} as const;
type Table = (typeof TABLES)[keyof typeof TABLES];

/** A key column of row `r`'s job. */
const keyOf = (r: string, column: string) =>
  column === 'day' ? `${r}.first_seen_day` : column === 'query_id' ? `${r}.first_query_id` : column;

/** Adds `r`'s job to `table`'s counts of `facets` (a job without a first query or day to none). */
function plusSql(table: Table, r: string, facets: readonly Facet[]): string {
  const upsert = `ON CONFLICT (${table.keys.join(', ')}) DO UPDATE SET jobs = jobs + 1;`;
  const [only] = facets;
  // One facet, whose trigger checked it has a value: a plain row, cheaper than a selection.
  if (facets.length === 1 && only) {
    const values = table.keys.map((k) =>
      k === 'facet' ? only.name(r) : k === 'value' ? only.value(r) : keyOf(r, k),
    );
    return `${table.insert} (${table.keys.join(', ')}, jobs)
      VALUES (${values.join(', ')}, 1) ${upsert}`;
  }
  if (facets.length === 0) return '';
  const rows = facets.map((f) => `SELECT ${f.name(r)} AS facet, ${f.value(r)} AS value`);
  const columns = table.keys.map((k) => (k === 'facet' || k === 'value' ? `f.${k}` : keyOf(r, k)));
  return `${table.insert} (${table.keys.join(', ')}, jobs)
    SELECT ${columns.join(', ')}, 1 FROM (${rows.join(' UNION ALL ')}) AS f
    WHERE f.facet IS NOT NULL AND f.value IS NOT NULL AND ${counted(r)} ${upsert}`;
}

/** Takes `r`'s job out of `table`'s counts of `facets`. A count may reach 0: its row stays. */
function minusSql(table: Table, r: string, facets: readonly Facet[]): string {
  if (facets.length === 0) return '';
  const where = table.keys
    .filter((k) => k !== 'facet' && k !== 'value')
    .map((k) => `${k} = ${keyOf(r, k)}`);
  const [only] = facets;
  const which =
    facets.length === 1 && only
      ? `facet = ${only.name(r)} AND value = ${only.value(r)}`
      : `(facet, value) IN (VALUES ${facets.map((f) => `(${f.name(r)}, ${f.value(r)})`).join(', ')})`;
  return `${table.update} SET jobs = jobs - 1 WHERE ${where.join(' AND ')} AND ${which};`;
}

const plus = (r: string, facets: readonly Facet[]) =>
  plusSql(TABLES.day, r, facets) +
  plusSql(
    TABLES.totals,
    r,
    facets.filter((f) => f.totals),
  );
const minus = (r: string, facets: readonly Facet[]) =>
  minusSql(TABLES.day, r, facets) +
  minusSql(
    TABLES.totals,
    r,
    facets.filter((f) => f.totals),
  );

/**
 * One facet's two triggers: a job whose facet changes leaves its old value and enters its new one.
 * Two, each firing only when it has something to do, because most changes go from none to a
 * value (a job's details arrive): half the statements of one trigger doing both (decision 055).
 */
function facetTriggers(key: string, facet: Facet): string[] {
  const moved = `(${facet.name('OLD')} IS NOT ${facet.name('NEW')}
    OR ${facet.value('OLD')} IS NOT ${facet.value('NEW')})`;
  const on = (r: 'OLD' | 'NEW') => `AFTER UPDATE OF ${facet.columns.join(', ')} ON jobs
    WHEN ${counted('NEW')} AND ${sameKeys} AND ${moved}
      AND ${facet.name(r)} IS NOT NULL AND ${facet.value(r)} IS NOT NULL`;
  return [
    `CREATE TRIGGER job_day_facets_${key}_leave ${on('OLD')}
    BEGIN ${minus('OLD', [facet])} END`,
    `CREATE TRIGGER job_day_facets_${key}_enter ${on('NEW')}
    BEGIN ${plus('NEW', [facet])} END`,
  ];
}

/** The triggers that move a whole job: inserted, deleted, or given its first query or day. */
const wholeJobTriggers = (facets: readonly Facet[]): string[] => [
  `CREATE TRIGGER job_day_facets_insert AFTER INSERT ON jobs WHEN ${counted('NEW')}
    BEGIN ${plus('NEW', facets)} END`,
  `CREATE TRIGGER job_day_facets_delete AFTER DELETE ON jobs WHEN ${counted('OLD')}
    BEGIN ${minus('OLD', facets)} END`,
  // A job given its first query or day (the migration's backfill, a hand-edit) moves whole.
  `CREATE TRIGGER job_day_facets_keys AFTER UPDATE OF ${KEYS.join(', ')} ON jobs
    WHEN NOT (${sameKeys})
    BEGIN ${minus('OLD', facets)} ${plus('NEW', facets)} END`,
];

/** The tables and the triggers that keep them, as migration 0018 creates them. */
export const JOB_DAY_FACETS_0018_SQL: readonly string[] = [
  // Facet first: every read takes one facet over a range of days (or every day), which this
  // order keeps together (decision 055 measured it against day first).
  `CREATE TABLE job_day_facets (
    facet TEXT NOT NULL,
    day TEXT NOT NULL,
    query_id INTEGER NOT NULL,
    value TEXT NOT NULL,
    jobs INTEGER NOT NULL,
    PRIMARY KEY (facet, day, query_id, value)
  ) WITHOUT ROWID`,
  `CREATE TABLE job_facet_totals (
    facet TEXT NOT NULL,
    query_id INTEGER NOT NULL,
    value TEXT NOT NULL,
    jobs INTEGER NOT NULL,
    PRIMARY KEY (facet, query_id, value)
  ) WITHOUT ROWID`,
  ...wholeJobTriggers(Object.values(DAY_FACETS_0018)),
  ...Object.entries(DAY_FACETS_0018).flatMap(([key, facet]) => facetTriggers(key, facet)),
];

/** A facet's counts over the jobs, by `keys`, counted from scratch. */
const countedFromJobs = (facets: readonly Facet[], keys: readonly string[]) =>
  facets
    .map(
      (f) => `SELECT ${keys.map((k) => `${keyOf('j', k)} AS ${k}`).join(', ')},
      ${f.name('j')} AS facet, ${f.value('j')} AS value, COUNT(*) AS jobs
    FROM jobs j WHERE ${counted('j')} AND ${f.name('j')} IS NOT NULL AND ${f.value('j')} IS NOT NULL
    GROUP BY ${keys.map((_, i) => i + 1).join(', ')}, ${keys.length + 1}, ${keys.length + 2}`,
    )
    .join(' UNION ALL ');

/**
 * The facets as the jobs hold them now, counted from scratch: what a test compares the triggers'
 * work with. Rows: day, query_id, facet, value, jobs.
 */
export const DAY_FACETS_FROM_JOBS_SQL = countedFromJobs(FACETS, ['day', 'query_id']);

/** The same for job_facet_totals. Rows: query_id, facet, value, jobs. */
export const FACET_TOTALS_FROM_JOBS_SQL = countedFromJobs(TOTALLED, ['query_id']);

/** Migration 0018's first fill: its facets counted from scratch (rows as above). */
export const DAY_FACETS_FROM_JOBS_0018_SQL = countedFromJobs(Object.values(DAY_FACETS_0018), [
  'day',
  'query_id',
]);
export const FACET_TOTALS_FROM_JOBS_0018_SQL = countedFromJobs(
  Object.values(DAY_FACETS_0018).filter((f) => f.totals),
  ['query_id'],
);

/**
 * Migration 0025: the whole-job triggers again with the fit band among their facets, the band's
 * own two triggers, and its counts from scratch.
 */
export const JOB_DAY_FACETS_0025_SQL: readonly string[] = [
  'DROP TRIGGER job_day_facets_insert',
  'DROP TRIGGER job_day_facets_delete',
  'DROP TRIGGER job_day_facets_keys',
  ...wholeJobTriggers(Object.values(DAY_FACETS_0025)),
  ...facetTriggers('fit', FIT_FACET_0025),
  `INSERT INTO job_day_facets (day, query_id, facet, value, jobs)
    ${countedFromJobs([FIT_FACET_0025], ['day', 'query_id'])}`,
];
