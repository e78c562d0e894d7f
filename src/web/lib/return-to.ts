import type { Location } from 'react-router';

/** What the guard remembers about where the operator was going (router state of /sign-in). */
export interface ReturnToState {
  from: string;
}

export function returnToState(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
): ReturnToState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/** Reads the remembered path back, refusing anything that is not a path of this app. */
export function readReturnTo(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = state.from;
  if (
    typeof from !== 'string' ||
    !from.startsWith('/') ||
    from.startsWith('//') ||
    from.startsWith('/sign-in')
  ) {
    return null;
  }
  return from;
}
