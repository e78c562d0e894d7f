import type SQLite from 'better-sqlite3';
import { z } from 'zod';
import { sqliteOf, type ConnectionLike } from '../connection';

// Where the stored scores stand (issue 40, docs/decisions/063). `generation` moves on with every
// change that can change a score: a profile made, changed (its version) or deleted, another made
// the default, a query given another profile (migration 0023's triggers, whoever writes them);
// the alias list's change moves every profile's version. The background rescoring walks every
// job once per generation, by id, and records how far it got in the same write as the scores:
// a restart goes on from there, and a change meanwhile starts the walk again.

const stateSchema = z.object({
  generation: z.number(),
  pass_generation: z.number(),
  pass_after: z.string().nullable(),
  pass_done: z.number(),
  pass_started_at: z.number().nullable(),
});

/** The rescoring's pass: the generation it checks against, how far it got, since when. */
export interface FitPass {
  /** The generation now. */
  generation: number;
  /** The generation the pass in progress (or the last one) checks the jobs against. */
  passGeneration: number;
  /** The id of the last job the pass checked; null before its first. */
  after: string | null;
  /** Jobs the pass checked. */
  done: number;
  /** When the pass started; null once it finished. */
  startedAt: number | null;
}

const generationSchema = z.object({ generation: z.number() });
const idSchema = z.object({ id: z.string() });
const countSchema = z.object({ n: z.number() });

function prepare(sqlite: SQLite.Database) {
  const p = (text: string) => sqlite.prepare(text);
  return {
    generation: p('SELECT generation FROM fit_state WHERE id = 1'),
    state: p('SELECT * FROM fit_state WHERE id = 1'),
    begin: p(
      `UPDATE fit_state SET pass_generation = generation, pass_after = NULL, pass_done = 0,
         pass_started_at = ? WHERE id = 1`,
    ),
    advance: p(
      'UPDATE fit_state SET pass_after = @after, pass_done = pass_done + @checked WHERE id = 1',
    ),
    finish: p('UPDATE fit_state SET pass_started_at = NULL WHERE id = 1'),
    // By the primary key's index: the ids only, in the order the pass walks them.
    nextIds: p('SELECT id FROM jobs WHERE id > ? ORDER BY id LIMIT ?'),
    firstIds: p('SELECT id FROM jobs ORDER BY id LIMIT ?'),
    jobsCount: p('SELECT COUNT(*) AS n FROM jobs'),
  };
}

export class FitState {
  private readonly s;

  constructor(connection: ConnectionLike) {
    this.s = prepare(sqliteOf(connection));
  }

  /** The generation now: one read of one row, asked before every store. */
  generation(): number {
    const raw: unknown = this.s.generation.get();
    // Without the row (deleted by hand) NaN equals nothing: every call reloads the profiles.
    return raw === undefined ? Number.NaN : generationSchema.parse(raw).generation;
  }

  pass(): FitPass {
    const row = stateSchema.parse(this.s.state.get());
    return {
      generation: row.generation,
      passGeneration: row.pass_generation,
      after: row.pass_after,
      done: row.pass_done,
      startedAt: row.pass_started_at,
    };
  }

  /** A new pass from the first job, against the generation now; part of a write. */
  beginPass(now: number): void {
    this.s.begin.run(now);
  }

  /** The pass checked jobs up to `after`, `checked` of them; part of the write of their scores. */
  advancePass(after: string, checked: number): void {
    this.s.advance.run({ after, checked });
  }

  /** The pass checked every job; part of a write. */
  finishPass(): void {
    this.s.finish.run();
  }

  /** The ids of the next `limit` jobs after `after` (from the first when null), in id order. */
  nextJobIds(after: string | null, limit: number): string[] {
    const rows = after === null ? this.s.firstIds.all(limit) : this.s.nextIds.all(after, limit);
    return rows.map((raw) => idSchema.parse(raw).id);
  }

  /** Every stored job. */
  jobsCount(): number {
    return countSchema.parse(this.s.jobsCount.get()).n;
  }
}
