import { z } from 'zod';
import { APPLICATION_STAGES } from '../../contract';
import { sqliteOf, type ConnectionLike } from '../connection';

// Issue 41, round two (decision 065): `job_closed` tells of a job at Saved whose posting a
// re-check found closed, once per job. job_closed_notices (migration 0024) keeps each job told,
// written in the transaction that finds it closed and queues the messages: a restart, a reopened
// and closed again posting, or a second re-check tells nothing again.

const closedJobRow = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  title: z.string(),
  company_name: z.string(),
  location: z.string(),
  url: z.string(),
  apply_url: z.string().nullable(),
  closed_at: z.number(),
  stage: z.enum(APPLICATION_STAGES),
});
/** A job at Saved, on the board, found closed: what its message names. */
export type ClosedJobRow = z.infer<typeof closedJobRow>;

export interface ClosedJobNotices {
  /** The job, when it is at Saved on the board and found closed; undefined otherwise. */
  savedAndClosed(jobId: string): ClosedJobRow | undefined;
  /** Records that the job's closing is told; false when it was told before. Part of a write. */
  record(jobId: string, now: number): boolean;
}

export function prepareClosedJobNotices(connection: ConnectionLike): ClosedJobNotices {
  const sqlite = sqliteOf(connection);
  const read = sqlite.prepare(
    `SELECT j.id, j.title, j.company_name, j.location, j.url, j.apply_url, j.closed_at, a.stage
     FROM jobs j JOIN applications a ON a.job_id = j.id
     WHERE j.id = ? AND a.stage = 'saved' AND a.left_at IS NULL AND j.closed_at IS NOT NULL`,
  );
  const insert = sqlite.prepare(
    'INSERT OR IGNORE INTO job_closed_notices (job_id, queued_at) VALUES (?, ?)',
  );
  return {
    savedAndClosed(jobId) {
      const raw: unknown = read.get(jobId);
      return raw === undefined ? undefined : closedJobRow.parse(raw);
    },
    record: (jobId, now) => insert.run(jobId, now).changes === 1,
  };
}
