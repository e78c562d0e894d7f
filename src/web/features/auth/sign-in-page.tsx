import { useId, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { DEFAULT_LANDING } from '../../../contract/constants';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/input';
import { useAuth } from '../../lib/auth/auth-context';
import { login } from '../../lib/auth/login';
import { readReturnTo } from '../../lib/return-to';
import { siteName } from '../../lib/site-name';

// Plain state rather than TanStack Query: this page must stay within its 100 kB budget.
export function SignInPage() {
  const { status, signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const destination = readReturnTo(location.state) ?? DEFAULT_LANDING;
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const passwordId = useId();

  if (status === 'authenticated') return <Navigate to={destination} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password || pending) return;
    setPending(true);
    setError(null);
    try {
      const token = await login(password);
      signIn(token);
      // SPEC.md §2: sign-in replaces itself in the history, so Back never returns here.
      void navigate(destination, { replace: true });
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Login failed');
      setPassword('');
      setPending(false);
      // Focus once React has re-enabled the field, so the operator can type again at once.
      setTimeout(() => passwordRef.current?.focus(), 0);
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-xl border border-line bg-surface p-8 shadow-sm">
        <h1 className="text-xl font-semibold text-fg">Sign in to {siteName()} Dashboard</h1>
        <p className="mt-1 text-sm text-fg-muted">Enter your password to access the application</p>
        <form className="mt-6 flex flex-col gap-4" onSubmit={(e) => void onSubmit(e)}>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={passwordId}>Password</Label>
            <Input
              ref={passwordRef}
              id={passwordId}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the page's only task is this field
              autoFocus
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              disabled={pending}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-danger-fg">
              {error}
            </p>
          ) : null}
          <Button type="submit" disabled={pending} className="w-full">
            {pending ? 'Signing in...' : 'Sign in'}
          </Button>
        </form>
      </div>
    </main>
  );
}
