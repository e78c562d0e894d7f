import { afterEach, beforeEach, vi } from 'vitest';

// A console.error in a test means something went wrong that no assertion caught.
let consoleErrorSpy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  consoleErrorSpy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  consoleErrorSpy?.mockRestore();
});
