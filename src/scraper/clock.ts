import { setTimeout as delay } from 'node:timers/promises';

/** Time and chance, injectable so tests of back-off and stalls run in milliseconds. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** A float in [0, 1), for jitter. */
  random(): number;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: async (ms, signal) => {
    if (ms <= 0) return;
    await delay(ms, undefined, signal ? { signal } : undefined);
  },
  random: () => Math.random(),
};
