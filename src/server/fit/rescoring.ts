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
/** How often the worker looks for a change made elsewhere (the CLI's restore, a hand edit). */
export const FIT_RESCORE_LOOK_MS = 30_000;
const FIRST_CHUNK = 25;
const MAX_CHUNK = 2_000;

export interface FitRescoreLog {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface FitRescoring {
  /** Looks now (a pass left by a stopped server goes on), then every lookMs. */
  start(): void;
  /** A change was stored: look now rather than at the next look. */
  wake(): void;
  /** Resolves once no pass is due or running (tests, benches). */
  idle(): Promise<void>;
  /** Stops after the chunk in hand. */
  close(): Promise<void>;
}

export interface FitRescoringOptions {
  connection: ConnectionLike;
  now: () => number;
  log: FitRescoreLog;
  lookMs?: number;
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
  const state = new FitState(connection);
  const sync = new FitSync(connection);
  const profiles = new FitProfiles(connection);
  const fits = new JobFitRows(connection);
  const scorer = new FitScorerMark(connection);
  const scorerVersion = options.scorerVersion ?? FIT_SCORER_VERSION;
  const sliceMs = options.sliceMs ?? FIT_RESCORE_SLICE_MS;
  const maxChunk = options.maxChunk ?? MAX_CHUNK;
  let chunk = Math.min(options.firstChunk ?? FIRST_CHUNK, maxChunk);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  /** One chunk of the pass, in one write: its scores, and how far the pass got. */
  const step = (): Step => {
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

  /** Chunks until the pass is done, handing the thread back between them. */
  const loop = async (): Promise<void> => {
    // Not inside the caller's turn: a route that woke it answers first.
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (;;) {
      again = false;
      let result: Step = 'more';
      while (!closed && result === 'more') {
        const started = performance.now();
        result = await connection.write(step);
        // The next chunk sized to take about a slice, by what this one took.
        const took = Math.max(performance.now() - started, 0.1);
        chunk = Math.max(1, Math.min(maxChunk, Math.round((chunk * sliceMs) / took)));
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      if (closed || !again) return;
    }
  };

  const look = (): void => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = loop()
      .catch((error: unknown) => log.error({ err: error }, 'fit rescoring failed'))
      .finally(() => {
        running = null;
      });
  };

  return {
    start() {
      if (timer || closed) return;
      timer = setInterval(look, options.lookMs ?? FIT_RESCORE_LOOK_MS);
      timer.unref();
      look();
    },
    wake: look,
    async idle() {
      while (running) await running;
    },
    async close() {
      closed = true;
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
