import { BatchStore } from './batch-store';
import { createCompanyIdCache } from './company-ids';
import { BatchQueue } from './queue';
import type { BatchRunner, BatchRunnerOptions } from './runner-types';
import { SearchHistory } from './search-history';

export {
  CANCELLED_BY_OPERATOR,
  everyRunFailedMessage,
  NO_ACTIVE_QUERIES,
  type BatchFinished,
  type BatchRunner,
  type BatchRunnerOptions,
  type JobClosed,
  type RecheckOutcome,
  type RunnerLog,
  type RunnerObserver,
  type RunnerSite,
} from './runner-types';
export { SiteTally } from './site-tally';

/**
 * The batch runner: a queue (queue.ts) that drives one batch at a time through its steps
 * (batch-drive.ts: search → card rules → store → details → rules → reposts → notify).
 */
export function createBatchRunner(options: BatchRunnerOptions): BatchRunner {
  // Made by the first batch claimed or resumed, not with the server: preparing their statements
  // was part of the server's start (docs/decisions/058).
  let store: BatchStore | undefined;
  let history: SearchHistory | undefined;
  return new BatchQueue({
    get store() {
      return (store ??= new BatchStore(options.connection));
    },
    get history() {
      return (history ??= new SearchHistory(options.connection, options.incremental ?? true));
    },
    companies: createCompanyIdCache(options.connection, options.site),
    site: options.site,
    now: options.now,
    log: options.log,
    observer: options.observer,
    siteTally: options.siteTally,
    options,
  });
}
