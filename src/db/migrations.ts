import SQLite from './sqlite-driver';
import { sql, type Kysely, type Migration } from 'kysely';
import { z } from 'zod';
import { jobKeys } from '../contract/repost-keys';
import { workplaceFromText } from '../contract/workplace';
import { dayInZone, localTimeZone } from '../contract/calendar-days';
import { applicantsCount, salaryFigures } from '../contract/salary-figures';
import {
  DAY_FACETS_FROM_JOBS_SQL,
  FACET_TOTALS_FROM_JOBS_SQL,
  JOB_DAY_FACETS_0018_SQL,
} from './jobs/day-facets';
import {
  FTS_ID_OK,
  JOBS_FTS_DESCRIPTIONS_APART_SQL,
  JOBS_FTS_NEW_JOBS_WAIT_SQL,
  JOBS_FTS_PENDING_SQL,
  JOBS_FTS_SQL,
} from './jobs/jobs-fts';

/** The first schema, as 0001 created it (a list, so the migration stays a short loop). */
const INITIAL_SCHEMA = [
  sql`CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  sql`CREATE TABLE auth_tokens (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      token_hash TEXT NOT NULL UNIQUE,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      revoked_at INTEGER
    )`,
  sql`CREATE TABLE locations (
      id INTEGER PRIMARY KEY,
      display_name TEXT NOT NULL,
      seen_at INTEGER NOT NULL
    )`,
  sql`CREATE TABLE typeahead_cache (
      query TEXT PRIMARY KEY,
      response TEXT NOT NULL,
      fetched_at INTEGER NOT NULL
    )`,
  sql`CREATE TABLE queries (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      job_title TEXT NOT NULL,
      location_id INTEGER NOT NULL,
      display_name TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('active','inactive','archived')),
      is_ai INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    )`,
  sql`CREATE TABLE companies (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      normalized_name TEXT NOT NULL,
      slug TEXT,
      updated_at INTEGER NOT NULL
    )`,
  sql`CREATE INDEX companies_normalized_name ON companies (normalized_name)`,
  sql`CREATE TABLE company_id_lookups (
      normalized_name TEXT PRIMARY KEY,
      company_id INTEGER,
      looked_up_at INTEGER NOT NULL
    )`,
  sql`CREATE TABLE banned_companies (
      id INTEGER PRIMARY KEY,
      normalized_name TEXT NOT NULL DEFAULT '',
      created_at INTEGER NOT NULL
    )`,
  sql`CREATE TABLE batches (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL CHECK (kind IN ('daily','manual')),
      status TEXT NOT NULL CHECK (status IN ('running','enriching','completed','failed')),
      started_at INTEGER,
      finished_at INTEGER,
      error TEXT,
      daily_date TEXT UNIQUE,
      jobs_to_enrich INTEGER NOT NULL DEFAULT 0,
      jobs_enriched INTEGER NOT NULL DEFAULT 0
    )`,
  sql`CREATE TABLE query_runs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      batch_id INTEGER NOT NULL REFERENCES batches(id),
      query_id INTEGER NOT NULL REFERENCES queries(id),
      job_title TEXT NOT NULL,
      location TEXT NOT NULL,
      location_id INTEGER NOT NULL,
      is_ai INTEGER NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('running','completed','failed')),
      start_time INTEGER,
      end_time INTEGER,
      error TEXT,
      pages_fetched INTEGER NOT NULL DEFAULT 0,
      jobs_found INTEGER NOT NULL DEFAULT 0,
      next_start INTEGER NOT NULL DEFAULT 0
    )`,
  sql`CREATE INDEX query_runs_batch ON query_runs (batch_id)`,
  sql`CREATE TABLE jobs (
      id TEXT PRIMARY KEY,
      title TEXT NOT NULL,
      company_name TEXT NOT NULL,
      company_slug TEXT,
      company_normalized TEXT NOT NULL,
      company_id INTEGER,
      location TEXT NOT NULL,
      posted_at TEXT,
      salary TEXT,
      url TEXT NOT NULL,
      seniority TEXT,
      employment_type TEXT,
      job_function TEXT,
      industries TEXT,
      applicants TEXT,
      easy_apply INTEGER,
      description TEXT,
      first_seen_batch_id INTEGER NOT NULL,
      first_seen_at INTEGER NOT NULL,
      details_fetched_at INTEGER,
      details_error TEXT
    )`,
  sql`CREATE INDEX jobs_company_id ON jobs (company_id)`,
  sql`CREATE INDEX jobs_company_normalized ON jobs (company_normalized)`,
  sql`CREATE TABLE query_run_jobs (
      query_run_id INTEGER NOT NULL REFERENCES query_runs(id),
      job_id TEXT NOT NULL REFERENCES jobs(id),
      rank INTEGER NOT NULL,
      PRIMARY KEY (query_run_id, job_id)
    )`,
  sql`CREATE INDEX query_run_jobs_job ON query_run_jobs (job_id)`,
];

// Migrations live in code, in order; Kysely records which ran in its own table.
// Never edit one that has shipped: add the next.
export const migrations: Record<string, Migration> = {
  '0001-initial': {
    async up(db: Kysely<unknown>) {
      for (const statement of INITIAL_SCHEMA) await statement.execute(db);
    },
  },
  // The batch whose enrichment could not get a job's details: that batch does not ask again
  // (it would loop), a later batch that finds the job again does (the failure may have passed).
  '0002-job-details-error-batch': {
    async up(db: Kysely<unknown>) {
      await sql`ALTER TABLE jobs ADD COLUMN details_error_batch_id INTEGER`.execute(db);
    },
  },
  // Issue 10: a standard query's search filters (normalised JSON, '{}' = none), and on each
  // query run what was searched: full or incremental, a fingerprint of the search (term, place,
  // filters) that tells whether the next run may be incremental, and the exact extra parameters
  // sent, so a resumed run asks the same question.
  '0004-query-filters-and-incremental-runs': {
    async up(db: Kysely<unknown>) {
      await sql`ALTER TABLE queries ADD COLUMN filters TEXT NOT NULL DEFAULT '{}'`.execute(db);
      await sql`ALTER TABLE query_runs ADD COLUMN search_mode TEXT CHECK (search_mode IN ('full','incremental'))`.execute(
        db,
      );
      await sql`ALTER TABLE query_runs ADD COLUMN search_fingerprint TEXT`.execute(db);
      await sql`ALTER TABLE query_runs ADD COLUMN search_params TEXT`.execute(db);
      // IF NOT EXISTS: a parallel migration (issue 9) may index the same columns under these names.
      await sql`CREATE INDEX IF NOT EXISTS query_runs_query ON query_runs (query_id, status)`.execute(
        db,
      );
      await sql`CREATE INDEX IF NOT EXISTS jobs_first_seen_batch ON jobs (first_seen_batch_id)`.execute(
        db,
      );
    },
  },
  // Notification channels and their outbox (issue 11). A channel's settings, secrets included,
  // are one JSON text: each kind has its own fields and nothing queries inside them. An outbox
  // row is one message for one channel; it is queued in the transaction that finishes a batch.
  '0005-notifications': {
    async up(db: Kysely<unknown>) {
      const statements = [
        sql`CREATE TABLE notification_channels (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          name TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('email','webhook','slack','discord','ntfy')),
          enabled INTEGER NOT NULL DEFAULT 1,
          events TEXT NOT NULL,
          only_new_jobs INTEGER NOT NULL DEFAULT 0,
          settings TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        )`,
        sql`CREATE TABLE notification_outbox (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          channel_id INTEGER NOT NULL REFERENCES notification_channels(id) ON DELETE CASCADE,
          event TEXT NOT NULL CHECK (event IN ('batch_finished','batch_failed','cookies_rejected','test')),
          batch_id INTEGER,
          message TEXT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('pending','delivered','failed')),
          attempts INTEGER NOT NULL DEFAULT 0,
          next_attempt_at INTEGER NOT NULL,
          lease_until INTEGER,
          error TEXT,
          created_at INTEGER NOT NULL,
          delivered_at INTEGER,
          UNIQUE (channel_id, event, batch_id)
        )`,
        sql`CREATE INDEX notification_outbox_due ON notification_outbox (status, next_attempt_at)`,
      ];
      for (const statement of statements) await statement.execute(db);
    },
  },
  // Operating it day to day (issue 12). A cancel is a request in the database, so whichever
  // process runs the batch sees it (docs/decisions/023).
  // The last thing the site said about the stored cookies, for the cookies it was said about
  // (a SHA-256 of them): one row, written by "Check cookies" and by a batch that met the
  // sign-in wall (docs/decisions/024).
  '0006-operations': {
    async up(db: Kysely<unknown>) {
      const statements = [
        sql`ALTER TABLE batches ADD COLUMN cancel_requested_at INTEGER`,
        sql`CREATE TABLE cookie_status (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          state TEXT NOT NULL CHECK (state IN ('valid','rejected')),
          source TEXT NOT NULL CHECK (source IN ('check','batch')),
          batch_id INTEGER,
          checked_at INTEGER NOT NULL,
          cookies_sha256 TEXT NOT NULL
        )`,
      ];
      for (const statement of statements) await statement.execute(db);
    },
  },
  // Issue 9: the Jobs screen. A triage state per job, when a search last showed it, where the
  // work is done when the data says so, the description as sanitised HTML, and a full-text index
  // over title, company, location and description (docs/decisions/013 and 014).
  '0007-jobs-search-and-triage': {
    async up(db: Kysely<unknown>) {
      const columns = [
        sql`ALTER TABLE jobs ADD COLUMN state TEXT NOT NULL DEFAULT 'new'
              CHECK (state IN ('new','seen','saved','applied','hidden'))`,
        sql`ALTER TABLE jobs ADD COLUMN last_seen_at INTEGER NOT NULL DEFAULT 0`,
        sql`ALTER TABLE jobs ADD COLUMN workplace TEXT CHECK (workplace IN ('remote','hybrid','on-site'))`,
        sql`ALTER TABLE jobs ADD COLUMN description_html TEXT`,
      ];
      for (const statement of columns) await statement.execute(db);

      // Last seen: the start of the latest run that found the job, else when it was first seen.
      await sql`UPDATE jobs SET last_seen_at = MAX(first_seen_at, COALESCE(
          (SELECT MAX(r.start_time) FROM query_run_jobs l JOIN query_runs r ON r.id = l.query_run_id
           WHERE l.job_id = jobs.id), 0))`.execute(db);

      // Stored descriptions are plain text (the site's HTML was not kept): their paragraphs and
      // line breaks become escaped HTML, safe without a sanitiser. The next batch that enriches
      // the job again stores the site's own markup, sanitised.
      await sql`UPDATE jobs SET description_html = '<p>' || replace(replace(
          replace(replace(replace(replace(trim(description), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
          char(10) || char(10), '</p><p>'), char(10), '<br />') || '</p>'
        WHERE description IS NOT NULL AND trim(description) <> ''`.execute(db);

      // Only the few rows whose words could tell a workplace go through the rule.
      const candidates = await sql<unknown>`SELECT id, location, title FROM jobs
        WHERE location LIKE '%remote%' OR location LIKE '%hybrid%' OR location LIKE '%site%'
           OR title LIKE '%remote%' OR title LIKE '%hybrid%' OR title LIKE '%site%'`.execute(db);
      const rowSchema = z.object({ id: z.string(), location: z.string(), title: z.string() });
      for (const raw of candidates.rows) {
        const row = rowSchema.parse(raw);
        const workplace = workplaceFromText(row.location, row.title);
        if (workplace) {
          await sql`UPDATE jobs SET workplace = ${workplace} WHERE id = ${row.id}`.execute(db);
        }
      }

      for (const statement of JOBS_FTS_SQL) await sql.raw(statement).execute(db);
      await sql
        .raw(
          `INSERT INTO jobs_fts (rowid, title, company, location, description)
        SELECT CAST(id AS INTEGER), title, company_name, location, COALESCE(description, '')
        FROM jobs WHERE ${FTS_ID_OK('id')}`,
        )
        .execute(db);

      // The two keyset orders of the list, and the triage filter (docs/decisions/014). Each
      // order's index also holds every column a filter reads: a filtered list walks it without
      // reading a row (their descriptions make rows span pages; measured at 200,000 jobs, a
      // filter that matches nothing took 1.3 s through the rows).
      const FILTERED = sql.raw(`state, company_id, company_normalized, first_seen_batch_id,
        posted_at, workplace, easy_apply, salary`);
      const indexes = [
        sql`CREATE INDEX jobs_newest ON jobs (first_seen_at, COALESCE(posted_at, ''), id, ${FILTERED})`,
        sql`CREATE INDEX jobs_posted ON jobs (COALESCE(posted_at, ''), first_seen_at, id, ${FILTERED})`,
        // "New in batch N", newest first, straight from the index; it also serves every lookup
        // of 0004's index on the batch alone, which it replaces.
        sql`CREATE INDEX jobs_new_in_batch ON jobs (first_seen_batch_id, first_seen_at,
              COALESCE(posted_at, ''), id, ${FILTERED})`,
        sql`DROP INDEX IF EXISTS jobs_first_seen_batch`,
        // Covers the count of a triage filter together with the block-list rule.
        sql`CREATE INDEX jobs_state_company ON jobs (state, company_id, company_normalized)`,
        // Every column a filter or an order reads, by job id: a search checks its matches here
        // without reading their rows (descriptions make them long).
        sql`CREATE INDEX jobs_filter_columns ON jobs (id, state, company_id, company_normalized,
              first_seen_at, posted_at, first_seen_batch_id, workplace, easy_apply, salary)`,
      ];
      for (const statement of indexes) await statement.execute(db);
    },
  },
  // Issue 17: rules (docs/decisions/036). A deleted rule is kept (deleted_at) so the jobs it hid
  // still name it and can still be brought back. hidden_by_rule_id is who set a job's hidden
  // state, while nobody has changed it since (any triage by the operator clears it), with the
  // state it replaced; muted_by_rule_id keeps a job out of notifications.
  '0008-rules': {
    async up(db: Kysely<unknown>) {
      const statements = [
        sql`CREATE TABLE rules (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          name TEXT NOT NULL,
          conditions TEXT NOT NULL,
          match TEXT NOT NULL CHECK (match IN ('any','all')),
          exceptions TEXT NOT NULL DEFAULT '[]',
          action TEXT NOT NULL CHECK (action IN ('hide','flag','mute')),
          color TEXT,
          enabled INTEGER NOT NULL DEFAULT 1,
          position INTEGER NOT NULL,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          deleted_at INTEGER
        )`,
        sql`CREATE TABLE job_flags (
          rule_id INTEGER NOT NULL REFERENCES rules(id),
          job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
          PRIMARY KEY (rule_id, job_id)
        ) WITHOUT ROWID`,
        sql`CREATE INDEX job_flags_job ON job_flags (job_id)`,
        sql`ALTER TABLE jobs ADD COLUMN hidden_by_rule_id INTEGER`,
        sql`ALTER TABLE jobs ADD COLUMN state_before_rule TEXT CHECK (state_before_rule IN ('new','seen'))`,
        sql`ALTER TABLE jobs ADD COLUMN muted_by_rule_id INTEGER`,
        // Partial: only the few jobs a rule hid, so "what did rule N hide" reads no other row.
        sql`CREATE INDEX jobs_hidden_by_rule ON jobs (hidden_by_rule_id) WHERE hidden_by_rule_id IS NOT NULL`,
      ];
      for (const statement of statements) await statement.execute(db);
    },
  },
  // Issue 17: reposts and the same role in several places (docs/decisions/035). Each job's keys
  // (hashes of company, normalised title and place), the earlier job it reposts and its chain's
  // first, whether descriptions confirmed it, the state triage carried over to it (to undo), and
  // a MinHash of its description. The list's covering indexes gain the group and repost columns
  // their filters read, so grouping and hide_reposts walk an index as every other filter does.
  '0009-reposts': {
    async up(db: Kysely<unknown>) {
      const columns = [
        sql`ALTER TABLE jobs ADD COLUMN repost_key TEXT`,
        sql`ALTER TABLE jobs ADD COLUMN role_key TEXT`,
        sql`ALTER TABLE jobs ADD COLUMN group_key TEXT`,
        sql`ALTER TABLE jobs ADD COLUMN repost_of TEXT`,
        sql`ALTER TABLE jobs ADD COLUMN repost_root TEXT`,
        sql`ALTER TABLE jobs ADD COLUMN repost_confirmed INTEGER`,
        sql`ALTER TABLE jobs ADD COLUMN repost_carried TEXT CHECK (repost_carried IN ('hidden','saved','seen'))`,
        sql`ALTER TABLE jobs ADD COLUMN description_minhash BLOB`,
      ];
      for (const statement of columns) await statement.execute(db);

      // The keys of the jobs already stored, a chunk at a time (no repost is decided among them:
      // their triage is the operator's; new jobs are compared with them from now on).
      const rowSchema = z.object({
        id: z.string(),
        title: z.string(),
        company_normalized: z.string(),
        location: z.string(),
      });
      for (let after = ''; ;) {
        const chunk = await sql<unknown>`SELECT id, title, company_normalized, location FROM jobs
          WHERE id > ${after} ORDER BY id LIMIT 5000`.execute(db);
        if (chunk.rows.length === 0) break;
        const keys = chunk.rows.map((raw) => {
          const row = rowSchema.parse(raw);
          after = row.id;
          const { repost, role } = jobKeys(row.company_normalized, row.title, row.location);
          return [row.id, repost, role];
        });
        await sql`UPDATE jobs SET repost_key = json_extract(k.value, '$[1]'), role_key = json_extract(k.value, '$[2]')
          FROM json_each(${JSON.stringify(keys)}) AS k WHERE jobs.id = json_extract(k.value, '$[0]')`.execute(
          db,
        );
      }
      await sql`UPDATE jobs SET group_key = role_key WHERE role_key IN (
          SELECT role_key FROM jobs WHERE role_key IS NOT NULL
          GROUP BY role_key HAVING COUNT(DISTINCT repost_key) > 1)`.execute(db);

      const FILTERED = sql.raw(`state, company_id, company_normalized, first_seen_batch_id,
        posted_at, workplace, easy_apply, salary, group_key, repost_of`);
      const indexes = [
        sql`CREATE INDEX jobs_repost_key ON jobs (repost_key) WHERE repost_key IS NOT NULL`,
        // Also a group's places, read from the index alone (the rows hold long descriptions).
        sql`CREATE INDEX jobs_role_key ON jobs (role_key, repost_key, location)
              WHERE role_key IS NOT NULL`,
        sql`CREATE INDEX jobs_repost_root ON jobs (repost_root) WHERE repost_root IS NOT NULL`,
        // A group's members newest first, with what the list's filters read: "is another member
        // of this group shown before this one" is one short walk of this index.
        sql`CREATE INDEX jobs_group ON jobs (group_key, first_seen_at, id, ${FILTERED})
              WHERE group_key IS NOT NULL`,
        sql`DROP INDEX jobs_newest`,
        sql`DROP INDEX jobs_posted`,
        sql`DROP INDEX jobs_new_in_batch`,
        sql`DROP INDEX jobs_filter_columns`,
        sql`CREATE INDEX jobs_newest ON jobs (first_seen_at, COALESCE(posted_at, ''), id, ${FILTERED})`,
        sql`CREATE INDEX jobs_posted ON jobs (COALESCE(posted_at, ''), first_seen_at, id, ${FILTERED})`,
        sql`CREATE INDEX jobs_new_in_batch ON jobs (first_seen_batch_id, first_seen_at,
              COALESCE(posted_at, ''), id, ${FILTERED})`,
        sql`CREATE INDEX jobs_filter_columns ON jobs (id, state, company_id, company_normalized,
              first_seen_at, posted_at, first_seen_batch_id, workplace, easy_apply, salary,
              group_key, repost_of)`,
      ];
      for (const statement of indexes) await statement.execute(db);
    },
  },
  // Issue 18: API tokens for scripts and tools (docs/decisions/028). Only a SHA-256 of the
  // secret is kept; last_used_at follows use coarsely (a write per token per minute at most).
  '0010-api-tokens': {
    async up(db: Kysely<unknown>) {
      const statements = [
        sql`CREATE TABLE api_tokens (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          token_hash TEXT NOT NULL UNIQUE,
          name TEXT NOT NULL,
          scope TEXT NOT NULL CHECK (scope IN ('read-only','read-write')),
          created_at INTEGER NOT NULL,
          expires_at INTEGER,
          last_used_at INTEGER,
          revoked_at INTEGER
        )`,
      ];
      for (const statement of statements) await statement.execute(db);
    },
  },
  // Issue 17: a number any change to the rules moves on, kept by triggers whoever writes them
  // (the API, an import, a restore, a hand-edit): the runner asks for it before each job and
  // reads and compiles the rules again only when it moved (docs/decisions/037).
  '0011-rules-version': {
    async up(db: Kysely<unknown>) {
      const statements = [
        sql`CREATE TABLE rules_version (
          id INTEGER PRIMARY KEY CHECK (id = 1),
          version INTEGER NOT NULL
        )`,
        sql`INSERT INTO rules_version (id, version) VALUES (1, 1)`,
        ...(['INSERT', 'UPDATE', 'DELETE'] as const).map(
          (event) => sql`CREATE TRIGGER ${sql.raw(`rules_version_${event.toLowerCase()}`)}
            AFTER ${sql.raw(event)} ON rules
            BEGIN UPDATE rules_version SET version = version + 1 WHERE id = 1; END`,
        ),
      ];
      for (const statement of statements) await statement.execute(db);
    },
  },
  // Issue 17: one index for a role's jobs instead of three (docs/decisions/037). A new card is
  // looked up by its role (is it in another place, is it a repost) and, listed in a group, by its
  // group (is a newer member shown). 0009 kept an index for each: by repost key, by role key,
  // and the group's covering one; every card then wrote three entries at three random places,
  // which made a page's transaction write 209 pages where the code before issue 17 wrote 112 (a
  // batch whose every card shared its key with a stored job; 179 with this index). One index by
  // role, in first-seen order, holding the repost key, the place and every filtered column,
  // answers all of them from its entries alone (a role's jobs are a handful; its group's are all
  // of them).
  '0012-role-index': {
    async up(db: Kysely<unknown>) {
      const statements = [
        sql`DROP INDEX IF EXISTS jobs_repost_key`,
        sql`DROP INDEX IF EXISTS jobs_role_key`,
        sql`DROP INDEX IF EXISTS jobs_group`,
        sql`CREATE INDEX jobs_role ON jobs (role_key, first_seen_at, id, repost_key, location,
              state, company_id, company_normalized, first_seen_batch_id, posted_at, workplace,
              easy_apply, salary, group_key, repost_of)
              WHERE role_key IS NOT NULL`,
      ];
      for (const statement of statements) await statement.execute(db);
    },
  },
  // Issue 17: a description waits to be indexed with others instead of being indexed in its
  // own transaction (docs/decisions/038).
  '0013-fts-pending': {
    async up(db: Kysely<unknown>) {
      for (const statement of JOBS_FTS_PENDING_SQL) await sql.raw(statement).execute(db);
    },
  },
  // Issue 17: the descriptions move to the end of the job's row (docs/decisions/041). SQLite
  // stores a row's columns in order and a long value spills onto overflow pages; every column
  // added since 0003 sat after the description, so reading a job's repost fields or state meant
  // walking its description's overflow pages (a repost decision reads each job of its key). The
  // table is rebuilt with the same columns, constraints, rowids, indexes and triggers, as SQLite's
  // documented procedure for changes ALTER TABLE cannot make: foreign keys off, one transaction.
  '0014-descriptions-last': {
    async up(db: Kysely<unknown>) {
      await withForeignKeysOff(db, '0014', () => rebuildJobs(db, '0014', JOBS_COLUMNS_0014));
    },
  },
  // Issue 17: the descriptions leave the job's row for a table of their own (docs/decisions/044).
  // At the end of the row (0014) they no longer slowed a read, but every write that changes a
  // row's size copies the row whole, its overflow pages with it: hiding 40,000 jobs by a rule
  // wrote some 1.5 GB and took 5.3 s. Rebuilt as 0014 was, after the descriptions are copied out.
  '0015-descriptions-apart': {
    async up(db: Kysely<unknown>) {
      await withForeignKeysOff(db, '0015', async () => {
        await sql`CREATE TABLE job_descriptions (
          job_id TEXT PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
          description TEXT,
          description_html TEXT
        )`.execute(db);
        await sql`INSERT INTO job_descriptions (job_id, description, description_html)
          SELECT id, description, description_html FROM jobs
          WHERE description IS NOT NULL OR description_html IS NOT NULL ORDER BY rowid`.execute(db);
        // The triggers that read the description from the row, replaced after the rebuild.
        const replaced = ['jobs_fts_insert', 'jobs_fts_update', 'jobs_fts_description'];
        await rebuildJobs(db, '0015', JOBS_COLUMNS_0015, {
          moved: ['description', 'description_html'],
          replaced,
        });
        for (const statement of JOBS_FTS_DESCRIPTIONS_APART_SQL)
          await sql.raw(statement).execute(db);
      });
      // The old table's pages are free now, scattered through the file; new rows would fill
      // them, and a batch's checkpoints then write all over the disk instead of at its end: a
      // batch stored 5 % slower than before 0015 on the uncompacted file, 15 % faster on a
      // compacted one (decision 044). VACUUM needs free disk the size of the database; without
      // it the file stays as it is, and works.
      try {
        await sql`VACUUM`.execute(db);
      } catch (error) {
        if (!(error instanceof SQLite.SqliteError)) throw error;
      }
    },
  },
  // Issue 17: a new job is indexed with its description, once, instead of as its card is
  // stored and again when its details come (docs/decisions/045).
  '0016-new-jobs-wait-for-the-index': {
    async up(db: Kysely<unknown>) {
      for (const statement of JOBS_FTS_NEW_JOBS_WAIT_SQL) await sql.raw(statement).execute(db);
    },
  },
  // Issue 32: how fully each completed batch's new jobs had each field (docs/decisions/054),
  // and the drift verdict read from it: the site's health over time, and its markup drift.
  '0017-batch-field-fills': {
    async up(db: Kysely<unknown>) {
      await sql`CREATE TABLE batch_field_fills (
        batch_id INTEGER NOT NULL REFERENCES batches(id),
        field TEXT NOT NULL,
        filled INTEGER NOT NULL,
        total INTEGER NOT NULL,
        verdict TEXT NOT NULL CHECK (verdict IN ('unjudged', 'not-given', 'ok', 'drift')),
        drifting INTEGER NOT NULL CHECK (drifting IN (0, 1)),
        PRIMARY KEY (batch_id, field)
      ) WITHOUT ROWID`.execute(db);
      await sql`CREATE INDEX batch_field_fills_field ON batch_field_fills (field, batch_id)`.execute(
        db,
      );
    },
  },
  // Issue 32: the Overview's aggregates (docs/decisions/055). Each job keeps the saved query
  // whose run stored it first, its first day in the server's zone, its salary as one yearly
  // figure and its applicants as a number; job_day_facets counts, per day and query, the jobs
  // with each value of each facet, and job_facet_totals the Market's facets over every day, kept
  // by triggers (src/db/jobs/day-facets.ts). The jobs stored before are filled in and counted
  // here, in one transaction.
  '0018-overview-aggregates': {
    async up(db: Kysely<unknown>) {
      await inOneTransaction(db, async () => {
        const columns = [
          sql`ALTER TABLE jobs ADD COLUMN first_query_id INTEGER`,
          sql`ALTER TABLE jobs ADD COLUMN first_seen_day TEXT`,
          sql`ALTER TABLE jobs ADD COLUMN salary_currency TEXT`,
          sql`ALTER TABLE jobs ADD COLUMN salary_yearly INTEGER`,
          sql`ALTER TABLE jobs ADD COLUMN applicants_count INTEGER`,
        ];
        for (const statement of columns) await statement.execute(db);
        // The query of the batch's first run (lowest id) that linked the job.
        await sql`UPDATE jobs SET first_query_id = (
            SELECT r.query_id FROM query_run_jobs l JOIN query_runs r ON r.id = l.query_run_id
            WHERE l.job_id = jobs.id AND r.batch_id = jobs.first_seen_batch_id
            ORDER BY r.id LIMIT 1)`.execute(db);
        await fillFirstSeenDays(db, localTimeZone());
        await fillFromTexts(db, 'salary', (text) => {
          const figures = salaryFigures(text);
          return figures && [figures.currency, figures.yearly];
        });
        await fillFromTexts(db, 'applicants', (text) => {
          const count = applicantsCount(text);
          return count === null ? null : [null, count];
        });
        for (const statement of JOB_DAY_FACETS_0018_SQL) await sql.raw(statement).execute(db);
        await sql
          .raw(
            `INSERT INTO job_day_facets (day, query_id, facet, value, jobs) ${DAY_FACETS_FROM_JOBS_SQL}`,
          )
          .execute(db);
        await sql
          .raw(
            `INSERT INTO job_facet_totals (query_id, facet, value, jobs) ${FACET_TOTALS_FROM_JOBS_SQL}`,
          )
          .execute(db);
        // A query's jobs from its last run: "new in the last run" on the Overview's Searches.
        await sql`CREATE INDEX jobs_first_query ON jobs (first_query_id, first_seen_batch_id)`.execute(
          db,
        );
      });
    },
  },
  // Issue 32: the site's side of each batch (its requests, refusals, retries, pauses and failed
  // details), for the Overview's site health; and `markup_drift`, a field the site stopped giving,
  // among the outbox's events. SQLite cannot change a CHECK in place: the outbox is rebuilt with
  // the same rows, ids and id counter.
  '0019-site-health': {
    async up(db: Kysely<unknown>) {
      await sql`CREATE TABLE batch_site_counts (
        batch_id INTEGER PRIMARY KEY REFERENCES batches(id),
        requests INTEGER NOT NULL,
        rate_limited INTEGER NOT NULL,
        retries INTEGER NOT NULL,
        pauses INTEGER NOT NULL,
        pause_ms INTEGER NOT NULL,
        failed_details INTEGER NOT NULL
      )`.execute(db);
      await withForeignKeysOff(db, '0019', async () => {
        await sql`CREATE TABLE notification_outbox_new (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          channel_id INTEGER NOT NULL REFERENCES notification_channels(id) ON DELETE CASCADE,
          event TEXT NOT NULL CHECK (event IN ('batch_finished','batch_failed','cookies_rejected','markup_drift','test')),
          batch_id INTEGER,
          message TEXT NOT NULL,
          status TEXT NOT NULL CHECK (status IN ('pending','delivered','failed')),
          attempts INTEGER NOT NULL DEFAULT 0,
          next_attempt_at INTEGER NOT NULL,
          lease_until INTEGER,
          error TEXT,
          created_at INTEGER NOT NULL,
          delivered_at INTEGER,
          UNIQUE (channel_id, event, batch_id)
        )`.execute(db);
        await sql`INSERT INTO notification_outbox_new SELECT id, channel_id, event, batch_id, message,
          status, attempts, next_attempt_at, lease_until, error, created_at, delivered_at
          FROM notification_outbox ORDER BY id`.execute(db);
        // AUTOINCREMENT's counter goes with the rows, so an id deleted before is never reused.
        await sql`DELETE FROM sqlite_sequence WHERE name = 'notification_outbox_new'`.execute(db);
        await sql`UPDATE sqlite_sequence SET name = 'notification_outbox_new'
          WHERE name = 'notification_outbox'`.execute(db);
        await sql`DROP TABLE notification_outbox`.execute(db);
        await sql`ALTER TABLE notification_outbox_new RENAME TO notification_outbox`.execute(db);
        await sql`CREATE INDEX notification_outbox_due
          ON notification_outbox (status, next_attempt_at)`.execute(db);
      });
    },
  },
  // Issue 33 (docs/decisions/056): the application pipeline after "applied". A job in the pipeline
  // has one application (its stage, notes, next step), a dated history of stage changes, its
  // contacts, and the reminders already queued for its next step; the calendar feed has its own
  // secret. Today's saved and applied jobs come in as Saved and Applied, dated now (their real
  // dates were never stored; the operator may correct them). The outbox learns `reminder`.
  '0020-application-pipeline': {
    async up(db: Kysely<unknown>) {
      await withForeignKeysOff(db, '0020', async () => {
        for (const statement of PIPELINE_0020_SQL) await sql.raw(statement).execute(db);
        const now = Date.now();
        await sql`INSERT INTO applications (job_id, stage, stage_since, created_at, updated_at)
          SELECT id, state, ${now}, ${now}, ${now} FROM jobs WHERE state IN ('saved', 'applied')
          ORDER BY rowid`.execute(db);
        await sql`INSERT INTO application_events (job_id, stage, at, recorded_at, source)
          SELECT job_id, stage, ${now}, ${now}, 'migration' FROM applications ORDER BY rowid`.execute(
          db,
        );
      });
    },
  },
  // Issue 41 (docs/decisions/062): the job as its page last said. closed_at is when a page was
  // first found closed (null while open or never read), apply_url the employer's own address,
  // last_checked_at when the page was last read (the details' fetch time until now), and
  // page_company_id the company id the job's own page gave. Companies are found by their slug,
  // so a card's company takes the id a page told before.
  '0021-job-facts': {
    async up(db: Kysely<unknown>) {
      await inOneTransaction(db, async () => {
        const statements = [
          sql`ALTER TABLE jobs ADD COLUMN closed_at INTEGER`,
          sql`ALTER TABLE jobs ADD COLUMN apply_url TEXT`,
          sql`ALTER TABLE jobs ADD COLUMN last_checked_at INTEGER`,
          sql`ALTER TABLE jobs ADD COLUMN page_company_id INTEGER`,
          sql`UPDATE jobs SET last_checked_at = details_fetched_at
                WHERE details_fetched_at IS NOT NULL`,
          sql`CREATE INDEX companies_slug ON companies (slug) WHERE slug IS NOT NULL`,
        ];
        for (const statement of statements) await statement.execute(db);
      });
    },
  },
  // Issue 39 (docs/decisions/059): a move may end the next step (a move to Rejected, Withdrawn or
  // No answer always does), and its history entry keeps the step it ended, so the timeline shows
  // it and undoing the move brings it back. An application closed before this still holding a
  // step has it ended by its latest entry now: a closed application reminds of nothing.
  '0022-next-step-ended-by-a-move': {
    async up(db: Kysely<unknown>) {
      await inOneTransaction(db, async () => {
        for (const statement of NEXT_STEP_ENDED_0022_SQL) await sql.raw(statement).execute(db);
      });
    },
  },
  // Issue 40: fit stored and served (docs/decisions/063). The profiles; each job's score against
  // each profile that scores it, with its parts; on the job its best score for the list's order
  // and filter; the profile a saved query's jobs are scored against; and a number every change
  // that can change a score moves on, kept by triggers whoever writes the profiles or a query's
  // profile, with the background rescoring's place in its pass over the jobs.
  '0023-fit': {
    async up(db: Kysely<unknown>) {
      await inOneTransaction(db, async () => {
        for (const statement of FIT_0023_SQL) await sql.raw(statement).execute(db);
      });
    },
  },
  // Issue 41, round two (docs/decisions/065): re-checks of the jobs the operator cares about. The
  // outbox learns `job_closed` (rebuilt with the same rows, ids and id counter, as in 0019 and
  // 0020); job_closed_notices keeps each job whose closing was told, so a job is told once
  // however often its page closes, reopens or the server restarts; recheck_gone_at is when a
  // re-check first found the job's page gone (404), until a read finds it again.
  '0024-rechecks': {
    async up(db: Kysely<unknown>) {
      await withForeignKeysOff(db, '0024', async () => {
        for (const statement of outboxRebuiltSql(OUTBOX_EVENTS_0024))
          await sql.raw(statement).execute(db);
        await sql`CREATE TABLE job_closed_notices (
          job_id TEXT PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
          queued_at INTEGER NOT NULL
        ) WITHOUT ROWID`.execute(db);
        await sql`ALTER TABLE jobs ADD COLUMN recheck_gone_at INTEGER`.execute(db);
      });
    },
  },
  // Issue 40, the second opinion (docs/decisions/067): the jobs waiting to be sent to the
  // operator's language model (a durable queue: claimed with a lease, retried with backoff), the
  // answers kept per job and profile version, and the tokens used per day against the budget.
  '0026-fit-second-opinion': {
    async up(db: Kysely<unknown>) {
      await inOneTransaction(db, async () => {
        for (const statement of SECOND_OPINION_0026_SQL) await sql.raw(statement).execute(db);
      });
    },
  },
};

/**
 * 0026's tables. profile_id has no foreign key, as in job_fits (0023): a deleted profile's rows
 * are left out when read and their queue items dropped when claimed.
 */
const SECOND_OPINION_0026_SQL = [
  `CREATE TABLE fit_opinion_queue (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
      profile_id INTEGER NOT NULL,
      profile_version INTEGER NOT NULL,
      batch_id INTEGER,
      status TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL,
      lease_until INTEGER,
      error TEXT,
      created_at INTEGER NOT NULL,
      done_at INTEGER,
      UNIQUE (job_id, profile_id, profile_version)
    )`,
  `CREATE INDEX fit_opinion_queue_due ON fit_opinion_queue (status, next_attempt_at)`,
  `CREATE TABLE fit_second_opinions (
      job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
      profile_id INTEGER NOT NULL,
      profile_version INTEGER NOT NULL,
      score INTEGER NOT NULL CHECK (score BETWEEN 0 AND 100),
      verdict TEXT NOT NULL,
      strengths TEXT NOT NULL,
      gaps TEXT NOT NULL,
      dropped_quotes INTEGER NOT NULL,
      model TEXT NOT NULL,
      tokens INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (job_id, profile_id, profile_version)
    ) WITHOUT ROWID`,
  `CREATE TABLE fit_opinion_usage (
      day TEXT PRIMARY KEY,
      tokens INTEGER NOT NULL,
      requests INTEGER NOT NULL,
      estimated_tokens INTEGER NOT NULL
    ) WITHOUT ROWID`,
];

/** The stages that close an application, as 0022 ended their steps (the contract's may change). */
const CLOSED_0022 = `'rejected','withdrawn','no_answer'`;

const NEXT_STEP_ENDED_0022_SQL = [
  `ALTER TABLE application_events ADD COLUMN ended_step_at INTEGER`,
  `ALTER TABLE application_events ADD COLUMN ended_step_what TEXT`,
  `UPDATE application_events SET
     ended_step_at = (SELECT next_step_at FROM applications a WHERE a.job_id = application_events.job_id),
     ended_step_what = (SELECT next_step_what FROM applications a WHERE a.job_id = application_events.job_id)
   WHERE id IN (SELECT MAX(e.id) FROM application_events e JOIN applications a ON a.job_id = e.job_id
                WHERE a.stage IN (${CLOSED_0022}) AND a.next_step_at IS NOT NULL GROUP BY e.job_id)`,
  `UPDATE applications SET next_step_at = NULL, next_step_what = NULL
   WHERE stage IN (${CLOSED_0022}) AND next_step_at IS NOT NULL`,
];

/**
 * 0023's tables. job_fits' profile_id has no foreign key on purpose: a deleted profile's scores
 * (one per job it scored) are cleared by the background rescoring a chunk at a time, not by one
 * cascade that would hold the write lock for seconds (docs/decisions/063).
 */
const FIT_0023_SQL = [
  `CREATE TABLE fit_profiles (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      name TEXT NOT NULL,
      name_key TEXT NOT NULL UNIQUE,
      is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
      version INTEGER NOT NULL DEFAULT 1,
      body TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    )`,
  `CREATE UNIQUE INDEX fit_profiles_one_default ON fit_profiles (is_default) WHERE is_default = 1`,
  `CREATE TABLE job_fits (
      job_id TEXT NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
      profile_id INTEGER NOT NULL,
      profile_version INTEGER NOT NULL,
      score INTEGER NOT NULL,
      dealbreaker INTEGER NOT NULL CHECK (dealbreaker IN (0, 1)),
      source TEXT NOT NULL CHECK (source IN ('card', 'details')),
      parts TEXT NOT NULL,
      scored_at INTEGER NOT NULL,
      PRIMARY KEY (job_id, profile_id)
    )`,
  `ALTER TABLE jobs ADD COLUMN fit_score INTEGER`,
  `ALTER TABLE jobs ADD COLUMN fit_profile_id INTEGER`,
  // Best fit first, ties newest first, no fit (-1) last; min_fit reads the same range. It holds
  // every column a filter reads, as the other orders' indexes do (0007, 0009).
  `CREATE INDEX jobs_fit ON jobs (COALESCE(fit_score, -1), first_seen_at, COALESCE(posted_at, ''),
      id, state, company_id, company_normalized, first_seen_batch_id, posted_at, workplace,
      easy_apply, salary, group_key, repost_of)`,
  `ALTER TABLE queries ADD COLUMN fit_profile_id INTEGER
      REFERENCES fit_profiles(id) ON DELETE SET NULL`,
  `CREATE TABLE fit_state (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      generation INTEGER NOT NULL,
      pass_generation INTEGER NOT NULL,
      pass_after TEXT,
      pass_done INTEGER NOT NULL,
      pass_started_at INTEGER
    )`,
  // Generation 1, no pass yet: the first start checks every job once (none has a fit yet).
  `INSERT INTO fit_state (id, generation, pass_generation, pass_after, pass_done, pass_started_at)
      VALUES (1, 1, 0, NULL, 0, NULL)`,
  `CREATE TRIGGER fit_generation_profile_insert AFTER INSERT ON fit_profiles
      BEGIN UPDATE fit_state SET generation = generation + 1 WHERE id = 1; END`,
  `CREATE TRIGGER fit_generation_profile_delete AFTER DELETE ON fit_profiles
      BEGIN UPDATE fit_state SET generation = generation + 1 WHERE id = 1; END`,
  // A new name alone scores nothing differently.
  `CREATE TRIGGER fit_generation_profile_update AFTER UPDATE OF version, is_default ON fit_profiles
      WHEN OLD.version IS NOT NEW.version OR OLD.is_default IS NOT NEW.is_default
      BEGIN UPDATE fit_state SET generation = generation + 1 WHERE id = 1; END`,
  `CREATE TRIGGER fit_generation_query_profile AFTER UPDATE OF fit_profile_id ON queries
      WHEN OLD.fit_profile_id IS NOT NEW.fit_profile_id
      BEGIN UPDATE fit_state SET generation = generation + 1 WHERE id = 1; END`,
];

/** The outbox's events as 0024 left them (src/contract/notifications.ts may grow; this must not). */
const OUTBOX_EVENTS_0024 = [
  'batch_finished',
  'batch_failed',
  'cookies_rejected',
  'markup_drift',
  'reminder',
  'job_closed',
  'test',
] as const;

/** The outbox rebuilt with `events` in its CHECK: the same rows, ids and id counter. */
function outboxRebuiltSql(events: readonly string[]): string[] {
  const allowed = events.map((event) => `'${event}'`).join(',');
  return [
    `CREATE TABLE notification_outbox_new (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id INTEGER NOT NULL REFERENCES notification_channels(id) ON DELETE CASCADE,
        event TEXT NOT NULL CHECK (event IN (${allowed})),
        batch_id INTEGER,
        message TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending','delivered','failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        lease_until INTEGER,
        error TEXT,
        created_at INTEGER NOT NULL,
        delivered_at INTEGER,
        UNIQUE (channel_id, event, batch_id)
      )`,
    `INSERT INTO notification_outbox_new SELECT id, channel_id, event, batch_id, message,
        status, attempts, next_attempt_at, lease_until, error, created_at, delivered_at
        FROM notification_outbox ORDER BY id`,
    `DELETE FROM sqlite_sequence WHERE name = 'notification_outbox_new'`,
    `UPDATE sqlite_sequence SET name = 'notification_outbox_new'
        WHERE name = 'notification_outbox'`,
    `DROP TABLE notification_outbox`,
    `ALTER TABLE notification_outbox_new RENAME TO notification_outbox`,
    `CREATE INDEX notification_outbox_due ON notification_outbox (status, next_attempt_at)`,
  ];
}

/** The stages as 0020 created them (src/contract/pipeline.ts may grow; this must not). */
const APPLICATION_STAGES_0020 = [
  'saved',
  'applied',
  'screening',
  'interviewing',
  'offer',
  'accepted',
  'rejected',
  'withdrawn',
  'no_answer',
] as const;

const STAGES_0020 = APPLICATION_STAGES_0020.map((stage) => `'${stage}'`).join(',');

/** 0020's tables, and the outbox rebuilt with the same rows, ids and id counter. */
const PIPELINE_0020_SQL = [
  `CREATE TABLE applications (
        job_id TEXT PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
        stage TEXT NOT NULL CHECK (stage IN (${STAGES_0020})),
        stage_since INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        notes TEXT NOT NULL DEFAULT '',
        reference TEXT,
        salary_asked TEXT,
        salary_offered TEXT,
        next_step_at INTEGER,
        next_step_what TEXT,
        left_at INTEGER,
        CHECK ((next_step_at IS NULL) = (next_step_what IS NULL))
      )`,
  `CREATE INDEX applications_stage ON applications (stage, stage_since)`,
  `CREATE INDEX applications_next_step ON applications (next_step_at)
        WHERE next_step_at IS NOT NULL`,
  `CREATE TABLE application_events (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        job_id TEXT NOT NULL REFERENCES applications(job_id) ON DELETE CASCADE,
        stage TEXT NOT NULL CHECK (stage IN (${STAGES_0020})),
        at INTEGER NOT NULL,
        recorded_at INTEGER NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('operator','triage','product','migration'))
      )`,
  `CREATE INDEX application_events_job ON application_events (job_id, id)`,
  `CREATE TABLE application_contacts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        job_id TEXT NOT NULL REFERENCES applications(job_id) ON DELETE CASCADE,
        name TEXT NOT NULL,
        role TEXT,
        email TEXT,
        url TEXT,
        created_at INTEGER NOT NULL
      )`,
  `CREATE INDEX application_contacts_job ON application_contacts (job_id, id)`,
  `CREATE TABLE application_reminders (
        job_id TEXT NOT NULL REFERENCES applications(job_id) ON DELETE CASCADE,
        step_at INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('lead','due')),
        queued_at INTEGER NOT NULL,
        PRIMARY KEY (job_id, step_at, kind)
      ) WITHOUT ROWID`,
  `CREATE TABLE calendar_feed_tokens (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        token_hash TEXT NOT NULL UNIQUE,
        created_at INTEGER NOT NULL,
        last_used_at INTEGER,
        revoked_at INTEGER
      )`,
  ...outboxRebuiltSql([
    'batch_finished',
    'batch_failed',
    'cookies_rejected',
    'markup_drift',
    'reminder',
    'test',
  ]),
];

/** Runs `work` in one `BEGIN IMMEDIATE` transaction: a migration that fails leaves nothing. */
async function inOneTransaction(db: Kysely<unknown>, work: () => Promise<void>): Promise<void> {
  await sql`BEGIN IMMEDIATE`.execute(db);
  try {
    await work();
    await sql`COMMIT`.execute(db);
  } catch (error) {
    await sql`ROLLBACK`.execute(db);
    throw error;
  }
}

/**
 * Every zone's offset from UTC is a multiple of 15 minutes (Nepal's +5:45, Chatham's +12:45), so
 * every instant of a quarter hour falls on the same day: each quarter the jobs were first seen in
 * is dated once, and the jobs read their day from it.
 */
const QUARTER_HOUR_MS = 900_000;
const quarterSchema = z.object({ quarter: z.number() });

async function fillFirstSeenDays(db: Kysely<unknown>, timeZone: string): Promise<void> {
  const quarters =
    await sql<unknown>`SELECT DISTINCT first_seen_at / ${sql.lit(QUARTER_HOUR_MS)} AS quarter
    FROM jobs`.execute(db);
  const days = quarters.rows.map((raw) => {
    const { quarter } = quarterSchema.parse(raw);
    return [quarter, dayInZone(quarter * QUARTER_HOUR_MS, timeZone)];
  });
  await sql`CREATE TEMP TABLE quarter_days (quarter INTEGER PRIMARY KEY, day TEXT NOT NULL)`.execute(
    db,
  );
  await sql`INSERT INTO temp.quarter_days (quarter, day)
    SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]')
    FROM json_each(${JSON.stringify(days)})`.execute(db);
  await sql`UPDATE jobs SET first_seen_day = (SELECT day FROM temp.quarter_days
    WHERE quarter = jobs.first_seen_at / ${sql.lit(QUARTER_HOUR_MS)})`.execute(db);
  await sql`DROP TABLE temp.quarter_days`.execute(db);
}

const textSchema = z.object({ text: z.string() });

/**
 * Each distinct text of `column` read once by `read`; the jobs then take their figures from a
 * temporary table keyed by the text (one lookup each, where a join on the texts' JSON would
 * compare every job with every text).
 */
async function fillFromTexts(
  db: Kysely<unknown>,
  column: 'salary' | 'applicants',
  read: (text: string) => [string | null, number] | null,
): Promise<void> {
  const texts = await sql<unknown>`SELECT DISTINCT ${sql.ref(column)} AS text FROM jobs
    WHERE ${sql.ref(column)} IS NOT NULL`.execute(db);
  const figures = texts.rows.flatMap((raw) => {
    const { text } = textSchema.parse(raw);
    const figure = read(text);
    return figure === null ? [] : [[text, ...figure]];
  });
  await sql`CREATE TEMP TABLE text_figures (text TEXT PRIMARY KEY, currency TEXT, figure INTEGER)`.execute(
    db,
  );
  await sql`INSERT INTO temp.text_figures (text, currency, figure)
    SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]')
    FROM json_each(${JSON.stringify(figures)})`.execute(db);
  const figure = (part: 'currency' | 'figure') =>
    sql`(SELECT ${sql.ref(part)} FROM temp.text_figures WHERE text = jobs.${sql.ref(column)})`;
  if (column === 'salary')
    await sql`UPDATE jobs SET salary_currency = ${figure('currency')},
      salary_yearly = ${figure('figure')} WHERE salary IS NOT NULL`.execute(db);
  else
    await sql`UPDATE jobs SET applicants_count = ${figure('figure')}
      WHERE applicants IS NOT NULL`.execute(db);
  await sql`DROP TABLE temp.text_figures`.execute(db);
}

/** The jobs table's columns as 0001-0013 left them, the two descriptions last (0014). */
const JOBS_COLUMNS_0014 = [
  'id TEXT PRIMARY KEY',
  'title TEXT NOT NULL',
  'company_name TEXT NOT NULL',
  'company_slug TEXT',
  'company_normalized TEXT NOT NULL',
  'company_id INTEGER',
  'location TEXT NOT NULL',
  'posted_at TEXT',
  'salary TEXT',
  'url TEXT NOT NULL',
  'seniority TEXT',
  'employment_type TEXT',
  'job_function TEXT',
  'industries TEXT',
  'applicants TEXT',
  'easy_apply INTEGER',
  'first_seen_batch_id INTEGER NOT NULL',
  'first_seen_at INTEGER NOT NULL',
  'details_fetched_at INTEGER',
  'details_error TEXT',
  'details_error_batch_id INTEGER',
  `state TEXT NOT NULL DEFAULT 'new' CHECK (state IN ('new','seen','saved','applied','hidden'))`,
  'last_seen_at INTEGER NOT NULL DEFAULT 0',
  `workplace TEXT CHECK (workplace IN ('remote','hybrid','on-site'))`,
  'hidden_by_rule_id INTEGER',
  `state_before_rule TEXT CHECK (state_before_rule IN ('new','seen'))`,
  'muted_by_rule_id INTEGER',
  'repost_key TEXT',
  'role_key TEXT',
  'group_key TEXT',
  'repost_of TEXT',
  'repost_root TEXT',
  'repost_confirmed INTEGER',
  `repost_carried TEXT CHECK (repost_carried IN ('hidden','saved','seen'))`,
  'description_minhash BLOB',
  'description TEXT',
  'description_html TEXT',
];

/** The jobs table's columns from 0015: the descriptions are in `job_descriptions`. */
const JOBS_COLUMNS_0015 = JOBS_COLUMNS_0014.filter(
  (column) => !column.startsWith('description ') && !column.startsWith('description_html '),
);

const schemaSqlSchema = z.object({ name: z.string(), sql: z.string() });
const columnNameSchema = z.object({ name: z.string() });
const foreignKeysSchema = z.object({ foreign_keys: z.number() });

/**
 * Runs a rebuild of `jobs` in one `BEGIN IMMEDIATE` transaction with foreign keys off, as SQLite
 * documents for changes ALTER TABLE cannot make. Inside a transaction the pragma does nothing,
 * and dropping the table would then delete every row that cascades from a job (rule flags, a
 * description): refuse instead.
 */
async function withForeignKeysOff(
  db: Kysely<unknown>,
  migration: string,
  rebuild: () => Promise<void>,
): Promise<void> {
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    const off = foreignKeysSchema.parse((await sql`PRAGMA foreign_keys`.execute(db)).rows[0]);
    if (off.foreign_keys !== 0) throw new Error(`${migration} needs foreign keys off`);
    await sql`BEGIN IMMEDIATE`.execute(db);
    try {
      await rebuild();
      await sql`COMMIT`.execute(db);
    } catch (error) {
      await sql`ROLLBACK`.execute(db);
      throw error;
    }
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

/**
 * `jobs` rebuilt with `columns` in their order, the same rowids and constraints, its indexes and
 * the triggers not `replaced` created again from their own SQL as `sqlite_master` held it. It
 * refuses to run on a table with a column the list does not know (beyond those `moved`, which
 * the caller copied elsewhere first), rather than lose it.
 */
async function rebuildJobs(
  db: Kysely<unknown>,
  migration: string,
  columns: readonly string[],
  options: { moved?: readonly string[]; replaced?: readonly string[] } = {},
): Promise<void> {
  const moved = options.moved ?? [];
  const replaced = options.replaced ?? [];
  const names = columns.map((column) => column.split(' ')[0] ?? column);
  const existing = (await sql`PRAGMA table_info(jobs)`.execute(db)).rows.map(
    (row) => columnNameSchema.parse(row).name,
  );
  const unknown = existing.filter((name) => !names.includes(name) && !moved.includes(name));
  if (unknown.length > 0 || existing.length !== names.length + moved.length)
    throw new Error(
      `jobs has columns ${migration} does not expect: ${unknown.join(', ') || '(missing)'}`,
    );
  // Its indexes and triggers, created again as they are (DROP TABLE drops them).
  const dependents = (
    await sql`SELECT name, sql FROM sqlite_master
              WHERE tbl_name = 'jobs' AND type IN ('index', 'trigger') AND sql IS NOT NULL
              ORDER BY type, name`.execute(db)
  ).rows
    .map((row) => schemaSqlSchema.parse(row))
    .filter((dependent) => !replaced.includes(dependent.name));
  // One that reads a moved column would fail to be created again: refuse before dropping.
  const reading = dependents.filter((d) => moved.some((column) => d.sql.includes(column)));
  if (reading.length > 0)
    throw new Error(
      `${migration}: ${reading.map((d) => d.name).join(', ')} read a column it moves`,
    );
  const violations = async () => (await sql`PRAGMA foreign_key_check`.execute(db)).rows.length;
  const violationsBefore = await violations();
  const list = names.join(', ');
  const rebuilt = `jobs_${migration}`;
  const statements = [
    `CREATE TABLE ${rebuilt} (${columns.join(', ')})`,
    `INSERT INTO ${rebuilt} (rowid, ${list}) SELECT rowid, ${list} FROM jobs`,
    'DROP TABLE jobs',
    `ALTER TABLE ${rebuilt} RENAME TO jobs`,
    ...dependents.map((dependent) => dependent.sql),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  const broken = (await violations()) - violationsBefore;
  if (broken > 0) throw new Error(`${migration} would leave ${broken} rows without their job`);
}
