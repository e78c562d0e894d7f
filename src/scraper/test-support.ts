import { startSimulator, type Simulator, type SimulatorOptions } from '../../simulator';
import { createSiteClient, type SiteClient, type SiteClientOptions } from './site-client';
import type { SearchPage } from './types';

/** A clock whose sleeps return at once and move time on, so back-off tests take milliseconds. */
export function fakeClock(start = Date.now()) {
  let now = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += Math.max(0, ms);
    },
    random: () => 0,
    elapsed: () => now - start,
  };
}

export interface Harness {
  sim: Simulator;
  client: SiteClient;
  close(): Promise<void>;
}

/** The in-process simulator and a client pointed at it; never the real site. */
export async function harness(
  clientOptions: Partial<SiteClientOptions> = {},
  simOptions: SimulatorOptions = {},
): Promise<Harness> {
  const sim = await startSimulator(simOptions);
  const client = createSiteClient({
    baseUrl: sim.url,
    siteName: 'LinkedIn',
    minIntervalMs: 0,
    ...clientOptions,
  });
  return {
    sim,
    client,
    close: async () => {
      await client.close();
      await sim.close();
    },
  };
}

export async function collect(pages: AsyncIterable<SearchPage>): Promise<SearchPage[]> {
  const out: SearchPage[] = [];
  for await (const page of pages) out.push(page);
  return out;
}

/** The error a promise rejects with (fails the test when it resolves). */
export async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

/** The value, or a failed test when it is missing (instead of a non-null assertion). */
export function must<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`expected a ${what}`);
  return value;
}
