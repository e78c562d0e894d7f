import { z } from 'zod';
import {
  secondOpinionPointSchema,
  type FitLlmUsageDay,
  type SecondOpinion,
  type SecondOpinionPoint,
} from '../../contract/fit-llm';
import { sqliteOf, type ConnectionLike } from '../connection';

// The second opinion's tables (issue 40, migration 0026, docs/decisions/067): the queue of jobs
// waiting to be sent to the operator's language model, the answers kept per job and profile
// version, and the tokens used per day. Synchronous statements, each inside the caller's write:
// the batch's end (which queues), and the worker (which claims, answers and counts).

const claimedSchema = z.object({
  id: z.number(),
  job_id: z.string(),
  profile_id: z.number(),
  profile_version: z.number(),
  attempts: z.number(),
});
export type ClaimedOpinion = z.infer<typeof claimedSchema>;

const jobTextSchema = z.object({
  title: z.string(),
  company_name: z.string(),
  location: z.string(),
  description: z.string().nullable(),
});
export type OpinionJobText = z.infer<typeof jobTextSchema>;

const opinionRowSchema = z.object({
  profile_id: z.number(),
  profile_version: z.number(),
  current_version: z.number(),
  score: z.number(),
  verdict: z.string(),
  strengths: z.string(),
  gaps: z.string(),
  dropped_quotes: z.number(),
  model: z.string(),
  created_at: z.number(),
});
const pointsSchema = z.array(secondOpinionPointSchema);

const usageRowSchema = z.object({
  day: z.string(),
  tokens: z.number(),
  requests: z.number(),
  estimated_tokens: z.number(),
});

/** An answer to keep, its quotes checked. */
export interface SecondOpinionRow {
  jobId: string;
  profileId: number;
  profileVersion: number;
  score: number;
  verdict: string;
  strengths: SecondOpinionPoint[];
  gaps: SecondOpinionPoint[];
  droppedQuotes: number;
  model: string;
  tokens: number;
  at: number;
}

const count = z.number();

function queueStatements(connection: ConnectionLike) {
  const p = (text: string) => sqliteOf(connection).prepare(text);
  return {
    // The batch's new jobs with a fit, best first, each with the profile and version that gave
    // it; hidden ones (a rule's) and those already answered for that version are left out.
    enqueue: p(
      `INSERT OR IGNORE INTO fit_opinion_queue (job_id, profile_id, profile_version, batch_id,
         status, next_attempt_at, created_at)
       SELECT j.id, f.profile_id, f.profile_version, @batchId, 'pending', @now, @now
       FROM jobs j JOIN job_fits f ON f.job_id = j.id AND f.profile_id = j.fit_profile_id
       WHERE j.first_seen_batch_id = @batchId AND j.fit_score IS NOT NULL AND j.state <> 'hidden'
         AND NOT EXISTS (SELECT 1 FROM fit_second_opinions o WHERE o.job_id = j.id
           AND o.profile_id = f.profile_id AND o.profile_version = f.profile_version)
       ORDER BY j.fit_score DESC, j.first_seen_at DESC, j.id
       LIMIT @topN`,
    ),
    claim: p(
      `UPDATE fit_opinion_queue SET lease_until = @leaseUntil
       WHERE id = (SELECT id FROM fit_opinion_queue WHERE status = 'pending'
                     AND next_attempt_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
                   ORDER BY next_attempt_at, id LIMIT 1)
       RETURNING id, job_id, profile_id, profile_version, attempts`,
    ),
    nextDue: p(
      `SELECT MIN(MAX(next_attempt_at, COALESCE(lease_until, 0))) FROM fit_opinion_queue
       WHERE status = 'pending'`,
    ),
    done: p(
      `UPDATE fit_opinion_queue SET status = 'done', done_at = @now, lease_until = NULL,
         attempts = attempts + 1, error = NULL WHERE id = @id`,
    ),
    retry: p(
      `UPDATE fit_opinion_queue SET attempts = attempts + 1, next_attempt_at = @at,
         lease_until = NULL, error = @error WHERE id = @id`,
    ),
    fail: p(
      `UPDATE fit_opinion_queue SET status = 'failed', attempts = attempts + 1, done_at = @now,
         lease_until = NULL, error = @error WHERE id = @id`,
    ),
    postpone: p(
      `UPDATE fit_opinion_queue SET next_attempt_at = @at, lease_until = NULL WHERE id = @id`,
    ),
    drop: p(`DELETE FROM fit_opinion_queue WHERE id = ?`),
    retryFailed: p(
      `UPDATE fit_opinion_queue SET status = 'pending', attempts = 0, next_attempt_at = ?,
         done_at = NULL WHERE status = 'failed'`,
    ),
    counts: p(
      `SELECT COUNT(*) FILTER (WHERE status = 'pending') AS pending,
              COUNT(*) FILTER (WHERE status = 'failed') AS failed
       FROM fit_opinion_queue`,
    ),
    lastError: p(
      `SELECT error FROM fit_opinion_queue WHERE status <> 'done' AND error IS NOT NULL
       ORDER BY COALESCE(done_at, next_attempt_at) DESC, id DESC LIMIT 1`,
    ),
  };
}

export class OpinionQueue {
  private readonly s: ReturnType<typeof queueStatements>;

  constructor(connection: ConnectionLike) {
    this.s = queueStatements(connection);
  }

  /** Queues the batch's top `topN` new jobs by fit; answers how many were queued. */
  enqueueTopOfBatch(batchId: number, topN: number, now: number): number {
    if (topN <= 0) return 0;
    return this.s.enqueue.run({ batchId, topN, now }).changes;
  }

