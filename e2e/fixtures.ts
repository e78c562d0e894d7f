import { test as base, expect, type Page } from '@playwright/test';
import { startSimulator, type Simulator } from '../simulator';
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

/** Signs in through the page the way an operator does. */
export async function signIn(page: Page, password = E2E_PASSWORD): Promise<void> {
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
