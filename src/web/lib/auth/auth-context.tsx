import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { tokenStore } from '../token-store';
import { verifySession } from './verify';
import { logout } from './logout';

export type AuthStatus = 'checking' | 'authenticated' | 'anonymous';

interface AuthValue {
  status: AuthStatus;
  signIn: (token: string) => void;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<AuthStatus>(() =>
    tokenStore.get() ? 'checking' : 'anonymous',
  );

  // SPEC.md §4: on load the stored token is verified; "no" or a failed call signs out.
  useEffect(() => {
    if (status !== 'checking') return;
    const controller = new AbortController();
    verifySession(controller.signal).then(
      (authenticated) => {
        if (!authenticated) tokenStore.clear();
        setStatus(authenticated ? 'authenticated' : 'anonymous');
      },
      (err: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('session verification failed', err);
        tokenStore.clear();
        setStatus('anonymous');
      },
    );
    return () => controller.abort();
  }, [status]);

  // DESIGN.md: a 401 on any other call ends the session; the guard then sends to /sign-in.
  // The dashboard's query cache lives inside the signed-in layout, so it goes with the session.
  useEffect(
    () =>
      tokenStore.onUnauthorized(() => {
        tokenStore.clear();
        setStatus('anonymous');
      }),
    [],
  );

  const signIn = useCallback((token: string) => {
    tokenStore.set(token);
    setStatus('authenticated');
  }, []);

  const signOut = useCallback(async () => {
    try {
      await logout();
    } catch (err) {
      console.warn('sign-out call failed; the token is removed anyway', err);
    } finally {
      tokenStore.clear();
      setStatus('anonymous');
    }
  }, []);

  const value = useMemo(() => ({ status, signIn, signOut }), [status, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
