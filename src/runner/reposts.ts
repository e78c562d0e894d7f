import {
  descriptionSignature,
  isSignature,
  jobKeys,
  SAME_DESCRIPTION_SIMILARITY,
  signatureSimilarity,
} from '../contract/repost-keys';
import type { ConnectionLike } from '../db/connection';
import { RepostRows, type RepostCandidate, type RepostKey } from '../db/jobs/repost-rows';

// Repost detection (issue 17, docs/decisions/035), the batch's reposts step, on the runner's store
// path. A job stored for the first time gets its keys; the jobs of its batch that share its repost
// key are (re)decided in order: each is a repost of the latest earlier job of that key whose
// company is not another one and whose description, where both are known, is the same. Decided on
// the card, confirmed or undone when the details come. Its statements are the jobs module's
// (src/db/jobs/repost-rows.ts): every lookup goes through an index on a key column, and a job
// alone with its key (most of them) costs one look at that index and no decision.

export const CARRY_OVER_SETTING = 'reposts.carry_over_triage';

type Candidate = RepostCandidate;

/** A new job's keys, as the store writes them with its card. */
export interface JobKeys {
  repost: string | null;
  role: string | null;
  /** Its role's key when the role is in another place too (the same-role group it is in). */
  group: string | null;
  /** Whether this job makes the group: the role's other jobs join it once it is stored. */
  newGroup: boolean;
}

/** What saving a job's details needs from repost detection (RepostDetector.prepareDetails). */
export interface DetailsPlan {
  /** The description's signature to store with the details (null for a job without a key). */
  signature: Buffer | null;
  /** The key to decide again once the details are stored, when another job shares it. */
  decide: { key: RepostKey; batchId: number } | null;
}

/** The order jobs of one key were posted in: first sighting, then posting day, then the site's id. */
function before(a: Candidate, b: Candidate): boolean {
  if (a.first_seen_batch_id !== b.first_seen_batch_id)
    return a.first_seen_batch_id < b.first_seen_batch_id;
  const pa = a.posted_at ?? '';
  const pb = b.posted_at ?? '';
  if (pa !== pb) return pa < pb;
  // Site ids grow with time; compared as numbers (they are digits of varying length).
  return a.id.length !== b.id.length ? a.id.length < b.id.length : a.id < b.id;
}

export interface RepostDecision {
  of: Candidate;
  confirmed: boolean;
}

/**
 * Which earlier job `job` reposts, if any: the latest of `earlier` (oldest first) that is not
 * another company (ids or links both known and different) and whose description is the same
 * (where both have one); `confirmed` when descriptions were compared.
 */
export function decideRepost(
  job: Pick<Candidate, 'company_id' | 'company_slug'> & { signature: Buffer | null },
  earlier: ReadonlyArray<Candidate & { signature: Buffer | null }>,
): RepostDecision | null {
  for (let i = earlier.length - 1; i >= 0; i -= 1) {
    const other = earlier[i];
    if (!other) continue;
    if (job.company_id !== null && other.company_id !== null && job.company_id !== other.company_id)
      continue;
    if (
      job.company_slug !== null &&
      other.company_slug !== null &&
      job.company_slug !== other.company_slug
    )
      continue;
    if (job.signature !== null && other.signature !== null) {
      if (signatureSimilarity(job.signature, other.signature) >= SAME_DESCRIPTION_SIMILARITY)
        return { of: other, confirmed: true };
      continue;
    }
    return { of: other, confirmed: false };
  }
  return null;
}

/**
 * The state triage carries over to a repost of `earlier` (a chain with an application in it).
 * A repost that inherits 'saved' does not enter the application pipeline: the earlier job is the
 * application, and the repost's line links to it (docs/decisions/056). Saving or applying to the
 * repost itself on the Jobs screen puts it in.
 */
export function carriedState(
  earlier: Candidate['state'],
  appliedBefore: boolean,
): 'hidden' | 'saved' | 'seen' | null {
  if (earlier === 'hidden') return 'hidden';
  if (earlier === 'saved') return 'saved';
  if (earlier === 'applied' || appliedBefore) return 'seen';
  return null;
}

export class RepostDetector {
  private readonly rows: RepostRows;

  constructor(
    connection: ConnectionLike,
    /** The operator's settings, read when a repost is decided. */
    private readonly setting: (key: string) => string | undefined,
  ) {
    this.rows = new RepostRows(connection);
  }

  /** Whether a job is stored already (call before storing a card: only new jobs are decided). */
  isStored(jobId: string): boolean {
    return this.rows.isStored(jobId);
  }

  /** Whether triage carries over to reposts (the operator's setting; read when a repost is decided). */
  carryOver(): boolean {
    return this.setting(CARRY_OVER_SETTING) !== 'false';
  }

