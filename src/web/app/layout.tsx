import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { SkipLink } from '../components/ui/skip-link';
import { Spinner } from '../components/ui/spinner';
import { Toaster } from '../components/ui/toaster';
import { createQueryClient } from '../lib/query-client';
import '../index.css';
import { useAuth } from '../lib/auth/auth-context';
import { SiteHeader } from './site-header';

// SPEC.md §2: the links, in this order, after Overview, Jobs and Pipeline (DESIGN.md "Beyond
// SPEC.md": the Overview's link first, issue 32, then Jobs', then the Pipeline's, issue 33).
const LINKS = [
  { to: '/overview', label: 'Overview' },
  { to: '/jobs', label: 'Jobs' },
  { to: '/pipeline', label: 'Pipeline' },
  { to: '/query-runs', label: 'Query Runs' },
  { to: '/batches', label: 'Batches' },
  { to: '/queries', label: 'Queries' },
  { to: '/companies', label: 'Companies' },
  { to: '/settings', label: 'Settings' },
] as const;

/**
 * The signed-in shell. It owns the query cache, so signing out (which unmounts it) drops every
 * cached answer of the session, and the sign-in page never loads TanStack Query.
 */
export function AppLayout() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <Toaster>
        <Shell />
      </Toaster>
    </QueryClientProvider>
  );
}

/** Where the header's skip link takes the focus. */
const MAIN_ID = 'main-content';

function Shell() {
  const { signOut } = useAuth();
  const main = useRef<HTMLElement>(null);
  return (
    <div className="min-h-screen">
      {/* The page's first stop: past the header's ten to the screen itself. */}
      <SkipLink target={main} targetId={MAIN_ID}>
        Skip to main content
      </SkipLink>
      <SiteHeader links={LINKS} onSignOut={() => void signOut()} />
      <main
        ref={main}
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto max-w-7xl px-4 py-8 outline-none sm:px-6"
      >
        <Suspense
          fallback={
            <div className="flex justify-center py-16" role="status" aria-label="Loading">
              <Spinner />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
