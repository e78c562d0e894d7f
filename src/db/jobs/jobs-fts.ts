// The full-text index of the Jobs screen (docs/decisions/013): a contentless FTS5 table whose
// rowid is the site's numeric job id, kept in step with `jobs` by triggers. Contentless, because
// the words are already in `jobs` and nothing reads them back from the index (the screen
// highlights in the browser); the numeric id, because `jobs` has a text key and its implicit
// rowid may change on VACUUM. detail=full (the default), although no search is a phrase: a
// contentless index with detail=column or none cannot tell bm25 how often a word occurs in a
// column, so every match ranked 0 and relevance was the id order.

/** Whether a job id can be the index's rowid: digits only, no leading zero, within 64 bits. */
export const FTS_ID_OK = (column: string) =>
  `(${column} <> '' AND ${column} NOT GLOB '*[^0-9]*' AND ${column} NOT GLOB '0*' AND length(${column}) <= 18)`;

const INSERT_NEW = `INSERT INTO jobs_fts (rowid, title, company, location, description)
    VALUES (CAST(new.id AS INTEGER), new.title, new.company_name, new.location, COALESCE(new.description, ''));`;
const DELETE_OLD = `DELETE FROM jobs_fts WHERE rowid = CAST(old.id AS INTEGER);`;
/** The body of a trigger that indexes a changed row again. */
const REINDEX = `
     DELETE FROM jobs_fts WHERE ${FTS_ID_OK('old.id')} AND rowid = CAST(old.id AS INTEGER);
     INSERT INTO jobs_fts (rowid, title, company, location, description)
       SELECT CAST(new.id AS INTEGER), new.title, new.company_name, new.location, COALESCE(new.description, '')
       WHERE ${FTS_ID_OK('new.id')};
`;

export const JOBS_FTS_SQL: readonly string[] = [
  `CREATE VIRTUAL TABLE jobs_fts USING fts5(
    title, company, location, description,
    content = '', contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 2'
  )`,
  // A word in the title counts most, then the company, then the place, then the description.
  `INSERT INTO jobs_fts (jobs_fts, rank) VALUES ('rank', 'bm25(10.0, 5.0, 2.0, 1.0)')`,
  `CREATE TRIGGER jobs_fts_insert AFTER INSERT ON jobs WHEN ${FTS_ID_OK('new.id')}
   BEGIN ${INSERT_NEW} END`,
  `CREATE TRIGGER jobs_fts_delete AFTER DELETE ON jobs WHEN ${FTS_ID_OK('old.id')}
   BEGIN ${DELETE_OLD} END`,
  // Only a change of an indexed text re-indexes the row: state, last seen and the rest don't.
  `CREATE TRIGGER jobs_fts_update AFTER UPDATE OF id, title, company_name, location, description ON jobs
   WHEN old.id IS NOT new.id OR old.title IS NOT new.title OR old.company_name IS NOT new.company_name
     OR old.location IS NOT new.location OR old.description IS NOT new.description
   BEGIN${REINDEX}   END`,
];

/**
 * 0013 (docs/decisions/038): a description stored alone no longer re-indexes its row in its own
 * transaction. FTS5 writes a segment and does merge work in every transaction that touches it,
 * about 0.3 ms whatever the row; the details of a batch came one per transaction, so indexing
 * them cost as much as the rest of storing them. The row's id goes to `jobs_fts_pending`, and
 * `DescriptionIndex` (description-index.ts) indexes the waiting rows together: a few dozen at a
 * time, when a batch ends, and before anything searches the index. A change of the title,
 * company or place still re-indexes at once (with the description as it stands).
 */
export const JOBS_FTS_PENDING_SQL: readonly string[] = [
  `CREATE TABLE jobs_fts_pending (job_id TEXT PRIMARY KEY) WITHOUT ROWID`,
  `DROP TRIGGER jobs_fts_update`,
  `CREATE TRIGGER jobs_fts_update AFTER UPDATE OF id, title, company_name, location ON jobs
   WHEN old.id IS NOT new.id OR old.title IS NOT new.title OR old.company_name IS NOT new.company_name
     OR old.location IS NOT new.location
   BEGIN${REINDEX}   END`,
  `CREATE TRIGGER jobs_fts_description AFTER UPDATE OF description ON jobs
   WHEN old.description IS NOT new.description AND old.id IS new.id AND old.title IS new.title
     AND old.company_name IS new.company_name AND old.location IS new.location AND ${FTS_ID_OK('new.id')}
   BEGIN INSERT OR IGNORE INTO jobs_fts_pending (job_id) VALUES (new.id); END`,
  `DROP TRIGGER jobs_fts_delete`,
  `CREATE TRIGGER jobs_fts_delete AFTER DELETE ON jobs
   BEGIN
     DELETE FROM jobs_fts WHERE ${FTS_ID_OK('old.id')} AND rowid = CAST(old.id AS INTEGER);
     DELETE FROM jobs_fts_pending WHERE job_id = old.id;
   END`,
];

