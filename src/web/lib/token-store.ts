import { TOKEN_STORAGE_KEY } from '../../contract/constants';

// SPEC.md §4: the session token lives in localStorage under auth_token.
type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled by the browser; the session then lasts as long as the page.
    return undefined;
  }
}

let memoryToken: string | null = null;

export const tokenStore = {
  get(): string | null {
    return storage()?.getItem(TOKEN_STORAGE_KEY) ?? memoryToken;
  },
  set(token: string): void {
    memoryToken = token;
    storage()?.setItem(TOKEN_STORAGE_KEY, token);
  },
  clear(): void {
    memoryToken = null;
    storage()?.removeItem(TOKEN_STORAGE_KEY);
  },
  /** Called by the API client when a call other than verify answers 401. */
  notifyUnauthorized(): void {
    for (const listener of unauthorizedListeners) listener();
  },
  onUnauthorized(listener: Listener): () => void {
    unauthorizedListeners.add(listener);
    return () => unauthorizedListeners.delete(listener);
  },
};
