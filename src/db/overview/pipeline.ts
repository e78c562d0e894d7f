import type SQLite from 'better-sqlite3';
import { sqliteOf, type ConnectionLike } from '../connection';
import { z } from 'zod';
import { addDays, dayInZone, dayStartInZone } from '../../contract/calendar-days';
import {
  APPLICATION_STAGES,
  FUNNEL_STAGES,
  type ApplicationStage,
  type OverviewPipeline,
} from '../../contract/pipeline';
import { FUNNEL_RANK } from './funnel-stages';
import type { OverviewAsk } from './overview-span';

// The Overview's pipeline figures (issue 33): the funnel of applications, how long they stay in
// a stage, and how many sit in each stage now. Reads only (the tables' home is src/db/pipeline/).
// With a few thousand applications their whole history is a few thousand rows: it is read in one
// statement and counted here, which keeps the rules of a stay (merged repeats, edited dates) in
// one readable place rather than in window functions.

const DAY_MS = 86_400_000;

const eventRowSchema = z.object({
  job_id: z.string(),
  stage: z.enum(APPLICATION_STAGES),
  at: z.number(),
});
const nowRowSchema = z.object({ stage: z.enum(APPLICATION_STAGES), n: z.number() });
type EventRow = z.infer<typeof eventRowSchema>;

const OF_QUERY = '(@query IS NULL OR j.first_query_id = @query)';

/** The first instant the range counts (null: every day), as the Overview's other calls count. */
export function pipelineRangeStart(ask: OverviewAsk): number | null {
  if (ask.range === 'all') return null;
  const today = dayInZone(ask.now, ask.timeZone);
  return dayStartInZone(addDays(today, 1 - Number(ask.range)), ask.timeZone);
}

/** The median of some durations (ms), in days with one decimal; null without any. */
export function medianDays(durations: number[]): number | null {
  if (durations.length === 0) return null;
  const sorted = [...durations].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] ?? 0)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return Math.round((median / DAY_MS) * 10) / 10;
}

/** One application's history, oldest first, cut into stays: repeats of a stage merged. */
function staysOf(
  events: readonly EventRow[],
): { stage: ApplicationStage; ms: number; end: number }[] {
  const starts: EventRow[] = [];
  for (const event of events) if (starts.at(-1)?.stage !== event.stage) starts.push(event);
  const stays = [];
  for (let i = 0; i + 1 < starts.length; i += 1) {
    const start = starts[i];
    const next = starts[i + 1];
    if (start && next) stays.push({ stage: start.stage, ms: next.at - start.at, end: next.at });
  }
  return stays;
}

/** Funnel and stays, counted over every application's history (grouped by job, oldest first). */
function countHistory(rows: readonly EventRow[], from: number | null) {
  const reached = new Map<string, number>(FUNNEL_STAGES.map((stage) => [stage, 0]));
  const durations = new Map<ApplicationStage, number[]>(APPLICATION_STAGES.map((s) => [s, []]));
  const inRange = (at: number) => from === null || at >= from;
  const countOne = (events: EventRow[]) => {
    const funnelEvents = events.filter((e) => FUNNEL_RANK[e.stage] !== undefined);
    if (funnelEvents.length > 0 && inRange(Math.min(...funnelEvents.map((e) => e.at)))) {
      const furthest = Math.max(...funnelEvents.map((e) => FUNNEL_RANK[e.stage] ?? 0));
      for (const stage of FUNNEL_STAGES)
        if (furthest >= (FUNNEL_RANK[stage] ?? Infinity))
          reached.set(stage, (reached.get(stage) ?? 0) + 1);
    }
    for (const stay of staysOf(events))
      if (inRange(stay.end)) durations.get(stay.stage)?.push(stay.ms);
  };
  let current: EventRow[] = [];
  for (const row of rows) {
    if (current.length > 0 && current[0]?.job_id !== row.job_id) {
      countOne(current);
      current = [];
    }
    current.push(row);
  }
  if (current.length > 0) countOne(current);
  return { reached, durations };
}

/**
 * `GET /overview/pipeline`'s answer. The funnel takes the applications whose first entry into
 * Applied or a later stage falls in the range, and counts how far each went (whatever happened
 * after the range's start, as the triage funnel counts states); a stay counts when it ended in
 * the range. Both read the whole history, applications taken off the board included (their
 * history is kept); `now` counts the board, so only those on it.
 */
export class PipelineOverviewReads {
  private readonly events;
  private readonly now;

  private readonly sqlite: SQLite.Database;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
    this.sqlite = sqlite;
    this.events = sqlite.prepare(`SELECT e.job_id, e.stage, e.at FROM application_events e
      JOIN jobs j ON j.id = e.job_id WHERE ${OF_QUERY} ORDER BY e.job_id, e.at, e.id`);
    this.now = sqlite.prepare(`SELECT a.stage, COUNT(*) AS n FROM applications a
      JOIN jobs j ON j.id = a.job_id WHERE a.left_at IS NULL AND ${OF_QUERY} GROUP BY a.stage`);
  }

  overview(ask: OverviewAsk): OverviewPipeline {
    const query = ask.query ?? null;
    const from = pipelineRangeStart(ask);
    return this.sqlite.transaction(() => {
      const rows = z.array(eventRowSchema).parse(this.events.all({ query }));
      const { reached, durations } = countHistory(rows, from);
      const counts = new Map(
        z
          .array(nowRowSchema)
          .parse(this.now.all({ query }))
          .map((r) => [r.stage, r.n]),
      );
      return {
        funnel: FUNNEL_STAGES.map((stage) => ({ stage, reached: reached.get(stage) ?? 0 })),
        time_in_stage: APPLICATION_STAGES.map((stage) => {
          const stays = durations.get(stage) ?? [];
          return { stage, median_days: medianDays(stays), stays: stays.length };
        }),
        now: APPLICATION_STAGES.map((stage) => ({
          stage,
          applications: counts.get(stage) ?? 0,
        })),
      };
    })();
  }
}
