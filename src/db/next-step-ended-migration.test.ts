import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { databaseBefore, migrationFolder } from './migration-test-kit';

// Migration 0022 (issue 39, docs/decisions/059) on an install whose closed applications still hold
// a next step: each step ends with the application's latest history entry, which keeps it; open
// applications keep theirs, and every other entry ends nothing.

const { dir, file } = migrationFolder('jobscout-0022-');

const SEED_SQL = `
  INSERT INTO batches (id, kind, status, started_at) VALUES (1, 'manual', 'completed', 1);
  INSERT INTO jobs (id, title, company_name, company_normalized, location, url,
      first_seen_batch_id, first_seen_at, state) VALUES
    ('201', 'A', 'Acme', 'acme', 'Berlin', 'https://x/201', 1, 1, 'applied'),
    ('202', 'B', 'Acme', 'acme', 'Berlin', 'https://x/202', 1, 2, 'applied'),
    ('203', 'C', 'Acme', 'acme', 'Berlin', 'https://x/203', 1, 3, 'applied'),
    ('204', 'D', 'Acme', 'acme', 'Berlin', 'https://x/204', 1, 4, 'applied');
  INSERT INTO applications (job_id, stage, stage_since, created_at, updated_at, next_step_at,
      next_step_what) VALUES
    ('201', 'rejected', 30, 10, 30, 500, 'phone screen'),
    ('202', 'interviewing', 20, 10, 20, 600, 'case study'),
    ('203', 'no_answer', 40, 10, 40, 700, 'follow up'),
    ('204', 'withdrawn', 20, 10, 20, NULL, NULL);
  INSERT INTO application_events (job_id, stage, at, recorded_at, source) VALUES
    ('201', 'applied', 10, 10, 'operator'),
    ('202', 'applied', 10, 10, 'operator'),
    ('201', 'rejected', 30, 30, 'operator'),
    ('202', 'interviewing', 20, 20, 'operator'),
    ('203', 'applied', 10, 10, 'operator'),
    ('203', 'no_answer', 40, 40, 'product'),
    ('204', 'withdrawn', 20, 20, 'operator');
`;

describe('migration 0022-next-step-ended-by-a-move', () => {
  it('ends the steps of closed applications in their latest entry, and nothing else', async () => {
    const before = await databaseBefore(file(), '0022');
    before.sqlite.exec(SEED_SQL);
    await before.close();

    const opened = await openDatabase(dir());
    try {
      const { sqlite } = opened;
      expect(
        sqlite
          .prepare('SELECT job_id, stage, next_step_at, next_step_what FROM applications')
          .all(),
      ).toEqual([
        { job_id: '201', stage: 'rejected', next_step_at: null, next_step_what: null },
        { job_id: '202', stage: 'interviewing', next_step_at: 600, next_step_what: 'case study' },
        { job_id: '203', stage: 'no_answer', next_step_at: null, next_step_what: null },
        { job_id: '204', stage: 'withdrawn', next_step_at: null, next_step_what: null },
      ]);
      expect(
        sqlite
          .prepare(
            'SELECT job_id, stage, ended_step_at, ended_step_what FROM application_events ORDER BY id',
          )
          .all(),
      ).toEqual([
        { job_id: '201', stage: 'applied', ended_step_at: null, ended_step_what: null },
        { job_id: '202', stage: 'applied', ended_step_at: null, ended_step_what: null },
        { job_id: '201', stage: 'rejected', ended_step_at: 500, ended_step_what: 'phone screen' },
        { job_id: '202', stage: 'interviewing', ended_step_at: null, ended_step_what: null },
        { job_id: '203', stage: 'applied', ended_step_at: null, ended_step_what: null },
        { job_id: '203', stage: 'no_answer', ended_step_at: 700, ended_step_what: 'follow up' },
        { job_id: '204', stage: 'withdrawn', ended_step_at: null, ended_step_what: null },
      ]);
    } finally {
      await opened.close();
    }
  });
});
