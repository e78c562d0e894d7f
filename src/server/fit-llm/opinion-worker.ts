import { addDays, dayInZone, dayStartInZone } from '../../contract/calendar-days';
import type { FitLlmStoredSettings } from '../../contract/fit-llm';
import { connectionOf, type ConnectionLike } from '../../db/connection';
import { FitProfiles } from '../../db/fit/fit-profiles';
import {
  OpinionQueue,
  OpinionUsage,
  SecondOpinions,
  type ClaimedOpinion,
} from '../../db/fit/second-opinions';
import { readFitLlmSettingsSync } from '../../db/settings';
import type { BatchFinished } from '../../runner';
import { askChat, type ChatOutcome, type ResponseFormat } from './chat-client';
import { foldedJobText, MalformedAnswer, parseOpinion } from './opinion-answer';
import { opinionMessages, type ChatMessage } from './prompt';

// The second opinion's queue worker (issue 40, docs/decisions/067). A completed batch queues its
// top N new jobs by local fit in the write that ends it (a savepoint: a failure there never fails
// the batch); this worker sends them one at a time, off the batch's path. An item is claimed with
// a lease, so a killed process's item is taken again once its lease runs out, and a closing
// server gives its item in flight back at once. A failure is tried again after a growing wait
// (or the server's Retry-After, whichever is longer) up to FIT_LLM_ATTEMPTS times; the day's
// token budget spent, nothing is sent until the next day in the server's time zone.

/** Waits after the 1st, 2nd… failed attempt; after the last the item is given up. */
export const FIT_LLM_RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 3 * 3_600_000];
/** How often the worker looks besides being woken (settings changed elsewhere, a lease ran out). */
export const FIT_LLM_LOOK_MS = 60_000;
/** A token is about 4 characters of English: the estimate when an answer leaves usage out. */
const CHARS_PER_TOKEN = 4;

export interface OpinionLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface SecondOpinionWorkerOptions {
  connection: ConnectionLike;
  now: () => number;
  log: OpinionLog;
  timeZone: string;
  retryDelaysMs?: readonly number[];
  /** Overrides the settings' timeout (tests). */
  timeoutMs?: number;
  lookMs?: number;
}

export interface SecondOpinionWorker {
  /** The runner's hook, inside the write that ends a batch: queues its top N new jobs. */
  onBatchFinished(finished: BatchFinished): void;
  /** Sends what is due (left by an earlier process too), then looks every lookMs. */
  start(): void;
  /** Settings changed or items were queued: look now. */
  wake(): void;
  /** Resolves once nothing due is left to send now (tests). */
  idle(): Promise<void>;
  /** Stops; the item in flight is cut and given back, to be sent after a restart. */
  close(): Promise<void>;
}

/** Whether the settings send anything: an endpoint, a model, and N above 0. */
export function secondOpinionActive(settings: FitLlmStoredSettings): boolean {
  return settings.base_url !== null && settings.model !== '' && settings.top_n > 0;
}

type Step = { kind: 'more' } | { kind: 'wait'; until?: number };

