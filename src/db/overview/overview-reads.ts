import type SQLite from 'better-sqlite3';
import { sqliteOf, type ConnectionLike } from '../connection';
import type {
  OverviewHeadlines,
  OverviewMarket,
  OverviewNewJobs,
  OverviewSearches,
  OverviewTriage,
} from '../../contract/overview';
import { headlines } from './headlines';
import { market } from './market';
import { newJobs } from './new-jobs';
import { OverviewStatements } from './overview-statements';
import { backfillsPerDay, resolveSpan, type OverviewAsk } from './overview-span';
import { searches } from './searches';
import { triage } from './triage';

export type { OverviewAsk } from './overview-span';

/**
 * The Overview's answers (issue 32, docs/decisions/055), read from the facets the triggers of
 * src/db/jobs/day-facets.ts keep, with the few rows of queries, runs and companies they name.
 * Reads only. Each answer is read in one transaction, so its parts agree while a batch writes.
 */
export class OverviewReads {
  private readonly statements: OverviewStatements;

  private readonly sqlite: SQLite.Database;

  constructor(connection: ConnectionLike) {
    const sqlite = sqliteOf(connection);
    this.sqlite = sqlite;
    this.statements = new OverviewStatements(sqlite);
  }

  /** False for an id no saved query has (an archived one still has it). */
  queryExists(id: number): boolean {
    return this.statements.queryExists(id);
  }

  newJobs(ask: OverviewAsk): OverviewNewJobs {
    return this.read(ask, newJobs);
  }

  searches(ask: OverviewAsk): OverviewSearches {
    return this.read(ask, searches);
  }

  market(ask: OverviewAsk): OverviewMarket {
    return this.read(ask, market);
  }

  triage(ask: OverviewAsk): OverviewTriage {
    return this.read(ask, triage);
  }

  headlines(ask: OverviewAsk): OverviewHeadlines {
    return this.read(ask, headlines);
  }

  /** Per day of `days`, how many saved queries (every one) stored their first jobs that day. */
  backfills(days: readonly string[]): number[] {
    return backfillsPerDay(days, this.statements.backfillDays(null));
  }

  private read<T>(
    ask: OverviewAsk,
    answer: (
      statements: OverviewStatements,
      span: ReturnType<typeof resolveSpan>,
      ask: OverviewAsk,
    ) => T,
  ): T {
    return this.sqlite.transaction(() =>
      answer(this.statements, resolveSpan(this.statements, ask), ask),
    )();
  }
}
