import { useEffect, useState } from 'react';

/**
 * A module loaded when first wanted, for a part drawn as soon as it is there. Not React.lazy:
 * React holds back a Suspense boundary's content until 300 ms after its fallback showed (its
 * "throttle"), which alone took the board past its 500 ms to be interactive (decision 059).
 * Answers the module, or the error that kept it from loading.
 */
export function useLoadedModule<T>(
  load: () => Promise<T>,
  wanted: boolean,
): { module: T | null; error: Error | null } {
  const [state, setState] = useState<{ module: T | null; error: Error | null }>({
    module: null,
    error: null,
  });
  const loaded = state.module !== null;
  useEffect(() => {
    if (!wanted || loaded) return;
    let live = true;
    load().then(
      (module) => live && setState({ module, error: null }),
      (error: unknown) =>
        live &&
        setState({
          module: null,
          error: error instanceof Error ? error : new Error(String(error)),
        }),
    );
    return () => {
      live = false;
    };
  }, [load, wanted, loaded]);
  return state;
}