  /**
   * A new card's keys, stored with it: its role is a group once it is in two places, and every
   * job of a group carries its key (so a job joining a group that exists writes only its own row).
   */
  keys(companyNormalized: string, title: string, location: string): JobKeys {
    const { repost, role } = jobKeys(companyNormalized, title, location);
    if (role === null || !this.rows.inOtherPlace(role, repost))
      return { repost, role, group: null, newGroup: false };
    return { repost, role, group: role, newGroup: !this.rows.groupExists(role) };
  }

  /**
   * A job just stored for the first time, with its keys: the group it may join, and whether it
   * (and the batch's other jobs of its key) are reposts. Runs inside the page's transaction.
   */
  jobStored(job: { id: string; batchId: number } & JobKeys): void {
    if (job.newGroup && job.role !== null) this.rows.joinGroup(job.role);
    if (job.repost === null || job.role === null) return;
    const key = { repost: job.repost, role: job.role };
    if (this.rows.isShared(key)) this.decideKey(key, job.batchId);
  }

  /**
   * Before a job's details are stored: the signature to store with them (of any job with a key:
   * it costs less now than reading the description back the day another job shares the key),
   * and the key to decide again when another job shares it. Inside the details' transaction.
   */
  prepareDetails(jobId: string, description: string | null): DetailsPlan {
    const row = this.rows.keyOf(jobId);
    if (row === null || row.repost_key === null || row.role_key === null)
      return { signature: null, decide: null };
    const key = { repost: row.repost_key, role: row.role_key };
    return {
      signature: descriptionSignature(description),
      decide: row.sharing > 1 ? { key, batchId: row.first_seen_batch_id } : null,
    };
  }

  /** A job's details are stored (with the plan's signature): its key decided again. */
  detailsStored(plan: DetailsPlan): void {
    if (plan.decide !== null) this.decideKey(plan.decide.key, plan.decide.batchId);
  }

  /**
   * Decides every job of `key` first seen in `batchId`, in posting order, against all the jobs of
   * that key before it. Jobs of earlier batches keep their decision: theirs was made when seen.
   */
  private decideKey(key: RepostKey, batchId: number): void {
    let carryOver: boolean | undefined;
    const jobs = this.rows
      .byKey(key, batchId)
      .sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0))
      .map((c) => ({ ...c, signature: this.signatureOf(c) }));
    for (let i = 0; i < jobs.length; i += 1) {
      const job = jobs[i];
      if (!job || job.first_seen_batch_id !== batchId) continue;
      const decision = decideRepost(job, jobs.slice(0, i));
      const of = decision?.of.id ?? null;
      const root = decision ? (decision.of.repost_root ?? decision.of.id) : null;
      const confirmed = decision ? (decision.confirmed ? 1 : 0) : null;
      // Written only when the decision changed: repost_of sits in the list's five covering
      // indexes (a job's key is decided again when its card and again when its details are
      // stored, mostly unchanged).
      if (of !== job.repost_of || root !== job.repost_root || confirmed !== job.repost_confirmed)
        this.rows.setRepost(job.id, of, root, confirmed);
      job.repost_of = of;
      job.repost_root = root;
      job.repost_confirmed = confirmed;
      carryOver ??= this.carryOver();
      this.carry(job, decision, carryOver);
    }
  }

  /**
   * Triage carried over from the earlier job, once, to a job nobody has triaged; undone when the
   * job turns out not to be a repost (or to repost another job) and nobody has changed it since.
   */
  private carry(job: Candidate, decision: RepostDecision | null, carryOver: boolean): void {
    let state = job.state;
    let carried = job.repost_carried;
    if (carried !== null && state === carried) {
      state = 'new';
      carried = null;
    }
    if (decision && carryOver && state === 'new') {
      const root = decision.of.repost_root ?? decision.of.id;
      const applied = this.rows.appliedInChain(root);
      const next = carriedState(decision.of.state, applied);
      if (next !== null) {
        state = next;
        carried = next;
      }
    }
    if (state !== job.state || carried !== job.repost_carried) {
      this.rows.setState(job.id, state, carried);
      job.state = state;
      job.repost_carried = carried;
    }
  }

  /**
   * A stored signature, or one computed now from the stored description: of a job whose details
   * were stored before signatures were, or with a signature of an older format.
   */
  private signatureOf(job: Candidate): Buffer | null {
    if (isSignature(job.description_minhash)) return job.description_minhash;
    if (job.details_fetched_at === null) return null;
    const signature = descriptionSignature(this.rows.description(job.id));
    if (signature !== null) this.rows.saveSignature(job.id, signature);
    return signature;
  }
}
