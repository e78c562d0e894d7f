import type SQLite from 'better-sqlite3';
import { z } from 'zod';
import { FIT_SOURCES } from '../../contract/fit';
import { sqliteOf, type ConnectionLike } from '../connection';

// The scores the runner and the background rescoring keep (issue 40, docs/decisions/063): one
// row per job and profile that scores it, with the version of the profile it was scored against
// and its parts. Synchronous statements, inside the caller's write; a job's set at a time.

/** A stored score, without its parts: what deciding whether to score again needs. */
export interface StoredFit {
  profileId: number;
  version: number;
  score: number;
  source: (typeof FIT_SOURCES)[number];
}

/** A score to keep. */
export interface JobFitRow {
  jobId: string;
  profileId: number;
  version: number;
  score: number;
  dealbreaker: boolean;
  source: (typeof FIT_SOURCES)[number];
  /** FitPart[] as JSON. */
  parts: string;
  scoredAt: number;
}

const profileRowSchema = z.object({ job_id: z.string(), profile_id: z.number() });
const storedRowSchema = z.object({
  job_id: z.string(),
  profile_id: z.number(),
  profile_version: z.number(),
  score: z.number(),
  source: z.enum(FIT_SOURCES),
});

const IDS = 'SELECT value FROM json_each(?)';

function prepare(sqlite: SQLite.Database) {
  const p = (text: string) => sqlite.prepare(text);
  return {
    // The profiles of the saved queries whose runs found each job, the default standing for a
    // query without one (migration 0023: a deleted profile's queries are set to null).
    profiles: p(
      `SELECT DISTINCT l.job_id, COALESCE(q.fit_profile_id, @default) AS profile_id
       FROM query_run_jobs l JOIN query_runs r ON r.id = l.query_run_id
       JOIN queries q ON q.id = r.query_id
       WHERE l.job_id IN (SELECT value FROM json_each(@ids))`,
    ),
    stored: p(
      `SELECT job_id, profile_id, profile_version, score, source FROM job_fits
       WHERE job_id IN (${IDS})`,
    ),
    save: p(
      `INSERT INTO job_fits (job_id, profile_id, profile_version, score, dealbreaker, source, parts, scored_at)
       VALUES (@jobId, @profileId, @version, @score, @dealbreaker, @source, @parts, @scoredAt)
       ON CONFLICT (job_id, profile_id) DO UPDATE SET profile_version = excluded.profile_version,
         score = excluded.score, dealbreaker = excluded.dealbreaker, source = excluded.source,
         parts = excluded.parts, scored_at = excluded.scored_at`,
    ),
    drop: p('DELETE FROM job_fits WHERE job_id = ? AND profile_id = ?'),
    dropJobs: p(`DELETE FROM job_fits WHERE job_id IN (${IDS})`),
    any: p('SELECT EXISTS (SELECT 1 FROM job_fits) AS any'),
  };
}

export class JobFitRows {
  private readonly s;

  constructor(connection: ConnectionLike) {
    this.s = prepare(sqliteOf(connection));
  }

  /**
   * The profiles that score each of `ids`: those of the saved queries that found it, the default
   * (`defaultId`) for a query naming none. A job no run links (stored by hand) is left out.
   */
  profilesOf(ids: readonly string[], defaultId: number): Map<string, number[]> {
    const byJob = new Map<string, number[]>();
    if (ids.length === 0) return byJob;
    for (const raw of this.s.profiles.all({ ids: JSON.stringify(ids), default: defaultId })) {
      const row = profileRowSchema.parse(raw);
      const list = byJob.get(row.job_id);
      if (list) list.push(row.profile_id);
      else byJob.set(row.job_id, [row.profile_id]);
    }
    return byJob;
  }

  /** The scores kept for each of `ids`, without their parts. */
  storedOf(ids: readonly string[]): Map<string, StoredFit[]> {
    const byJob = new Map<string, StoredFit[]>();
    if (ids.length === 0) return byJob;
    for (const raw of this.s.stored.all(JSON.stringify(ids))) {
      const row = storedRowSchema.parse(raw);
      const fit: StoredFit = {
        profileId: row.profile_id,
        version: row.profile_version,
        score: row.score,
        source: row.source,
      };
      const list = byJob.get(row.job_id);
      if (list) list.push(fit);
      else byJob.set(row.job_id, [fit]);
    }
    return byJob;
  }

  save(row: JobFitRow): void {
    this.s.save.run({ ...row, dealbreaker: row.dealbreaker ? 1 : 0 });
  }

  /** The job's score against a profile that no longer scores it. */
  drop(jobId: string, profileId: number): void {
    this.s.drop.run(jobId, profileId);
  }

  /** Whether any score is kept at all. */
  any(): boolean {
    return z.object({ any: z.number() }).parse(this.s.any.get()).any === 1;
  }

  /** Every score of `ids` (no profile is left). */
  dropJobs(ids: readonly string[]): void {
    if (ids.length > 0) this.s.dropJobs.run(JSON.stringify(ids));
  }
}
