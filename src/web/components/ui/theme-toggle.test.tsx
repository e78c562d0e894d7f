import fs from 'node:fs';
import path from 'node:path';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '../../lib/theme';
import { ThemeToggle } from './theme-toggle';

type Listener = (event: { matches: boolean }) => void;

/** A controllable `prefers-color-scheme: dark` (jsdom has no matchMedia). */
function fakeSystemPreference(initiallyDark: boolean) {
  const listeners = new Set<Listener>();
  const media = {
    matches: initiallyDark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: 'change', listener: Listener) => listeners.add(listener),
    removeEventListener: (_type: 'change', listener: Listener) => listeners.delete(listener),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => media),
  );
  return {
    set(dark: boolean) {
      media.matches = dark;
      for (const listener of listeners) listener({ matches: dark });
    },
  };
}

/** index.html's inline script, run as the browser runs it before the first paint. */
function runInlineScript() {
  const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
  const match = /<script>([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('index.html has no inline theme script');
  // Runs the page's own script text, exactly what the CSP hash allows.
  new Function(match[1])();
}

const html = document.documentElement;

beforeEach(() => {
  html.classList.remove('dark');
});
afterEach(() => {
  vi.unstubAllGlobals();
  html.classList.remove('dark');
});

describe('index.html theme script', () => {
  it('follows the system preference while nothing is stored', () => {
    fakeSystemPreference(true);
    runInlineScript();
    expect(html).toHaveClass('dark');

    fakeSystemPreference(false);
    runInlineScript();
    expect(html).not.toHaveClass('dark');
  });

  it('applies the stored choice over the system preference', () => {
    fakeSystemPreference(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    runInlineScript();
    expect(html).not.toHaveClass('dark');

    fakeSystemPreference(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    runInlineScript();
    expect(html).toHaveClass('dark');
  });
});

describe('ThemeToggle', () => {
  it('is a "Dark mode" toggle button, pressed in the dark theme, and remembers the choice', async () => {
    fakeSystemPreference(false);
    runInlineScript();
    const user = userEvent.setup();
    render(<ThemeToggle />);

    const toggle = screen.getByRole('button', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(html).toHaveClass('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(html).not.toHaveClass('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('keeps the choice for the next page load', async () => {
    fakeSystemPreference(false);
    runInlineScript();
    const user = userEvent.setup();
    const { unmount } = render(<ThemeToggle />);
    await user.click(screen.getByRole('button', { name: 'Dark mode' }));
    unmount();

    // A reload: a fresh document runs the inline script, then the app mounts.
    html.classList.remove('dark');
    runInlineScript();
    expect(html).toHaveClass('dark');
    render(<ThemeToggle />);
    expect(screen.getByRole('button', { name: 'Dark mode' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('follows a change of the system preference until the operator chooses', async () => {
    const system = fakeSystemPreference(false);
    runInlineScript();
    const user = userEvent.setup();
    render(<ThemeToggle />);
    const toggle = screen.getByRole('button', { name: 'Dark mode' });

    act(() => system.set(true));
    expect(html).toHaveClass('dark');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await user.click(toggle); // choose light
    act(() => system.set(true));
    expect(html).not.toHaveClass('dark');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it('follows a choice made in another tab', () => {
    fakeSystemPreference(false);
    runInlineScript();
    render(<ThemeToggle />);
    act(() => {
      localStorage.setItem(THEME_STORAGE_KEY, 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY }));
    });
    expect(screen.getByRole('button', { name: 'Dark mode' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
