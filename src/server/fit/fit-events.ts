import type { AppContext } from '../context';

// "Something that can change a stored score changed" (issue 40): a profile made, changed or
// deleted, the alias list changed, a query given another profile. The background rescoring
// listens and starts at once instead of at its next look (it also looks on its own, so a change
// made elsewhere, by the CLI or a restore, is found too). Listeners are kept per AppContext, so two
// servers in one process (the API tests start many) never hear each other.

export type FitChangeListener = () => void;

const listenersByContext = new WeakMap<AppContext, Set<FitChangeListener>>();

/** Subscribes to this server's fit changes; answers the function that unsubscribes. */
export function onFitChanged(ctx: AppContext, listener: FitChangeListener): () => void {
  let listeners = listenersByContext.get(ctx);
  if (!listeners) {
    listeners = new Set();
    listenersByContext.set(ctx, listeners);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Called by the routes once a change is stored. */
export function notifyFitChanged(ctx: AppContext): void {
  for (const listener of listenersByContext.get(ctx) ?? []) {
    try {
      listener();
    } catch (err) {
      ctx.log.error({ err }, 'a fit change listener failed');
    }
  }
}
