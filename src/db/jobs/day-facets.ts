// The Overview's aggregates (issue 32, docs/decisions/055): for each day and saved query, how
// many of the jobs it stored first have each value of each facet. SQLite triggers on `jobs` keep
// them, so they stay right whichever module writes a job (the store, details, rules, reposts,
// triage, a restore); this module is the table's home: its only writers are the triggers below,
// which migration 0018 creates. A job counts once it has both its first query and its first day.
//
// Never edit what a migration has run: a change to the facets is a new migration with its own
// constants (and a rebuild of the table from DAY_FACETS_FROM_JOBS_SQL's successor).

/** One facet of a job row `r` (NEW, OLD or a table alias): its name and value, as SQL. */
interface Facet {
  /** The facet's name; only `salary:<currency>` varies with the row. */
  name: (r: string) => string;
  /** Its value; null leaves the job out of the facet. */
  value: (r: string) => string;
  /** The columns both read: an update of one of them may move the job. */
  columns: readonly string[];
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
  },
  workplace: {
    name: fixedName('workplace'),
    value: (r) => `COALESCE(${r}.workplace, 'unknown')`,
    columns: ['workplace'],
  },
  seniority: { name: fixedName('seniority'), value: textOf('seniority'), columns: ['seniority'] },
  employment_type: {
    name: fixedName('employment_type'),
    value: textOf('employment_type'),
    columns: ['employment_type'],
  },
  easy_apply: {
    name: fixedName('easy_apply'),
    value: (r) => `CAST(${r}.easy_apply AS TEXT)`,
    columns: ['easy_apply'],
  },
  // A histogram of yearly salaries in steps of 1,000: enough for quartiles to the thousand.
  salary: {
    name: (r) => `'salary:' || ${r}.salary_currency`,
    value: (r) => `CAST(CAST(ROUND(${r}.salary_yearly / 1000.0) AS INTEGER) * 1000 AS TEXT)`,
    columns: ['salary_currency', 'salary_yearly'],
  },
  applicants: {
    name: fixedName('applicants'),
    value: (r) => `CAST(${r}.applicants_count AS TEXT)`,
    columns: ['applicants_count'],
  },
  details: {
    name: fixedName('details'),
    value: (r) => `CASE WHEN ${r}.details_fetched_at IS NOT NULL THEN 'fetched'
      WHEN ${r}.details_error IS NOT NULL THEN 'failed' ELSE 'none' END`,
    columns: ['details_fetched_at', 'details_error'],
  },
};

const FACETS = Object.values(DAY_FACETS_0018);
const KEYS = ['first_query_id', 'first_seen_day'] as const;
const counted = (r: string) => KEYS.map((key) => `${r}.${key} IS NOT NULL`).join(' AND ');
const sameKeys = KEYS.map((key) => `OLD.${key} IS NEW.${key}`).join(' AND ');

/** Adds `r`'s job to the facets `facets` (a job without a first query or day to none). */
function plusSql(r: string, facets: readonly Facet[]): string {
  const rows = facets.map((f) => `SELECT ${f.name(r)} AS facet, ${f.value(r)} AS value`);
  return `INSERT INTO job_day_facets (day, query_id, facet, value, jobs)
    SELECT ${r}.first_seen_day, ${r}.first_query_id, f.facet, f.value, 1
    FROM (${rows.join(' UNION ALL ')}) AS f
    WHERE f.facet IS NOT NULL AND f.value IS NOT NULL AND ${counted(r)}
    ON CONFLICT (facet, day, query_id, value) DO UPDATE SET jobs = jobs + 1;`;
}

/** Takes `r`'s job out of the facets `facets`. A count may reach 0: its row stays, read as none. */
function minusSql(r: string, facets: readonly Facet[]): string {
  const pairs = facets.map((f) => `(${f.name(r)}, ${f.value(r)})`);
  return `UPDATE job_day_facets SET jobs = jobs - 1
    WHERE day = ${r}.first_seen_day AND query_id = ${r}.first_query_id
      AND (facet, value) IN (VALUES ${pairs.join(', ')});`;
}

