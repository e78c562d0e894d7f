import type SQLite from 'better-sqlite3';
import { sqliteOf, type ConnectionLike } from '../connection';
import { z } from 'zod';
import { BLOCKED_JOB_SQL } from '../companies/blocked-jobs';

// The statements of repost detection (issue 17, docs/decisions/035, 037) on the jobs' repost and
// group columns; the deciding is the runner's (src/runner/reposts.ts). Prepared: they run inside
// the runner's page and details transactions (decision 052). Every lookup goes through jobs_role,
// the one index of a role's jobs.

const stateSchema = z.enum(['new', 'seen', 'saved', 'applied', 'hidden']);

export const repostCandidateSchema = z.object({
  id: z.string(),
  first_seen_batch_id: z.number(),
  posted_at: z.string().nullable(),
  company_id: z.number().nullable(),
  company_slug: z.string().nullable(),
  description_minhash: z.instanceof(Buffer).nullable(),
  state: stateSchema,
  repost_of: z.string().nullable(),
  repost_root: z.string().nullable(),
  repost_confirmed: z.number().nullable(),
  repost_carried: z.string().nullable(),
  details_fetched_at: z.number().nullable(),
});
/** A job of a repost key, as its key's decision reads it. */
export type RepostCandidate = z.infer<typeof repostCandidateSchema>;

const keyRowSchema = z.object({
  repost_key: z.string().nullable(),
  role_key: z.string().nullable(),
  first_seen_batch_id: z.number(),
  /** How many jobs have the key, counted to 2 (from jobs_role alone). */
  sharing: z.number(),
});
export type RepostKeyRow = z.infer<typeof keyRowSchema>;

/**
 * A repost key with the role key it extends (the role's key and the place): looked up together
 * in jobs_role, the one index of a role's jobs (docs/decisions/037).
 */
export interface RepostKey {
  repost: string;
  role: string;
}

const descriptionSchema = z.object({ description: z.string().nullable() });
const countSchema = z.object({ n: z.number() });

/** How many jobs have a repost key, counted to 2 (so: whether another has it), from jobs_role alone. */
const SHARING_SQL = (role: string, repost: string) =>
  `(SELECT COUNT(*) FROM (SELECT 1 FROM jobs k INDEXED BY jobs_role
     WHERE k.role_key = ${role} AND k.repost_key = ${repost} LIMIT 2))`;

function prepare(sqlite: SQLite.Database) {
  const p = (text: string) => sqlite.prepare(text);
  return {
    exists: p('SELECT 1 FROM jobs WHERE id = ?'),
    keyOf: p(
      `SELECT j.repost_key, j.role_key, j.first_seen_batch_id,
         ${SHARING_SQL('j.role_key', 'j.repost_key')} AS sharing
       FROM jobs j WHERE j.id = ?`,
    ),
    shared: p(`SELECT ${SHARING_SQL('@role', '@repost')} AS n`),
    byKey: p(
      `SELECT id, first_seen_batch_id, posted_at, company_id, company_slug, description_minhash,
              state, repost_of, repost_root, repost_confirmed, repost_carried, details_fetched_at
       FROM jobs INDEXED BY jobs_role
       WHERE role_key = @role AND repost_key = @repost AND first_seen_batch_id <= @batch`,
    ),
    saveSignature: p('UPDATE jobs SET description_minhash = ? WHERE id = ?'),
    description: p('SELECT description FROM job_descriptions WHERE job_id = ?'),
    setRepost: p(
      `UPDATE jobs SET repost_of = @of, repost_root = @root, repost_confirmed = @confirmed
       WHERE id = @id`,
    ),
    setState: p('UPDATE jobs SET state = @state, repost_carried = @carried WHERE id = @id'),
    appliedInChain: p(
      `SELECT EXISTS (SELECT 1 FROM jobs WHERE (id = @root OR repost_root = @root) AND state = 'applied') AS n`,
    ),
    otherPlace: p(
      `SELECT EXISTS (SELECT 1 FROM jobs INDEXED BY jobs_role
         WHERE role_key = @role AND repost_key IS NOT @repost) AS n`,
    ),
    joinGroup: p(
      `UPDATE jobs INDEXED BY jobs_role SET group_key = role_key
       WHERE role_key = ? AND group_key IS NULL`,
    ),
    groupExists: p(
      `SELECT EXISTS (SELECT 1 FROM jobs INDEXED BY jobs_role
         WHERE role_key = @role AND group_key = @role) AS n`,
    ),
  };
}

export class RepostRows {
  private readonly s;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
    this.s = prepare(sqlite);
  }

  /** Whether a job is stored already. */
  isStored(jobId: string): boolean {
    return this.s.exists.get(jobId) !== undefined;
  }

  /** A stored job's keys, and whether another job shares its repost key. */
  keyOf(jobId: string): RepostKeyRow | null {
    const row = keyRowSchema.safeParse(this.s.keyOf.get(jobId));
    return row.success ? row.data : null;
  }

  /** Whether more than one job has the key. */
  isShared(key: RepostKey): boolean {
    return countSchema.parse(this.s.shared.get(key)).n > 1;
  }

  /** The jobs of a key first seen in `batchId` or before, in no particular order. */
  byKey(key: RepostKey, batchId: number): RepostCandidate[] {
    return this.s.byKey
      .all({ ...key, batch: batchId })
      .map((raw) => repostCandidateSchema.parse(raw));
  }

  saveSignature(jobId: string, signature: Buffer): void {
    this.s.saveSignature.run(signature, jobId);
  }

  /** A job's stored description (plain text), or null. */
  description(jobId: string): string | null {
    const row = descriptionSchema.safeParse(this.s.description.get(jobId));
    return row.success ? row.data.description : null;
  }

  setRepost(jobId: string, of: string | null, root: string | null, confirmed: number | null) {
    this.s.setRepost.run({ id: jobId, of, root, confirmed });
  }

  setState(jobId: string, state: RepostCandidate['state'], carried: string | null): void {
    this.s.setState.run({ id: jobId, state, carried });
  }

  /** Whether a job of the chain rooted at `root` was applied to. */
  appliedInChain(root: string): boolean {
    return countSchema.parse(this.s.appliedInChain.get({ root })).n === 1;
  }

  /** Whether the role has a job in another place (another repost key). */
  inOtherPlace(role: string, repost: string | null): boolean {
    return countSchema.parse(this.s.otherPlace.get({ role, repost })).n !== 0;
  }

  groupExists(role: string): boolean {
    return countSchema.parse(this.s.groupExists.get({ role })).n !== 0;
  }

  /** The role's jobs outside its group join it. */
  joinGroup(role: string): void {
    this.s.joinGroup.run(role);
  }
}

/**
 * How many of the batch's new jobs are reposts, for the batch-finished message: like its count of
 * new jobs, leaving out blocked companies.
 */
export function countBatchReposts(connection: ConnectionLike, batchId: number): number {
  const sqlite = sqliteOf(connection);
  const row: unknown = sqlite
    .prepare(
      `SELECT COUNT(*) AS n FROM jobs j WHERE j.first_seen_batch_id = ? AND j.repost_of IS NOT NULL
         AND NOT ${BLOCKED_JOB_SQL}`,
    )
    .get(batchId);
  return countSchema.parse(row).n;
}
