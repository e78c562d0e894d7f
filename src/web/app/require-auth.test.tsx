import { render, screen } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AuthProvider } from '../lib/auth/auth-context';
import { RequireAuth } from './require-auth';

const API = `${window.location.origin}/api/v1`;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function SignInProbe() {
  const location = useLocation();
  return <div data-testid="sign-in">{JSON.stringify(location.state)}</div>;
}

function renderGuarded(path: string) {
  return render(
    <AuthProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/sign-in" element={<SignInProbe />} />
          <Route
            path="/*"
            element={
              <RequireAuth>
                <div>secret screen</div>
              </RequireAuth>
            }
          />
        </Routes>
      </MemoryRouter>
    </AuthProvider>,
  );
}

describe('RequireAuth and the session check of SPEC.md §4', () => {
  it('sends a signed-out operator to /sign-in, remembering where they were', async () => {
    renderGuarded('/queries?page=2');
    expect(await screen.findByTestId('sign-in')).toHaveTextContent('{"from":"/queries?page=2"}');
  });

  it('shows "Loading..." while the stored token is verified, then the screen', async () => {
    localStorage.setItem('auth_token', 'good');
    server.use(
      http.get(`${API}/auth/verify`, async ({ request }) => {
        await delay(100);
        return HttpResponse.json({
          authenticated: request.headers.get('authorization') === 'Bearer good',
        });
      }),
    );
    renderGuarded('/batches');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByText('secret screen')).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBe('good');
  });

  it('removes a token the server does not accept', async () => {
    localStorage.setItem('auth_token', 'stale');
    server.use(http.get(`${API}/auth/verify`, () => HttpResponse.json({ authenticated: false })));
    renderGuarded('/settings');
    expect(await screen.findByTestId('sign-in')).toHaveTextContent('/settings');
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('removes the token when verification fails', async () => {
    localStorage.setItem('auth_token', 'whatever');
    server.use(http.get(`${API}/auth/verify`, () => HttpResponse.error()));
    renderGuarded('/companies');
    expect(await screen.findByTestId('sign-in')).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});
