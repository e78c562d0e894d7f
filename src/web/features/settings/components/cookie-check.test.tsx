import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CookieStatus } from '../../../../contract/operations';
import { renderScreen } from '../../../test/render';
import { CookieCheck } from './cookie-check';

const API = 'http://localhost:3000/api/v1';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  document.head.querySelector('meta[name="jobscout-site-name"]')?.remove();
});
afterAll(() => server.close());

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const checked = (
  state: 'valid' | 'rejected',
  at: string,
  extra: Partial<NonNullable<CookieStatus['last_check']>> = {},
): CookieStatus => ({
  cookies: 'present',
  last_check: { state, checked_at: at, source: 'check', batch_id: null, current: true, ...extra },
});

function fake(initial: CookieStatus, checkAnswer: () => Response | Promise<Response>) {
  const calls = { checks: 0 };
  server.use(
    http.get(`${API}/settings/cookies/status`, () => HttpResponse.json(initial)),
    http.post(`${API}/settings/cookies/check`, async () => {
      calls.checks += 1;
      await delay(20);
      return checkAnswer();
    }),
  );
  return calls;
}

const line = () => screen.getByTestId('cookie-check-status');

describe('CookieCheck', () => {
  it('checks the saved cookies and shows "Valid — checked just now"', async () => {
    const calls = fake({ cookies: 'present', last_check: null }, () =>
      HttpResponse.json(checked('valid', new Date().toISOString())),
    );
    renderScreen(<CookieCheck />);
    await waitFor(() =>
      expect(line()).toHaveTextContent('Not checked since these cookies were saved'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check cookies' }));
    expect(screen.getByRole('button', { name: 'Checking...' })).toBeDisabled();
    await waitFor(() => expect(line()).toHaveTextContent('Valid — checked just now'));
    expect(line().querySelector('.text-success-fg')).not.toBeNull();
    expect(calls.checks).toBe(1);
  });

  it('says rejected by the site named in the page, and when', async () => {
    const meta = document.createElement('meta');
    meta.name = 'jobscout-site-name';
    meta.content = 'SimSite';
    document.head.append(meta);
    fake(checked('rejected', ago(3 * 3_600_000 + 60_000)), () => HttpResponse.json({}));
    renderScreen(<CookieCheck />);
    await waitFor(() =>
      expect(line()).toHaveTextContent(
        'Rejected by SimSite: paste new cookies · checked 3 hours ago',
      ),
    );
    expect(line().querySelector('.text-danger-fg')).toHaveTextContent(
      'Rejected by SimSite: paste new cookies',
    );
  });

  it('shows the last known state from a batch, and an older valid check with its age', async () => {
    const older = checked('valid', ago(2 * 86_400_000 + 60_000));
    fake(checked('rejected', ago(5 * 60_000), { source: 'batch', batch_id: 12 }), () =>
      HttpResponse.json(older),
    );
    renderScreen(<CookieCheck />);
    await waitFor(() =>
      expect(line()).toHaveTextContent(
        'Rejected by LinkedIn: paste new cookies · batch #12, 5 minutes ago',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check cookies' }));
    await waitFor(() => expect(line()).toHaveTextContent('Valid — checked 2 days ago'));
  });

  it('does not show a verdict about cookies that were replaced since', async () => {
    fake(checked('valid', ago(1000), { current: false }), () => HttpResponse.json({}));
    renderScreen(<CookieCheck />);
    await waitFor(() =>
      expect(line()).toHaveTextContent('Not checked since these cookies were saved'),
    );
  });

  it('shows the server’s error when the site could not be asked', async () => {
    fake({ cookies: 'present', last_check: null }, () =>
      HttpResponse.json(
        { error: 'Could not ask LinkedIn about the cookies: LinkedIn answered HTTP 503' },
        { status: 502 },
      ),
    );
    renderScreen(<CookieCheck />);
    await userEvent.click(await screen.findByRole('button', { name: 'Check cookies' }));
    await waitFor(() =>
      expect(line()).toHaveTextContent(
        'Could not ask LinkedIn about the cookies: LinkedIn answered HTTP 503',
      ),
    );
    expect(screen.getByRole('button', { name: 'Check cookies' })).toBeEnabled();
  });

  it('offers no check without saved cookies', async () => {
    fake({ cookies: 'none', last_check: null }, () => HttpResponse.json({}));
    renderScreen(<CookieCheck />);
    await waitFor(() => expect(line()).toHaveTextContent('No cookies saved yet'));
    expect(screen.getByRole('button', { name: 'Check cookies' })).toBeDisabled();
  });
});
