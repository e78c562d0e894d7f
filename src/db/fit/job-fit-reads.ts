import type SQLite from 'better-sqlite3';
import { z } from 'zod';
import { fitBand, FIT_SOURCES, jobFitSchema, type JobFit } from '../../contract/fit';
import { sqliteOf, type ConnectionLike } from '../connection';

// A job's scores with their parts, as its detail shows them ("Why this fit", issue 40): one row
// per profile that scores it, best first. A deleted profile's rows (cleared by the background
// rescoring) are left out.

const fitRowSchema = z.object({
  profile_id: z.number(),
  profile_name: z.string(),
  profile_version: z.number(),
  score: z.number(),
  dealbreaker: z.number(),
  source: z.enum(FIT_SOURCES),
  parts: z.string(),
  scored_at: z.number(),
});

const partsSchema = jobFitSchema.shape.parts;

export class JobFitReads {
  private readonly ofJob: SQLite.Statement;

  constructor(connection: ConnectionLike) {
    this.ofJob = sqliteOf(connection).prepare(
      `SELECT f.profile_id, p.name AS profile_name, f.profile_version, f.score, f.dealbreaker,
              f.source, f.parts, f.scored_at
       FROM job_fits f JOIN fit_profiles p ON p.id = f.profile_id
       WHERE f.job_id = ? ORDER BY f.score DESC, f.profile_id`,
    );
  }

  /** The job's fits, best first; [] when it has none. */
  of(jobId: string): JobFit[] {
    return this.ofJob.all(jobId).map((raw) => {
      const row = fitRowSchema.parse(raw);
      return {
        profile_id: row.profile_id,
        profile_name: row.profile_name,
        profile_version: row.profile_version,
        score: row.score,
        band: fitBand(row.score),
        dealbreaker: row.dealbreaker === 1,
        source: row.source,
        parts: partsSchema.parse(JSON.parse(row.parts)),
        scored_at: new Date(row.scored_at).toISOString(),
      };
    });
  }
}
