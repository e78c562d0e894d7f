import type { Clock } from './clock';

/**
 * A budget for requests to the site. `run` holds a slot for a whole operation (its retries
 * included); `beforeRequest`/`afterRequest` space the individual requests inside it.
 */
export interface Lane {
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  beforeRequest(signal?: AbortSignal): Promise<void>;
  afterRequest(): void;
}

/** At most `slots` tasks at once; the rest wait in order. */
class Slots {
  private free: number;
  private readonly waiting: Array<() => void> = [];

  constructor(slots: number) {
    this.free = slots;
  }

  async acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.free > 0) {
      this.free -= 1;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const grant = (): void => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = (): void => {
        const index = this.waiting.indexOf(grant);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal?.reason);
      };
      this.waiting.push(grant);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}

export interface SerialLaneOptions {
  minIntervalMs: number;
  /** Up to this fraction of minIntervalMs is added at random to each gap (0.5 = up to 50%). */
  jitterRatio: number;
  clock: Clock;
}

/**
 * One request at a time, each starting at least minIntervalMs (plus jitter) after the
 * previous one ended. Measured from the end rather than the start so the guarantee holds
 * where it counts, at the site: network delay can bring two request starts closer on
 * arrival, but a request sent only after the previous answer came back cannot arrive
 * within the interval of it. Paging N results thus takes N/10 × (interval + request time).
 */
export function createSerialLane(options: SerialLaneOptions): Lane {
  const slots = new Slots(1);
  let lastEnd: number | null = null;
  return {
    async run(task, signal) {
      await slots.acquire(signal);
      try {
        return await task();
      } finally {
        slots.release();
      }
    },
    async beforeRequest(signal) {
      if (lastEnd === null || options.minIntervalMs <= 0) return;
      const gap = options.minIntervalMs * (1 + options.jitterRatio * options.clock.random());
      const wait = lastEnd + gap - options.clock.now();
      if (wait > 0) await options.clock.sleep(wait, signal);
    },
    afterRequest() {
      lastEnd = options.clock.now();
    },
  };
}

export interface PoolLaneOptions {
  maxConcurrent: number;
  /** Least time between the starts of two requests. */
  minIntervalMs: number;
  clock: Clock;
}

/** A few requests at once with their starts spaced: the typeahead's own small budget. */
export function createPoolLane(options: PoolLaneOptions): Lane {
  const slots = new Slots(Math.max(1, options.maxConcurrent));
  let nextStart = 0;
  return {
    async run(task, signal) {
      await slots.acquire(signal);
      try {
        return await task();
      } finally {
        slots.release();
      }
    },
    async beforeRequest(signal) {
      const now = options.clock.now();
      const at = Math.max(now, nextStart);
      nextStart = at + options.minIntervalMs;
      if (at > now) await options.clock.sleep(at - now, signal);
    },
    afterRequest() {},
  };
}
