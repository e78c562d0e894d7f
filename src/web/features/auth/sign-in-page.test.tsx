import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render';
import { SignInPage } from './sign-in-page';

const API = `${window.location.origin}/api/v1`;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderSignIn(from?: string) {
  return renderScreen(<SignInPage />, {
    path: '/sign-in',
    initialEntries: [{ pathname: '/sign-in', state: from ? { from } : undefined }],
  });
}

describe('SignInPage', () => {
  it('shows the exact texts of SPEC.md and a required password field', () => {
    renderSignIn();
    expect(
      screen.getByRole('heading', { name: 'Sign in to LinkedIn Dashboard' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Enter your password to access the application')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('disables the field and button with "Signing in..." while pending, then stores the token and lands on /batches', async () => {
    server.use(
      http.post(`${API}/auth/login`, async () => {
        await delay(150);
        return HttpResponse.json({ success: true, token: 'tok-123' });
      }),
    );
    const user = userEvent.setup();
    renderSignIn();
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(screen.getByLabelText('Password')).toBeDisabled();
    expect(await screen.findByTestId('location')).toHaveTextContent('/batches');
    expect(localStorage.getItem('auth_token')).toBe('tok-123');
  });

  it('returns to the remembered page after sign-in', async () => {
    server.use(
      http.post(`${API}/auth/login`, () => HttpResponse.json({ success: true, token: 't' })),
    );
    const user = userEvent.setup();
    renderSignIn('/companies?x=1');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/companies?x=1');
  });

  it("shows the server's error text and clears the password", async () => {
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({ success: false, error: 'Invalid password' }, { status: 401 }),
      ),
    );
    const user = userEvent.setup();
    renderSignIn();
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid password');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });

  it('shows "Login failed" when the server gives no error text', async () => {
    server.use(
      http.post(`${API}/auth/login`, () => HttpResponse.json({ success: false }, { status: 500 })),
    );
    const user = userEvent.setup();
    renderSignIn();
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
  });

  it('shows "Login failed" for an answer that is not JSON', async () => {
    server.use(
      http.post(
        `${API}/auth/login`,
        () => new HttpResponse('<html>bad gateway</html>', { status: 502 }),
      ),
    );
    const user = userEvent.setup();
    renderSignIn();
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
  });

  it('shows "Network error" when the server cannot be reached', async () => {
    server.use(http.post(`${API}/auth/login`, () => HttpResponse.error()));
    const user = userEvent.setup();
    renderSignIn();
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Network error$/);
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('does not send an empty password', async () => {
    let calls = 0;
    server.use(
      http.post(`${API}/auth/login`, () => {
        calls += 1;
        return HttpResponse.json({ success: true, token: 't' });
      }),
    );
    const user = userEvent.setup();
    renderSignIn();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toBeInvalid());
    expect(calls).toBe(0);
  });
});
