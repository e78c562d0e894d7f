import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Radix measures its Switch with ResizeObserver, which jsdom lacks; in tests nothing
// needs the measurements, so a no-op observer is enough.
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};

// A screen's lazy parts are transformed on their first import; on a loaded two-core machine that
// alone has taken more than the library's default second. findBy* still fails when nothing comes.
configure({ asyncUtilTimeout: 5000 });

// A console.error in a component test is a React warning or an unhandled failure: fail loudly.
let consoleErrorSpy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  consoleErrorSpy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  consoleErrorSpy?.mockRestore();
});
