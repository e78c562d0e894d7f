import { test as base, expect, type Page } from '@playwright/test';
import { startSimulator, type Simulator } from '../simulator';
import { batchListSchema } from '../src/contract/batches';
import { jobListSchema, type JobListItem } from '../src/contract/jobs';
import { locationSuggestionListSchema } from '../src/contract/locations';
import {
  startServerProcess,
  TEST_SERVER_PASSWORD,
  type ServerProcess,
} from '../test/server-process';

export const E2E_PASSWORD = TEST_SERVER_PASSWORD;
export type RunningServer = ServerProcess;

/** Starts the built server on a free port with a fresh data folder. */
export function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return startServerProcess({ env });
}

/** An API call with the bearer token; its JSON answer, or an error naming the call and status. */
export async function apiJson(
  server: RunningServer,
  token: string,
  path: string,
  init: RequestInit = {},
): Promise<unknown> {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    ...init,
    // A JSON content type with no body is refused (400), so only a call with a body says JSON.
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      authorization: `Bearer ${token}`,
    },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}`);
  return res.json();
}

/** Active standard queries in the simulator's Berlin, created through the API. */
export async function createBerlinQueries(
  server: RunningServer,
  token: string,
  titles: readonly string[],
): Promise<void> {
  const places = locationSuggestionListSchema.parse(
    await apiJson(server, token, '/locations/typeahead?query=Berlin'),
  );
  const berlin = places[0];
  if (!berlin) throw new Error('the simulator knows no Berlin');
  for (const title of titles) {
    await apiJson(server, token, '/queries', {
      method: 'POST',
      body: JSON.stringify({
        job_title: title,
        location_id: Number(berlin.id),
        status: 'active',
        is_ai: false,
      }),
    });
  }
}

/** Starts a batch through the API and waits until it has completed. */
export async function runBatch(server: RunningServer, token: string): Promise<void> {
  const before = batchListSchema.parse(await apiJson(server, token, '/batches')).length;
  await apiJson(server, token, '/batches', { method: 'POST' });
  await expect
    .poll(
      async () => {
        const batches = batchListSchema.parse(await apiJson(server, token, '/batches'));
        return batches.length > before ? batches[0]?.status : 'not started';
      },
      { timeout: 60_000 },
    )
    .toBe('completed');
}

/** Every stored job in these states (a comma list), one item per job: no groups. */
export async function storedJobs(
  server: RunningServer,
  token: string,
  state = 'new,seen,saved,applied,hidden',
): Promise<JobListItem[]> {
  const jobs: JobListItem[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ state, grouped: 'false', limit: '100' });
    if (cursor) query.set('cursor', cursor);
    const page = jobListSchema.parse(await apiJson(server, token, `/jobs?${query.toString()}`));
    jobs.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  return jobs;
}

/**
 * Signs in through the page the way an operator does, and waits until the session is stored and
 * the sign-in form has gone: a test that moves on at once (a `page.goto`, say) would otherwise
 * race the login call and land signed out.
 */
export async function signIn(page: Page): Promise<void> {
  await submitPassword(page, E2E_PASSWORD);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeHidden();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('auth_token')), {
      message: 'the session token is stored',
    })
    .toBeTruthy();
}

/** Types a password and presses Sign in, waiting for nothing: for the attempts meant to fail. */
export async function submitPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * `simulator`: the simulated LinkedIn, in the test's worker. `server`: the real server, pointed at
 * that simulator, on a fresh data folder. Each test gets its own pair.
 */
export const test = base.extend<{ simulator: Simulator; server: RunningServer }>({
  // Playwright reads a fixture's dependencies from this destructuring: it must be written, empty.
  // eslint-disable-next-line no-empty-pattern
  simulator: async ({}, use) => {
    const simulator = await startSimulator();
    await use(simulator);
    await simulator.close();
  },
  server: async ({ simulator }, use) => {
    const server = await startServer({ LINKEDIN_BASE_URL: simulator.url });
    await use(server);
    await server.stop();
  },
});

export { expect };