/**
 * One facet's two triggers: a job whose facet changes leaves its old value and enters its new one.
 * Two, each firing only when it has something to do, because most changes go from none to a
 * value (a job's details arrive): one statement for them instead of two (233 µs a job's details
 * with the triggers, against 265 µs with one trigger per facet and 198 µs without; decision 055).
 */
function facetTriggers(key: string, facet: Facet): string[] {
  const moved = `(${facet.name('OLD')} IS NOT ${facet.name('NEW')}
    OR ${facet.value('OLD')} IS NOT ${facet.value('NEW')})`;
  const on = (r: 'OLD' | 'NEW') => `AFTER UPDATE OF ${facet.columns.join(', ')} ON jobs
    WHEN ${counted('NEW')} AND ${sameKeys} AND ${moved}
      AND ${facet.name(r)} IS NOT NULL AND ${facet.value(r)} IS NOT NULL`;
  return [
    `CREATE TRIGGER job_day_facets_${key}_leave ${on('OLD')}
    BEGIN UPDATE job_day_facets SET jobs = jobs - 1
      WHERE day = OLD.first_seen_day AND query_id = OLD.first_query_id
        AND facet = ${facet.name('OLD')} AND value = ${facet.value('OLD')}; END`,
    `CREATE TRIGGER job_day_facets_${key}_enter ${on('NEW')}
    BEGIN INSERT INTO job_day_facets (day, query_id, facet, value, jobs)
      VALUES (NEW.first_seen_day, NEW.first_query_id, ${facet.name('NEW')}, ${facet.value('NEW')}, 1)
      ON CONFLICT (facet, day, query_id, value) DO UPDATE SET jobs = jobs + 1; END`,
  ];
}

/** The table and the triggers that keep it, as migration 0018 creates them. */
export const JOB_DAY_FACETS_0018_SQL: readonly string[] = [
  // Facet first: every read takes one facet over a range of days, which this order keeps
  // together (decision 055 measured it against day first).
  `CREATE TABLE job_day_facets (
    facet TEXT NOT NULL,
    day TEXT NOT NULL,
    query_id INTEGER NOT NULL,
    value TEXT NOT NULL,
    jobs INTEGER NOT NULL,
    PRIMARY KEY (facet, day, query_id, value)
  ) WITHOUT ROWID`,
  `CREATE TRIGGER job_day_facets_insert AFTER INSERT ON jobs WHEN ${counted('NEW')}
    BEGIN ${plusSql('NEW', FACETS)} END`,
  `CREATE TRIGGER job_day_facets_delete AFTER DELETE ON jobs WHEN ${counted('OLD')}
    BEGIN ${minusSql('OLD', FACETS)} END`,
  // A job given its first query or day (the migration's backfill, a hand-edit) moves whole.
  `CREATE TRIGGER job_day_facets_keys AFTER UPDATE OF ${KEYS.join(', ')} ON jobs
    WHEN NOT (${sameKeys})
    BEGIN ${minusSql('OLD', FACETS)} ${plusSql('NEW', FACETS)} END`,
  ...Object.entries(DAY_FACETS_0018).flatMap(([key, facet]) => facetTriggers(key, facet)),
];

/**
 * The facets as the jobs hold them now, counted from scratch: the migration's first fill, and
 * what a test compares the triggers' work with. Rows: day, query_id, facet, value, jobs.
 */
export const DAY_FACETS_FROM_JOBS_SQL = FACETS.map(
  (f) => `SELECT j.first_seen_day AS day, j.first_query_id AS query_id, ${f.name('j')} AS facet,
      ${f.value('j')} AS value, COUNT(*) AS jobs
    FROM jobs j WHERE ${counted('j')} AND ${f.name('j')} IS NOT NULL AND ${f.value('j')} IS NOT NULL
    GROUP BY 1, 2, 3, 4`,
).join(' UNION ALL ');
