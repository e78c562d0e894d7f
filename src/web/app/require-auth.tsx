import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoading } from '../components/ui/spinner';
import { useAuth } from '../lib/auth/auth-context';
import { returnToState } from '../lib/return-to';

/** SPEC.md §2: the check shows "Loading..."; a signed-out operator goes to /sign-in and back. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'checking') return <FullPageLoading />;
  if (status === 'anonymous')
    return <Navigate to="/sign-in" replace state={returnToState(location)} />;
  return <>{children}</>;
}
