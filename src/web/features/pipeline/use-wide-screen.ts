import { useSyncExternalStore } from 'react';

/** Tailwind's `sm`: from here up the board has its columns; below it, one stage at a time. */
export const WIDE_QUERY = '(min-width: 640px)';

function media(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(WIDE_QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** Whether the window is at least 640 px wide, following it as it is resized or turned. */
export function useWideScreen(): boolean {
  // Without matchMedia (an old browser, jsdom) the columns show: the board still works there.
  return useSyncExternalStore(subscribe, () => media()?.matches ?? true);
}
