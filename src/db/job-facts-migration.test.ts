import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase } from './database';
import { databaseBefore, jobsColumns, migrationFolder } from './migration-test-kit';

// Migration 0021 (issue 41, docs/decisions/062) on an install with jobs, some with details: the
// four facts' columns come last in the row, empty but for when each page was last read, which is
// when its details were fetched; companies are found by their slug.

const { dir, file } = migrationFolder('jobscout-0021-');

describe('migration 0021-job-facts', () => {
  it('adds the facts’ columns last and dates each read page by its details', async () => {
    const before = await databaseBefore(file(), '0021');
    before.sqlite.exec(`
      INSERT INTO batches (id, kind, status, started_at) VALUES (7, 'daily', 'completed', 1);
      INSERT INTO jobs (id, title, company_name, company_slug, company_normalized, company_id,
          location, url, first_seen_batch_id, first_seen_at, details_fetched_at, easy_apply) VALUES
        ('101', 'A', 'Acme', 'acme', 'acme', 55, 'Berlin', 'https://x/101', 7, 1, 1000, 0),
        ('102', 'B', 'Acme', 'acme', 'acme', NULL, 'Berlin', 'https://x/102', 7, 2, NULL, NULL);
      INSERT INTO companies (id, name, normalized_name, slug, updated_at)
        VALUES (55, 'Acme', 'acme', 'acme', 1);
    `);
    const columnsBefore = jobsColumns(before.sqlite);
    const rowsBefore = before.sqlite.prepare('SELECT * FROM jobs ORDER BY id').all();
    await before.close();

    const opened = await openDatabase(dir());
    try {
      const { sqlite } = opened;
      expect(jobsColumns(sqlite)).toEqual([
        ...columnsBefore,
        'closed_at',
        'apply_url',
        'last_checked_at',
        'page_company_id',
        // Migration 0023's (decision 063) and 0024's (decision 065), after these.
        'fit_score',
        'fit_profile_id',
        'recheck_gone_at',
      ]);
      const rows = z
        .array(z.record(z.string(), z.unknown()))
        .parse(sqlite.prepare('SELECT * FROM jobs ORDER BY id').all());
      expect(rows).toMatchObject([
        {
          ...z.record(z.string(), z.unknown()).parse(rowsBefore[0]),
          closed_at: null,
          apply_url: null,
          last_checked_at: 1000,
          page_company_id: null,
          fit_score: null,
          fit_profile_id: null,
          recheck_gone_at: null,
        },
        {
          ...z.record(z.string(), z.unknown()).parse(rowsBefore[1]),
          closed_at: null,
          apply_url: null,
          last_checked_at: null,
          page_company_id: null,
          fit_score: null,
          fit_profile_id: null,
          recheck_gone_at: null,
        },
      ]);
      const plan = sqlite
        .prepare("EXPLAIN QUERY PLAN SELECT id FROM companies WHERE slug = 'acme'")
        .all()
        .map((row) => z.object({ detail: z.string() }).parse(row).detail)
        .join(' ');
      expect(plan).toContain('companies_slug');
      expect(sqlite.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});
