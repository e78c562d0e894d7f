import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { scheduleHandler } from './test-schedule';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/ui/toaster';
import { testQueryClient } from '../../test/render';
import { at, bodyRowsOf } from '../../test/table';
import { BatchesPage } from './batches-page';
import { cancelBatchConfirmation } from './components/cancel-batch-button';

// Issue 12: a working batch's Actions cell holds Cancel, asked first in an alertdialog.

const API = 'http://localhost:3000/api/v1';
const server = setupServer(scheduleHandler(API));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const running = {
  id: 7,
  kind: 'manual',
  status: 'running',
  started_at: '2025-03-05T10:00:00.000Z',
  finished_at: null,
  error: null,
  progress: null,
  cancel_requested: false,
};
const completed = {
  ...running,
  id: 6,
  status: 'completed',
  finished_at: '2025-03-05T09:00:00.000Z',
};

function renderPage() {
  return render(
    <MemoryRouter>
      <QueryClientProvider client={testQueryClient()}>
        <Toaster>
          <BatchesPage />
        </Toaster>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('BatchesPage: Cancel', () => {
  it('is offered for running and enriching batches only, beside no Export', async () => {
    server.use(
      http.get(`${API}/batches`, () =>
        HttpResponse.json([
          running,
          { ...running, id: 5, status: 'enriching' },
          completed,
          { ...completed, id: 4, status: 'failed', error: 'x' },
        ]),
      ),
    );
    renderPage();
    await screen.findByText('enriching');
    // Sorted by id, descending: 7 running, 6 completed, 5 enriching, 4 failed.
    const rows = bodyRowsOf('Batches');
    expect(within(at(rows, 0)).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(at(rows, 2)).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(within(at(rows, 1)).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(at(rows, 1)).getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(within(at(rows, 3)).queryByRole('button')).toBeNull();
    expect(within(at(rows, 0)).getAllByRole('cell')).toHaveLength(6);
  });

  it('asks first; dismissing the dialog sends nothing', async () => {
    server.use(http.get(`${API}/batches`, () => HttpResponse.json([running])));
    const posted = vi.fn();
    server.use(http.post(`${API}/batches/:id/cancel`, () => posted()));
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel Batch' });
    expect(dialog).toHaveTextContent(cancelBatchConfirmation(7));
    expect(cancelBatchConfirmation(7)).toBe(
      'Are you sure you want to cancel batch 7? It stops after the request in flight; the jobs found so far are kept.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();
  });

  it('sends the cancel on Confirm, reads "Cancelling..." until the batch has ended, then refreshes', async () => {
    let state: 'running' | 'requested' | 'ended' = 'running';
    server.use(
      http.get(`${API}/batches`, () =>
        HttpResponse.json([
          state === 'ended'
            ? { ...running, status: 'failed', error: 'Cancelled by the operator' }
            : { ...running, cancel_requested: state === 'requested' },
        ]),
      ),
      http.post(`${API}/batches/:id/cancel`, ({ params }) => {
        expect(params.id).toBe('7');
        state = 'requested';
        return HttpResponse.json({ ...running, cancel_requested: true }, { status: 202 });
      }),
      http.get(`${API}/query-runs`, () => HttpResponse.json([])),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }),
    );
    const waiting = await screen.findByRole('button', { name: 'Cancelling...' });
    expect(waiting).toBeDisabled();

    state = 'ended';
    // The screen polls while a batch works; the next answer shows it failed, without Cancel.
    await waitFor(() => expect(screen.getByText('failed')).toBeInTheDocument(), {
      timeout: 5_000,
    });
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
  });

  it('says why a cancel failed, and keeps the row', async () => {
    server.use(
      http.get(`${API}/batches`, () => HttpResponse.json([running])),
      http.post(`${API}/batches/:id/cancel`, () => HttpResponse.error()),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not cancel: Network error');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('a refused cancel (the batch ended meanwhile) shows the batch as it is now', async () => {
    let ended = false;
    server.use(
      http.get(`${API}/batches`, () =>
        HttpResponse.json([ended ? { ...running, status: 'completed' } : running]),
      ),
      http.post(`${API}/batches/:id/cancel`, () => {
        ended = true;
        return HttpResponse.json(
          { error: 'Batch 7 has already ended (completed): nothing to cancel' },
          { status: 409 },
        );
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }),
    );
    // The row has ended meanwhile: it shows completed with its Export, and no Cancel.
    expect(await screen.findByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel/ })).toBeNull();
  });
});
