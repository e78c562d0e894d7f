import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../../lib/token-store';
import { testQueryClient } from '../../../test/render';
import { BackupCard } from './backup-card';

const API = 'http://localhost:3000/api/v1';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

// What the browser was asked to save: jsdom neither makes object URLs nor downloads.
let saved: Array<{ name: string; href: string }> = [];
beforeEach(() => {
  saved = [];
  tokenStore.set('the-session-token');
  URL.createObjectURL = vi.fn(() => 'blob:jobscout/1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, href: this.href });
  });
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
  tokenStore.clear();
});

// Without the app's AuthProvider, which would first verify the token against the server.
const renderCard = () =>
  render(
    <QueryClientProvider client={testQueryClient()}>
      <BackupCard />
    </QueryClientProvider>,
  );

describe('BackupCard', () => {
  it('downloads the backup with the bearer token and saves it under the server-given name', async () => {
    const requests: Array<{ url: string; auth: string | null }> = [];
    server.use(
      http.get(`${API}/backup`, async ({ request }) => {
        requests.push({ url: request.url, auth: request.headers.get('authorization') });
        await delay(30);
        return new HttpResponse(new Uint8Array([83, 81, 76]), {
          headers: {
            'content-type': 'application/vnd.sqlite3',
            'content-disposition': 'attachment; filename="jobscout-2026-11-23.sqlite"',
          },
        });
      }),
    );
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Download backup' }));
    expect(screen.getByRole('button', { name: 'Preparing backup...' })).toBeDisabled();
    await waitFor(() =>
      expect(screen.getByTestId('backup-status')).toHaveTextContent(
        'Saved jobscout-2026-11-23.sqlite',
      ),
    );
    expect(saved).toEqual([{ name: 'jobscout-2026-11-23.sqlite', href: 'blob:jobscout/1' }]);
    // The token travels in the header, never in the address.
    expect(requests).toEqual([{ url: `${API}/backup`, auth: 'Bearer the-session-token' }]);
    expect(screen.getByRole('button', { name: 'Download backup' })).toBeEnabled();
  });

  it('says why a backup failed and saves nothing', async () => {
    server.use(
      http.get(`${API}/backup`, () =>
        HttpResponse.json({ error: 'No space left on the server' }, { status: 507 }),
      ),
    );
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Download backup' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Backup failed: No space left on the server',
    );
    expect(saved).toEqual([]);
  });
});