  /** Takes the next item due at `now` until `leaseUntil`; undefined when none is due. */
  claim(now: number, leaseUntil: number): ClaimedOpinion | undefined {
    const row: unknown = this.s.claim.get({ now, leaseUntil });
    return row === undefined ? undefined : claimedSchema.parse(row);
  }

  /** When the next pending item falls due (or its lease runs out); undefined when none waits. */
  nextDueAt(): number | undefined {
    const at = z.number().nullable().parse(this.s.nextDue.pluck().get());
    return at ?? undefined;
  }

  markDone(id: number, now: number): void {
    this.s.done.run({ id, now });
  }

  /** A failed attempt, tried again at `at`. */
  retry(id: number, at: number, error: string): void {
    this.s.retry.run({ id, at, error });
  }

  /** Given up on. */
  fail(id: number, error: string, now: number): void {
    this.s.fail.run({ id, error, now });
  }

  /** Not tried (the budget is spent, the server closes): due again at `at`, no attempt counted. */
  postpone(id: number, at: number): void {
    this.s.postpone.run({ id, at });
  }

  /** An item with nothing left to ask (its profile was deleted or changed since). */
  drop(id: number): void {
    this.s.drop.run(id);
  }

  /** The items given up on, due again now with their attempts counted afresh (new settings). */
  retryFailed(now: number): number {
    return this.s.retryFailed.run(now).changes;
  }

  counts(): { pending: number; failed: number } {
    return z.object({ pending: count, failed: count }).parse(this.s.counts.get());
  }

  /** The newest failure's text among the items not answered; null when none failed. */
  lastError(): string | null {
    const error: unknown = this.s.lastError.pluck().get();
    return error === undefined ? null : z.string().nullable().parse(error);
  }
}

function opinionStatements(connection: ConnectionLike) {
  const p = (text: string) => sqliteOf(connection).prepare(text);
  return {
    save: p(
      `INSERT OR REPLACE INTO fit_second_opinions (job_id, profile_id, profile_version, score,
         verdict, strengths, gaps, dropped_quotes, model, tokens, created_at)
       VALUES (@jobId, @profileId, @profileVersion, @score, @verdict, @strengths, @gaps,
         @droppedQuotes, @model, @tokens, @at)`,
    ),
    // Each profile's newest version asked; a deleted profile's are left out.
    ofJob: p(
      `SELECT o.profile_id, o.profile_version, p.version AS current_version, o.score, o.verdict,
              o.strengths, o.gaps, o.dropped_quotes, o.model, o.created_at
       FROM fit_second_opinions o JOIN fit_profiles p ON p.id = o.profile_id
       WHERE o.job_id = ? AND o.profile_version = (SELECT MAX(o2.profile_version)
         FROM fit_second_opinions o2 WHERE o2.job_id = o.job_id AND o2.profile_id = o.profile_id)
       ORDER BY o.score DESC, o.profile_id`,
    ),
    jobText: p(
      `SELECT j.title, j.company_name, j.location, d.description
       FROM jobs j LEFT JOIN job_descriptions d ON d.job_id = j.id WHERE j.id = ?`,
    ),
  };
}

export class SecondOpinions {
  private readonly s: ReturnType<typeof opinionStatements>;

  constructor(connection: ConnectionLike) {
    this.s = opinionStatements(connection);
  }

  save(row: SecondOpinionRow): void {
    this.s.save.run({
      ...row,
      strengths: JSON.stringify(row.strengths),
      gaps: JSON.stringify(row.gaps),
    });
  }

  /** The job's second opinions, best first; [] when it has none. */
  of(jobId: string): SecondOpinion[] {
    return this.s.ofJob.all(jobId).map((raw) => {
      const row = opinionRowSchema.parse(raw);
      return {
        profile_id: row.profile_id,
        profile_version: row.profile_version,
        stale: row.profile_version < row.current_version,
        score: row.score,
        verdict: row.verdict,
        strengths: pointsSchema.parse(JSON.parse(row.strengths)),
        gaps: pointsSchema.parse(JSON.parse(row.gaps)),
        dropped_quotes: row.dropped_quotes,
        model: row.model,
        at: new Date(row.created_at).toISOString(),
      };
    });
  }

  /** What the model is shown of the job; undefined for a job no longer stored. */
  jobText(jobId: string): OpinionJobText | undefined {
    const row: unknown = this.s.jobText.get(jobId);
    return row === undefined ? undefined : jobTextSchema.parse(row);
  }
}

function usageStatements(connection: ConnectionLike) {
  const p = (text: string) => sqliteOf(connection).prepare(text);
  return {
    add: p(
      `INSERT INTO fit_opinion_usage (day, tokens, requests, estimated_tokens)
       VALUES (@day, @tokens, 1, @estimated)
       ON CONFLICT (day) DO UPDATE SET tokens = tokens + excluded.tokens,
         requests = requests + 1, estimated_tokens = estimated_tokens + excluded.estimated_tokens`,
    ),
    since: p(`SELECT * FROM fit_opinion_usage WHERE day >= ? ORDER BY day DESC`),
  };
}

export class OpinionUsage {
  private readonly s: ReturnType<typeof usageStatements>;

  constructor(connection: ConnectionLike) {
    this.s = usageStatements(connection);
  }

  /** One request's tokens on `day`; `estimated` when the answer did not tell them. */
  add(day: string, tokens: number, estimated: boolean): void {
    this.s.add.run({ day, tokens, estimated: estimated ? tokens : 0 });
  }

  /** The days from `first` on that saw use, newest first. */
  since(first: string): FitLlmUsageDay[] {
    return this.s.since.all(first).map((raw) => usageRowSchema.parse(raw));
  }

  /** Tokens used on `day`. */
  tokensOn(day: string): number {
    return this.since(day).find((row) => row.day === day)?.tokens ?? 0;
  }
}
