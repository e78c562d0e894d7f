import { connectionOf, type ConnectionLike } from '../../db/connection';
import { FitProfiles } from '../../db/fit/fit-profiles';
import { FitScorerMark } from '../../db/fit/fit-scorer-mark';
import { FitState } from '../../db/fit/fit-state';
import { JobFitRows } from '../../db/fit/job-fit-rows';
import { FIT_SCORER_VERSION } from '../../fit';
import { FitSync } from '../../runner/fit-sync';

// The background rescoring (issue 40, docs/decisions/063): after a change that can change a score
// (fit_state's generation moved), every stored job is checked once, in id order, a chunk per
// write, and scored again where its scores are out of date. How far the pass got is written in
// the same write as the scores, so a restart goes on from there, and a change meanwhile starts the
// pass again. Between chunks the thread is handed back (setImmediate): the API's requests run
// between them, each waiting at most one chunk, and a chunk's size follows its cost so that one
// takes about SLICE_MS.

/** How long a chunk should take: the most a request waits for the rescoring. */
export const FIT_RESCORE_SLICE_MS = 8;
/** How often the registry looks for a change made elsewhere (the CLI's restore, a hand edit). */
export const FIT_RESCORE_LOOK_MS = 30_000;
const FIRST_CHUNK = 25;
const MAX_CHUNK = 2_000;

export interface FitRescoreLog {
  info(obj: object, msg?: string): void;
}

export interface FitRescoring {
  /**
   * One look: goes on with a pass a stopped server left or starts one after a change, and
   * resolves once none is due (a change during the pass starts it again). The server's
   * background registry runs it every FIT_RESCORE_LOOK_MS and when a change is stored; two runs
   * never overlap.
   */
  run(): Promise<void>;
  /** Stops after the chunk in hand; resolves once the run in flight has ended. */
  close(): Promise<void>;
}

export interface FitRescoringOptions {
  connection: ConnectionLike;
  now: () => number;
  log: FitRescoreLog;
  sliceMs?: number;
  /** The first chunk's size (then it follows the slice): tests make it small to stop mid-pass. */
  firstChunk?: number;
  /** The most jobs in a chunk. */
  maxChunk?: number;
  /** The scorer's version (src/fit's FIT_SCORER_VERSION): tests play a new release. */
  scorerVersion?: number;
}

type Step = 'more' | 'idle';

export function createFitRescoring(options: FitRescoringOptions): FitRescoring {
  const { now, log } = options;
  const connection = connectionOf(options.connection);
  // Their statements are prepared by the first run, once the server answers (decision 058).
  let parts:
    | {
        state: FitState;
        sync: FitSync;
        profiles: FitProfiles;
        fits: JobFitRows;
        scorer: FitScorerMark;
      }
    | undefined;
  const made = () =>
    (parts ??= {
      state: new FitState(connection),
      sync: new FitSync(connection),
      profiles: new FitProfiles(connection),
      fits: new JobFitRows(connection),
      scorer: new FitScorerMark(connection),
    });
  const scorerVersion = options.scorerVersion ?? FIT_SCORER_VERSION;
  const sliceMs = options.sliceMs ?? FIT_RESCORE_SLICE_MS;
  const maxChunk = options.maxChunk ?? MAX_CHUNK;
  let chunk = Math.min(options.firstChunk ?? FIRST_CHUNK, maxChunk);
  let running: Promise<void> | null = null;
  let closed = false;

  /** One chunk of the pass, in one write: its scores, and how far the pass got. */
  const step = (): Step => {
    const { state, sync, profiles, fits, scorer } = made();
    // Scores made by another release's scorer are out of date like an older profile's.
    if (scorer.follow(scorerVersion, now()))
      log.info({ scorer: scorerVersion }, 'fit scorer changed: every profile scores again');
    let pass = state.pass();
    if (pass.passGeneration !== pass.generation) {
      state.beginPass(now());
      // No profile and no score kept (a database that never had a profile): nothing to check.
      if (profiles.count() === 0 && !fits.any()) {
        state.finishPass();
        return 'more';
      }
      pass = state.pass();
      log.info({ generation: pass.generation }, 'fit rescoring started');
    }
    if (pass.startedAt === null) return 'idle';
    const ids = state.nextJobIds(pass.after, chunk);
    const last = ids.at(-1);
    if (last === undefined) {
      state.finishPass();
      log.info(
        { generation: pass.generation, checked: pass.done, ms: now() - pass.startedAt },
        'fit rescoring finished',
      );
      // A change made during the pass starts another: the loop looks once more.
      return 'more';
    }
    sync.sync(ids, now());
    state.advancePass(last, ids.length);
    return 'more';
  };

  /** Chunks until no pass is due, handing the thread back between them. */
  const loop = async (): Promise<void> => {
    // Not inside the caller's turn: a route that woke it answers first.
    await new Promise<void>((resolve) => setImmediate(resolve));
    let result: Step = 'more';
    while (!closed && result === 'more') {
      const started = performance.now();
      result = await connection.write(step);
      // The next chunk sized to take about a slice, by what this one took.
      const took = Math.max(performance.now() - started, 0.1);
      chunk = Math.max(1, Math.min(maxChunk, Math.round((chunk * sliceMs) / took)));
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };

  return {
    run() {
      if (closed) return Promise.resolve();
      // A failure rejects: the registry logs and records it, and its next look starts afresh.
      const run = loop().finally(() => {
        running = null;
      });
      running = run;
      return run;
    },
    async close() {
      closed = true;
      await running?.catch(() => undefined);
    },
  };
}
