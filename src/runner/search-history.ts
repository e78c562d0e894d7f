import type { ConnectionLike } from '../db/connection';
import { SearchHistoryStore } from '../db/searches/search-history';
import { planSearch, type SearchPlan } from './search-plan';

// How the runner plans incremental runs (issue 10), beside BatchStore so that file stays as it
// was. The statements (which query run may anchor the next one, and what a run was planned to
// send) live in src/db/searches/search-history.ts.

export class SearchHistory {
  private readonly store;

  constructor(
    connection: ConnectionLike,
    private readonly incremental = true,
  ) {
    this.store = new SearchHistoryStore(connection);
  }

  /** How query `queryId` should be searched now (a standard query that exists). */
  plan(queryId: number, now: number): SearchPlan {
    const query = this.store.query(queryId);
    const previous = this.incremental ? this.store.previous(queryId) : undefined;
    return planSearch(query, previous, now);
  }

  record(runId: number, plan: SearchPlan): void {
    this.store.record(runId, plan);
  }

  /** The parameters a run was planned with; none for AI runs and runs older than migration 0004. */
  params(runId: number): Record<string, string> {
    return this.store.params(runId);
  }
}