export function createSecondOpinionWorker(
  options: SecondOpinionWorkerOptions,
): SecondOpinionWorker {
  const { now, log, timeZone } = options;
  const connection = connectionOf(options.connection);
  // Their statements are prepared by the first look or batch, once the server answers
  // (docs/decisions/058), not with the server.
  let tables:
    | { queue: OpinionQueue; opinions: SecondOpinions; usage: OpinionUsage; profiles: FitProfiles }
    | undefined;
  const made = () =>
    (tables ??= {
      queue: new OpinionQueue(connection),
      opinions: new SecondOpinions(connection),
      usage: new OpinionUsage(connection),
      profiles: new FitProfiles(connection),
    });
  const delays = options.retryDelaysMs ?? FIT_LLM_RETRY_DELAYS_MS;
  const lookMs = options.lookMs ?? FIT_LLM_LOOK_MS;
  const abort = new AbortController();
  /** Endpoints (base URL and model) that refused json_schema: asked for json_object since. */
  const schemaRefused = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let started = false;
  let closed = false;

  /** Tries again later, or gives up after the last attempt. */
  const failed = (item: ClaimedOpinion, error: string, retryAfter?: number): void => {
    const { queue } = made();
    const attempt = item.attempts + 1;
    const delay = delays[attempt - 1];
    if (delay === undefined) {
      queue.fail(item.id, error, now());
      log.warn({ jobId: item.job_id, attempt, error }, 'second opinion failed, giving up');
      return;
    }
    queue.retry(item.id, now() + Math.max(delay, retryAfter ?? 0), error);
    log.warn({ jobId: item.job_id, attempt, error }, 'second opinion failed, will retry');
  };

  /** The chat, asked for json_schema unless this endpoint refused it, then json_object. */
  const ask = async (
    settings: FitLlmStoredSettings & { base_url: string },
    messages: ChatMessage[],
  ): Promise<ChatOutcome> => {
    const endpoint = `${settings.base_url} ${settings.model}`;
    const send = (format: ResponseFormat) =>
      askChat({
        baseUrl: settings.base_url,
        model: settings.model,
        apiKey: settings.api_key,
        messages,
        format,
        timeoutMs: options.timeoutMs ?? settings.timeout_seconds * 1000,
        signal: abort.signal,
        now,
      });
    let outcome = await send(schemaRefused.has(endpoint) ? 'json_object' : 'json_schema');
    if (outcome.kind === 'format-refused') {
      schemaRefused.add(endpoint);
      log.info({ status: outcome.status }, 'the endpoint refused json_schema: using json_object');
      outcome = await send('json_object');
    }
    return outcome;
  };

  /** What the answer says, kept with its tokens; a malformed one is a failed attempt. */
  const record = (
    item: ClaimedOpinion,
    settings: FitLlmStoredSettings,
    outcome: Extract<ChatOutcome, { kind: 'answer' }>,
    messages: ChatMessage[],
    folded: string,
  ): void => {
    const { queue, opinions, usage } = made();
    const estimated = outcome.totalTokens === undefined;
    const chars = messages.reduce((sum, m) => sum + m.content.length, outcome.content.length);
    const tokens = outcome.totalTokens ?? Math.ceil(chars / CHARS_PER_TOKEN);
    usage.add(dayInZone(now(), timeZone), tokens, estimated);
    let opinion;
    try {
      opinion = parseOpinion(outcome.content, folded);
    } catch (error) {
      if (!(error instanceof MalformedAnswer)) throw error;
      failed(item, error.message);
      return;
    }
    opinions.save({
      jobId: item.job_id,
      profileId: item.profile_id,
      profileVersion: item.profile_version,
      ...opinion,
      model: settings.model,
      tokens,
      at: now(),
    });
    queue.markDone(item.id, now());
    log.info(
      { jobId: item.job_id, score: opinion.score, droppedQuotes: opinion.droppedQuotes, tokens },
      'second opinion kept',
    );
  };

  /** One item: claimed, sent, and its outcome written. */
  const step = async (): Promise<Step> => {
    const { queue, opinions, usage, profiles } = made();
    const settings = readFitLlmSettingsSync(connection);
    const baseUrl = settings.base_url;
    if (baseUrl === null || !secondOpinionActive(settings)) return { kind: 'wait' };
    const today = dayInZone(now(), timeZone);
    if (usage.tokensOn(today) >= settings.daily_token_budget) {
      return { kind: 'wait', until: dayStartInZone(addDays(today, 1), timeZone) };
    }
    const leaseMs = (options.timeoutMs ?? settings.timeout_seconds * 1000) * 2 + 60_000;
    const item = await connection.write(() => queue.claim(now(), now() + leaseMs));
    if (item === undefined) return { kind: 'wait', until: queue.nextDueAt() };
    const profile = profiles.find(item.profile_id);
    const job = opinions.jobText(item.job_id);
    if (profile === undefined || profile.version !== item.profile_version || job === undefined) {
      // Its profile changed or went since it was queued: nothing left to ask.
      await connection.write(() => queue.drop(item.id));
      return { kind: 'more' };
    }
    const messages = opinionMessages(profile, job);
    const outcome = await ask({ ...settings, base_url: baseUrl }, messages);
    const folded = foldedJobText(job.title, job.description);
    await connection.write(() => {
      if (outcome.kind === 'aborted') queue.postpone(item.id, now());
      else if (outcome.kind === 'answer') record(item, settings, outcome, messages, folded);
      else if (outcome.kind === 'failed') failed(item, outcome.error, outcome.retryAfterMs);
      else failed(item, `HTTP ${outcome.status}`);
    });
    return { kind: 'more' };
  };

  const schedule = (until: number | undefined): void => {
    clearTimeout(timer);
    if (closed || !started) return;
    const wait = until === undefined ? lookMs : Math.min(lookMs, Math.max(0, until - now()));
    timer = setTimeout(look, wait);
    timer.unref();
  };

  const loop = async (): Promise<void> => {
    // Not inside the caller's turn: the batch's write or a route answers first.
    await new Promise<void>((resolve) => setImmediate(resolve));
    let result: Step = { kind: 'more' };
    do {
      again = false;
      result = { kind: 'more' };
      while (!closed && result.kind === 'more') result = await step();
    } while (again && !closed);
    schedule(result.kind === 'wait' ? result.until : undefined);
  };

  function look(): void {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = loop()
      .catch((error: unknown) => {
        log.error({ err: error }, 'second opinion worker failed');
        schedule(undefined);
      })
      .finally(() => {
        running = null;
      });
  }

  return {
    onBatchFinished(finished) {
      if (finished.status !== 'completed' || closed) return;
      let queued = 0;
      try {
        const settings = readFitLlmSettingsSync(connection);
        if (!secondOpinionActive(settings)) return;
        // A savepoint inside the runner's write: a failure undoes the queueing only.
        queued = connection.savepoint(() =>
          made().queue.enqueueTopOfBatch(finished.batchId, settings.top_n, finished.now),
        );
      } catch (error) {
        log.error({ err: error, batchId: finished.batchId }, 'could not queue second opinions');
        return;
      }
      if (queued > 0) {
        log.info({ batchId: finished.batchId, queued }, 'jobs queued for a second opinion');
        // After the runner's transaction commits (this runs inside it); a worker not started yet
        // finds them when it starts.
        setImmediate(() => {
          if (started) look();
        });
      }
    },
    start() {
      if (started || closed) return;
      started = true;
      look();
    },
    wake: () => {
      if (started) look();
    },
    async idle() {
      while (running) await running;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      abort.abort();
      await running;
    },
  };
}
