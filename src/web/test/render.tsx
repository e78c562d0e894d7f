import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from '../components/ui/toaster';
import { AuthProvider } from '../lib/auth/auth-context';

/** Shows where the router is, so tests can assert on navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** A fresh QueryClient without retries, as TanStack's testing guide advises. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 300_000 }, mutations: { retry: false } },
  });
}

/**
 * Renders a screen as the app does: auth, query cache, toasts, and a router at `path`.
 * Pass `routes` for screens that navigate elsewhere.
 */
export function renderScreen(
  element: ReactElement,
  {
    path = '/',
    initialEntries,
    extraRoutes,
  }: {
    path?: string;
    initialEntries?: (string | { pathname: string; state?: unknown })[];
    extraRoutes?: ReactElement;
  } = {},
): RenderResult & { queryClient: QueryClient } {
  const queryClient = testQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Toaster>
          <MemoryRouter initialEntries={initialEntries ?? [path]}>
            <Routes>
              <Route path={path} element={element} />
              {extraRoutes}
              <Route path="*" element={<LocationProbe />} />
            </Routes>
          </MemoryRouter>
        </Toaster>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
