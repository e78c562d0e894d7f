import type { ConnectionLike } from '../../db/connection';
import { NoAnswerSweep } from '../../db/pipeline/no-answer';
import { parsePipelineSettings, prepareSettingStatements, SETTING_KEYS } from '../../db/settings';

// The No answer rule (issue 33, docs/decisions/056): swept by the server's background registry
// once it answers and every 10 minutes after, and when the setting changes. Each sweep is one
// write; a sweep that fails is logged and recorded, and the next one tries again.

export const NO_ANSWER_SWEEP_MS = 10 * 60_000;

export interface SweepLog {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface NoAnswerSweeper {
  /**
   * Moves the applications due by the clock now; answers how many (0 when the rule is off). Part
   * of a write (Connection.write): the registry's, or the settings route's.
   */
  sweep(): number;
  /** No sweep moves anything after this. */
  close(): void;
}

export function createNoAnswerSweeper(options: {
  connection: ConnectionLike;
  /** The clock the rule reads (tests move it by days). */
  now: () => number;
  log: SweepLog;
}): NoAnswerSweeper {
  const { now, log } = options;
  const settings = prepareSettingStatements(options.connection);
  const rule = new NoAnswerSweep(options.connection);
  let closed = false;

  const sweep = (): number => {
    const days = parsePipelineSettings(settings.read(SETTING_KEYS.pipeline)).no_answer_days;
    if (days === null || closed) return 0;
    const moved = rule.run(days, now());
    if (moved > 0) log.info({ moved, days }, 'applications moved to No answer');
    return moved;
  };

  return {
    sweep,
    close() {
      closed = true;
    },
  };
}
