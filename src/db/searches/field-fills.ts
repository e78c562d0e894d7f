import { sqliteOf, type ConnectionLike } from '../connection';
import { z } from 'zod';
import { OVERVIEW_FIELDS } from '../../contract/overview-fields';

// A completed batch's fill of each watched field (issue 32, docs/decisions/054), counted over the
// jobs it found first: those are the ones parsed from the site's markup by this batch (a known job
// keeps its first sighting's fields). Card fields count over all of them, detail fields over those
// whose details were fetched. Prepared: written in the batch's end transaction (decision 052).

/** The field names as stored; the runner's DRIFT_FIELDS, in the same order. */
export const FILL_FIELDS = OVERVIEW_FIELDS;
export type FillField = (typeof FILL_FIELDS)[number];

const n = z
  .number()
  .nullable()
  .transform((value) => value ?? 0);
const countsSchema = z.object({
  jobs: n,
  named: n,
  detailed: n,
  company_id: n,
  location: n,
  posted_at: n,
  salary: n,
  seniority: n,
  employment_type: n,
  description: n,
  applicants: n,
});

const pastRowSchema = z.object({
  filled: z.number(),
  total: z.number(),
  drifting: z.number(),
});

export interface FieldCount {
  filled: number;
  total: number;
}

export interface FieldVerdictRow extends FieldCount {
  field: FillField;
  verdict: 'unjudged' | 'not-given' | 'ok' | 'drift';
  drifting: boolean;
}

const COUNTS_SQL = `SELECT COUNT(*) AS jobs,
    SUM(j.company_normalized <> '') AS named,
    SUM(j.details_fetched_at IS NOT NULL) AS detailed,
    SUM(j.company_normalized <> '' AND j.company_id IS NOT NULL) AS company_id,
    SUM(j.location <> '') AS location,
    SUM(j.posted_at IS NOT NULL) AS posted_at,
    SUM(j.salary IS NOT NULL AND j.salary <> '') AS salary,
    SUM(j.details_fetched_at IS NOT NULL AND j.seniority IS NOT NULL) AS seniority,
    SUM(j.details_fetched_at IS NOT NULL AND j.employment_type IS NOT NULL) AS employment_type,
    SUM(j.details_fetched_at IS NOT NULL AND EXISTS (SELECT 1 FROM job_descriptions d
      WHERE d.job_id = j.id AND COALESCE(d.description, '') <> '')) AS description,
    SUM(j.details_fetched_at IS NOT NULL AND j.applicants IS NOT NULL) AS applicants
  FROM jobs j WHERE j.first_seen_batch_id = ?`;

export class BatchFieldFills {
  private readonly s;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
    const p = (text: string) => sqlite.prepare(text);
    this.s = {
      counts: p(COUNTS_SQL),
      // The field's earlier batches, newest first: enough for a level of seven even after a
      // long drift, whose batches the rule leaves out.
      past: p(
        `SELECT filled, total, drifting FROM batch_field_fills
         WHERE field = ? AND batch_id < ? ORDER BY batch_id DESC LIMIT 100`,
      ),
      save: p(
        `INSERT OR REPLACE INTO batch_field_fills (batch_id, field, filled, total, verdict, drifting)
         VALUES (@batch, @field, @filled, @total, @verdict, @drifting)`,
      ),
    };
  }

  /** Each field's fill over the batch's new jobs. */
  counts(batchId: number): Record<FillField, FieldCount> {
    const c = countsSchema.parse(this.s.counts.get(batchId));
    const card = (filled: number, total = c.jobs) => ({ filled, total });
    const detail = (filled: number) => ({ filled, total: c.detailed });
    return {
      company_id: card(c.company_id, c.named),
      location: card(c.location),
      posted_at: card(c.posted_at),
      salary: card(c.salary),
      seniority: detail(c.seniority),
      employment_type: detail(c.employment_type),
      description: detail(c.description),
      applicants: detail(c.applicants),
    };
  }

  /** The field's fills in batches before `batchId`, oldest first. */
  past(field: FillField, batchId: number): Array<FieldCount & { drifting: boolean }> {
    return this.s.past
      .all(field, batchId)
      .map((raw) => pastRowSchema.parse(raw))
      .map((row) => ({ filled: row.filled, total: row.total, drifting: row.drifting === 1 }))
      .reverse();
  }

  save(batchId: number, row: FieldVerdictRow): void {
    this.s.save.run({
      batch: batchId,
      field: row.field,
      filled: row.filled,
      total: row.total,
      verdict: row.verdict,
      drifting: row.drifting ? 1 : 0,
    });
  }
}