/** A job's stored description as the index holds it: empty text until its details are read. */
const DESCRIPTION_OF = (id: string) =>
  `COALESCE((SELECT description FROM job_descriptions WHERE job_id = ${id}), '')`;

/**
 * 0015 (docs/decisions/044): the descriptions live in `job_descriptions`, apart from the job's
 * row. A row of `jobs` indexed at once (new, or its title, company or place changed) takes its
 * description from there; a description written, changed or deleted waits in
 * `jobs_fts_pending` as before (decision 038). The triggers of 0013 that read `description`
 * from `jobs` are replaced; the delete trigger stays (the description goes with the job, by its
 * foreign key).
 */
export const JOBS_FTS_DESCRIPTIONS_APART_SQL: readonly string[] = [
  `DROP TRIGGER IF EXISTS jobs_fts_insert`,
  `DROP TRIGGER IF EXISTS jobs_fts_update`,
  `DROP TRIGGER IF EXISTS jobs_fts_description`,
  `CREATE TRIGGER jobs_fts_insert AFTER INSERT ON jobs WHEN ${FTS_ID_OK('new.id')}
   BEGIN
     INSERT INTO jobs_fts (rowid, title, company, location, description)
       VALUES (CAST(new.id AS INTEGER), new.title, new.company_name, new.location, ${DESCRIPTION_OF('new.id')});
   END`,
  `CREATE TRIGGER jobs_fts_update AFTER UPDATE OF id, title, company_name, location ON jobs
   WHEN old.id IS NOT new.id OR old.title IS NOT new.title OR old.company_name IS NOT new.company_name
     OR old.location IS NOT new.location
   BEGIN
     DELETE FROM jobs_fts WHERE ${FTS_ID_OK('old.id')} AND rowid = CAST(old.id AS INTEGER);
     INSERT INTO jobs_fts (rowid, title, company, location, description)
       SELECT CAST(new.id AS INTEGER), new.title, new.company_name, new.location, ${DESCRIPTION_OF('new.id')}
       WHERE ${FTS_ID_OK('new.id')};
   END`,
  `CREATE TRIGGER job_descriptions_fts_insert AFTER INSERT ON job_descriptions
   WHEN new.description IS NOT NULL AND ${FTS_ID_OK('new.job_id')}
   BEGIN INSERT OR IGNORE INTO jobs_fts_pending (job_id) VALUES (new.job_id); END`,
  `CREATE TRIGGER job_descriptions_fts_update AFTER UPDATE OF job_id, description ON job_descriptions
   WHEN old.description IS NOT new.description OR old.job_id IS NOT new.job_id
   BEGIN
     INSERT OR IGNORE INTO jobs_fts_pending (job_id) SELECT old.job_id WHERE ${FTS_ID_OK('old.job_id')};
     INSERT OR IGNORE INTO jobs_fts_pending (job_id) SELECT new.job_id WHERE ${FTS_ID_OK('new.job_id')};
   END`,
  // With its job, the waiting entry goes too (the job's own trigger, or the catch-up's join).
  `CREATE TRIGGER job_descriptions_fts_delete AFTER DELETE ON job_descriptions
   WHEN ${FTS_ID_OK('old.job_id')}
   BEGIN INSERT OR IGNORE INTO jobs_fts_pending (job_id) VALUES (old.job_id); END`,
];

/**
 * 0016 (docs/decisions/045): a new job waits in `jobs_fts_pending` as its description does,
 * instead of being indexed as its card is stored. Most of a batch's new jobs have their details
 * fetched within minutes, and re-indexing a row costs as much as indexing it: indexed at once,
 * each was indexed twice, and the FTS5 segment written with every page of cards cost a fifth
 * of storing the cards (1.3-1.5 s of 10,000). `DescriptionIndex` indexes a job once its
 * description is in, the jobs still waiting when the batch ends, and every waiting job before
 * anything searches.
 */
export const JOBS_FTS_NEW_JOBS_WAIT_SQL: readonly string[] = [
  `DROP TRIGGER IF EXISTS jobs_fts_insert`,
  `CREATE TRIGGER jobs_fts_insert AFTER INSERT ON jobs WHEN ${FTS_ID_OK('new.id')}
   BEGIN INSERT OR IGNORE INTO jobs_fts_pending (job_id) VALUES (new.id); END`,
];
