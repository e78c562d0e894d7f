import type SQLite from 'better-sqlite3';
import { z } from 'zod';
import { sqliteOf, type ConnectionLike } from '../connection';

// What profile suggestions learn from (issue 40): the jobs a profile scores that the operator
// saved or applied to, and those the operator hid, with their words. Read from the triage states'
// index (the picks are few), each checked against the profile's scores by their key. A job a
// rule hid is left out: its words are the rule's, already chosen, not the operator's judgement.

/** A job's words, as suggestFromTriage reads them. */
export interface TriageJobText {
  title: string;
  description: string | null;
}

const rowSchema = z.object({ title: z.string(), description: z.string().nullable() });

const TRIAGED_SQL = (states: string) => `SELECT j.title,
    (SELECT d.description FROM job_descriptions d WHERE d.job_id = j.id) AS description
  FROM jobs j
  WHERE j.state IN (${states}) AND j.hidden_by_rule_id IS NULL
    AND EXISTS (SELECT 1 FROM job_fits f WHERE f.job_id = j.id AND f.profile_id = @profile)
  ORDER BY j.first_seen_at DESC LIMIT @limit`;

export class FitTriageTexts {
  private readonly kept: SQLite.Statement;
  private readonly hidden: SQLite.Statement;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
    this.kept = sqlite.prepare(TRIAGED_SQL("'saved', 'applied'"));
    this.hidden = sqlite.prepare(TRIAGED_SQL("'hidden'"));
  }

  /** The latest `limit` saved or applied jobs profile `profileId` scores, and hidden ones. */
  of(profileId: number, limit: number): { saved: TriageJobText[]; hidden: TriageJobText[] } {
    const read = (statement: SQLite.Statement) =>
      statement.all({ profile: profileId, limit }).map((raw) => rowSchema.parse(raw));
    return { saved: read(this.kept), hidden: read(this.hidden) };
  }
}
