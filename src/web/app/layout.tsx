import { QueryClientProvider } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Suspense, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { Toaster } from '../components/ui/toaster';
import { createQueryClient } from '../lib/query-client';
import '../index.css';
import { useAuth } from '../lib/auth/auth-context';
import { cn } from '../lib/cn';
import { siteName } from '../lib/site-name';

// SPEC.md §2: the links, in this order, after Jobs (DESIGN.md "Beyond SPEC.md": its link first).
const LINKS = [
  { to: '/jobs', label: 'Jobs' },
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

function Shell() {
  const { signOut } = useAuth();
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <div className="flex flex-wrap items-center gap-6">
            <span className="text-lg font-semibold text-slate-900">{siteName()} Scraper Admin</span>
            <nav aria-label="Main">
              <ul className="flex flex-wrap items-center gap-1">
                {LINKS.map((link) => (
                  <li key={link.to}>
                    <NavLink
                      to={link.to}
                      className={({ isActive }) =>
                        cn(
                          'rounded-md px-3 py-2 text-sm font-medium transition-colors',
                          isActive
                            ? 'bg-brand-50 text-brand-700'
                            : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                        )
                      }
                    >
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
          <Button variant="secondary" size="sm" onClick={() => void signOut()}>
            <LogOut aria-hidden="true" />
            Sign Out
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
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
