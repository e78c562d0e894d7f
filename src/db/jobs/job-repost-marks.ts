import type SQLite from 'better-sqlite3';
import { z } from 'zod';
import {
  APPLICATION_STAGES,
  JOB_GROUP_LOCATIONS_MAX,
  JOB_STATES,
  type JobGroup,
  type JobListItem,
  type JobRepost,
  type JobRepostChainEntry,
} from '../../contract';

// What reposts and same-role groups say about a page of jobs (docs/decisions/035): the earlier job
// each one reposts and its chain's first sighting, and the places of each one's group, read in
// two indexed queries for the whole page rather than per row.

const repostRowSchema = z.object({
  id: z.string(),
  of: z.string(),
  confirmed: z.number().nullable(),
  earlier_state: z.enum(JOB_STATES),
  root_first_seen_at: z.number(),
  applied_before: z.number(),
  pipeline_job: z.string().nullable(),
  pipeline_stage: z.enum(APPLICATION_STAGES).nullable(),
});
const groupRowSchema = z.object({ group_key: z.string(), location: z.string(), jobs: z.number() });
const memberSchema = z.object({ id: z.string(), group_key: z.string().nullable() });
const chainRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  location: z.string(),
  first_seen_at: z.number(),
  posted_at: z.string().nullable(),
  state: z.enum(JOB_STATES),
});
const rootSchema = z.object({ root: z.string() });

export class JobRepostMarks {
  private readonly s;

  constructor(sqlite: SQLite.Database) {
    this.s = {
      // The chain's members through the partial index on repost_root; the earlier job by its id.
      // The chain's job on the pipeline's board (issue 33), the latest to change stage, by the
      // applications' primary key.
      reposts: sqlite.prepare(
        `SELECT j.id, j.repost_of AS of, j.repost_confirmed AS confirmed, e.state AS earlier_state,
                r.first_seen_at AS root_first_seen_at,
                EXISTS (SELECT 1 FROM jobs c WHERE (c.id = j.repost_root OR c.repost_root = j.repost_root)
                          AND c.id <> j.id AND c.state = 'applied') AS applied_before,
                p.job_id AS pipeline_job, p.stage AS pipeline_stage
         FROM jobs j JOIN jobs e ON e.id = j.repost_of JOIN jobs r ON r.id = j.repost_root
         LEFT JOIN applications p ON p.job_id = (
           SELECT a.job_id FROM jobs c JOIN applications a ON a.job_id = c.id
           WHERE (c.id = j.repost_root OR c.repost_root = j.repost_root) AND c.id <> j.id
             AND a.left_at IS NULL
           ORDER BY a.stage_since DESC, a.job_id DESC LIMIT 1)
         WHERE j.id IN (SELECT value FROM json_each(?)) AND j.repost_of IS NOT NULL`,
      ),
      members: sqlite.prepare(
        `SELECT id, group_key FROM jobs WHERE id IN (SELECT value FROM json_each(?)) AND group_key IS NOT NULL`,
      ),
      // One row per place (the repost key is the role's key with the place's) with its jobs,
      // from the index jobs_role alone: a group's key is its role key, set on every member.
      places: sqlite.prepare(
        `SELECT role_key AS group_key, MIN(location) AS location, COUNT(*) AS jobs
         FROM jobs INDEXED BY jobs_role
         WHERE role_key IN (SELECT value FROM json_each(?))
         GROUP BY role_key, repost_key ORDER BY role_key, location`,
      ),
      root: sqlite.prepare(`SELECT COALESCE(repost_root, id) AS root FROM jobs WHERE id = ?`),
      chain: sqlite.prepare(
        `SELECT id, title, location, first_seen_at, posted_at, state FROM jobs
         WHERE id = @root OR repost_root = @root ORDER BY first_seen_at, id`,
      ),
    };
  }

  /** The items with the job each reposts and the group each belongs to. */
  fill<T extends JobListItem>(items: T[]): T[] {
    if (items.length === 0) return items;
    const ids = JSON.stringify(items.map((i) => String(i.id)));
    const reposts = new Map<string, JobRepost>();
    for (const raw of this.s.reposts.all(ids)) {
      const row = repostRowSchema.parse(raw);
      reposts.set(row.id, {
        of: Number(row.of),
        first_seen_at: new Date(row.root_first_seen_at).toISOString(),
        earlier_state: row.earlier_state,
        applied_before: row.applied_before === 1,
        confirmed: row.confirmed === 1,
        pipeline:
          row.pipeline_job === null || row.pipeline_stage === null
            ? null
            : { job_id: Number(row.pipeline_job), stage: row.pipeline_stage },
      });
    }
    const groupOf = new Map<string, string>();
    for (const raw of this.s.members.all(ids)) {
      const row = memberSchema.parse(raw);
      if (row.group_key !== null) groupOf.set(row.id, row.group_key);
    }
    const places = new Map<string, { locations: string[]; jobs: number }>();
    if (groupOf.size > 0) {
      for (const raw of this.s.places.all(JSON.stringify([...new Set(groupOf.values())]))) {
        const row = groupRowSchema.parse(raw);
        const group = places.get(row.group_key) ?? { locations: [], jobs: 0 };
        group.locations.push(row.location);
        group.jobs += row.jobs;
        places.set(row.group_key, group);
      }
    }
    return items.map((item) => {
      const key = groupOf.get(String(item.id));
      const group = key === undefined ? undefined : places.get(key);
      return {
        ...item,
        repost: reposts.get(String(item.id)) ?? null,
        group:
          key !== undefined && group !== undefined && group.locations.length > 1
            ? groupFor(key, group.locations, group.jobs, item.location)
            : null,
      };
    });
  }

  /** The job's repost chain, oldest first, itself included; [] when it is in none. */
  chain(id: number): JobRepostChainEntry[] {
    const root = rootSchema.safeParse(this.s.root.get(String(id)));
    if (!root.success) return [];
    const rows = this.s.chain.all({ root: root.data.root }).map((r) => chainRowSchema.parse(r));
    if (rows.length < 2) return [];
    return rows.map((row) => ({
      id: Number(row.id),
      title: row.title,
      location: row.location.trim() === '' ? null : row.location,
      first_seen_at: new Date(row.first_seen_at).toISOString(),
      posted_at: row.posted_at,
      state: row.state,
    }));
  }
}

/** The group of a job: its own place first, then the others alphabetically, as many as fit. */
function groupFor(
  key: string,
  locations: readonly string[],
  jobs: number,
  own: string | null,
): JobGroup {
  const others = locations.filter((l) => l !== own);
  const ordered = own !== null && others.length < locations.length ? [own, ...others] : locations;
  return {
    key,
    size: locations.length,
    jobs,
    locations: ordered.slice(0, JOB_GROUP_LOCATIONS_MAX),
  };
}
