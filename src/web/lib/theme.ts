import { useCallback, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

/**
 * Where the operator's explicit choice is kept. index.html's inline script reads the same key
 * before first paint (a test runs that script against this module's answers).
 */
export const THEME_STORAGE_KEY = 'jobscout-theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function parseTheme(value: string | null): Theme | null {
  return value === 'light' || value === 'dark' ? value : null;
}

/** The stored choice; null while the operator has not chosen (or storage is unavailable). */
export function storedTheme(): Theme | null {
  try {
    return parseTheme(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    // Storage can be disabled (private modes, policies): then the system decides.
    return null;
  }
}

function systemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches
    ? 'dark'
    : 'light';
}

/** The theme in force: the operator's choice, else the system's preference. */
export function resolveTheme(): Theme {
  return storedTheme() ?? systemTheme();
}

/** Set on <html> while the theme switches; theme.css turns every transition off under it. */
const THEME_SWITCHING_CLASS = 'theme-switching';

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  const dark = theme === 'dark';
  if (root.classList.contains('dark') === dark) return;
  // Colours change at once: with the buttons' 150 ms colour transitions, a switch would show
  // for a moment the old theme's text on the new theme's background, below any contrast bar.
  root.classList.add(THEME_SWITCHING_CLASS);
  root.classList.toggle('dark', dark);
  // Styles are computed now, with transitions off; they come back two frames later, once the
  // new colours are in force and there is nothing left to animate.
  getComputedStyle(root).getPropertyValue('color');
  requestAnimationFrame(() =>
    requestAnimationFrame(() => root.classList.remove(THEME_SWITCHING_CLASS)),
  );
}

const listeners = new Set<() => void>();

function notify(): void {
  applyTheme(resolveTheme());
  for (const listener of listeners) listener();
}

/** Remembers the operator's choice and applies it at once. */
export function chooseTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be disabled: the choice then holds for this page only.
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // The system's preference counts while nothing is stored; another tab's choice counts at once.
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) notify();
  };
  media?.addEventListener('change', notify);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', notify);
    window.removeEventListener('storage', onStorage);
  };
}

function currentTheme(): Theme {
  // The class on <html> is the truth: the inline script set it, chooseTheme keeps it.
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/** The theme in force and a setter that remembers the choice. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'light' as const);
  const set = useCallback((next: Theme) => chooseTheme(next), []);
  return [theme, set];
}
