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
    const store = storage();
    // The memory copy stands in only where storage is unavailable: a token removed from storage
    // (sign-out in another tab, a cleared site data) must stay removed.
    return store ? store.getItem(TOKEN_STORAGE_KEY) : memoryToken;
  },
  set(token: string): void {
    const store = storage();
    if (store) store.setItem(TOKEN_STORAGE_KEY, token);
    else memoryToken = token;
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
