import { startTransition, useCallback, useOptimistic } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

export interface UrlParams {
  /** The location's query string: what the screen's data and its list follow. */
  committed: URLSearchParams;
  /** What the screen's controls show: a change at once, before the screen has caught up. */
  shown: URLSearchParams;
  set: (next: URLSearchParams, options?: NavigateOptions) => void;
}

/**
 * A screen's state kept in its URL, for controls that must answer a click at once.
 *
 * React Router moves the location inside a transition. A controlled checkbox, select or chip
 * whose value lives in the URL therefore kept its old value until the whole screen had re-rendered
 * (hundreds of rows on a slow machine) or, when a part suspended, until its data came: the click
 * looked lost, and a second quick click built on the old URL and undid the first. `shown` takes
 * each change at once and holds it until the transition lands, when it is the URL again.
 */
export function useUrlParams(): UrlParams {
  const [committed, setSearchParams] = useSearchParams();
  const [shown, show] = useOptimistic(committed);
  const set = useCallback(
    (next: URLSearchParams, options?: NavigateOptions) =>
      startTransition(() => {
        show(next);
        setSearchParams(next, options);
      }),
    [setSearchParams, show],
  );
  return { committed, shown, set };
}
