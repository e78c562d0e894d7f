import type { Settings } from '../../contract';
import type { AppContext } from '../context';

/**
 * What a listener learns after each successful `POST /settings`. The daily scheduler compares
 * `previous.script_time` with `current.script_time` to re-plan its next run; anything that
 * reads cookies gets them from here or from the database, never from a log.
 */
export interface SettingsChange {
  previous: Settings;
  current: Settings;
}
export type SettingsListener = (change: SettingsChange) => void;

// Listeners are kept per AppContext rather than in one module-wide list, so two servers in one
// process (the API tests start many) never hear each other's changes.
const listenersByContext = new WeakMap<AppContext, Set<SettingsListener>>();

/**
 * Subscribes to settings changes of this server; returns the function that unsubscribes.
 * Listeners run synchronously after the new settings are stored; one that throws is logged
 * and does not fail the request or stop the others.
 */
export function onSettingsChanged(ctx: AppContext, listener: SettingsListener): () => void {
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

/** Called by the settings routes once a save has been stored. */
export function notifySettingsChanged(ctx: AppContext, change: SettingsChange): void {
  for (const listener of listenersByContext.get(ctx) ?? []) {
    try {
      listener(change);
    } catch (err) {
      // The error object only: a listener's message could quote the settings it was given.
      ctx.log.error(
        { errName: err instanceof Error ? err.name : typeof err },
        'a settings listener failed',
      );
    }
  }
}
