// Shared by this feature's component tests only.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import type { FitProfile } from '../../../contract/fit';
import type { Query } from '../../../contract/queries';
import { NO_FILTERS } from '../../../contract/search-filters';

/** jsdom's origin; the app calls the API on the same origin (DESIGN.md). */
export const API = 'http://localhost:3000/api/v1';

export function renderWithClient(ui: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

export function aQuery(id: number, overrides: Partial<Query> = {}): Query {
  return {
    id,
    job_title: `Role ${id}`,
    location_id: 103035651,
    display_name: 'Berlin, Germany',
    status: 'active',
    is_ai: false,
    filters: NO_FILTERS,
    ...overrides,
  };
}

/** A promise the test resolves when it wants a pending request to finish. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** GET /fit-profiles (issue 40): the query form's Fit profile select; none unless given. */
export function fitProfilesHandler(profiles: () => FitProfile[] = () => []) {
  return http.get(`${API}/fit-profiles`, () => HttpResponse.json(profiles()));
}
