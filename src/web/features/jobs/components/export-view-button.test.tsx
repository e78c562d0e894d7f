import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordDownloads } from '../../../test/downloads';
import { renderScreen } from '../../../test/render';
import { JobsPage } from '../jobs-page';
import { API, aJob, fakeJobsApi, type FakeJobsApi } from '../testing';
import { EXPORT_FORMAT_STORAGE_KEY, ExportViewButton } from './export-view-button';

beforeEach(() => window.localStorage.clear());

describe('ExportViewButton', () => {
  it('offers the three formats beside the button, Excel first and chosen', async () => {
    const onExport = vi.fn();
    const user = userEvent.setup();
    render(<ExportViewButton pending={false} onExport={onExport} />);
    const format = screen.getByRole('combobox', { name: 'Export format' });
    expect(format).toHaveValue('xlsx');
    expect(
      screen.getAllByRole('option').map((o) => [o.getAttribute('value'), o.textContent]),
    ).toEqual([
      ['xlsx', 'Excel (.xlsx)'],
      ['csv', 'CSV (.csv)'],
      ['json', 'JSON lines (.ndjson)'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Export this view' }));
    expect(onExport).toHaveBeenLastCalledWith('xlsx');

    await user.selectOptions(format, 'CSV (.csv)');
    await user.click(screen.getByRole('button', { name: 'Export this view' }));
    expect(onExport).toHaveBeenLastCalledWith('csv');
  });

  it('remembers the last format in this browser, and ignores a stored value it does not know', async () => {
    const user = userEvent.setup();
    const first = render(<ExportViewButton pending={false} onExport={vi.fn()} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Export format' }), 'json');
    expect(window.localStorage.getItem(EXPORT_FORMAT_STORAGE_KEY)).toBe('json');
    first.unmount();

    const onExport = vi.fn();
    const second = render(<ExportViewButton pending={false} onExport={onExport} />);
    expect(screen.getByRole('combobox', { name: 'Export format' })).toHaveValue('json');
    await user.click(screen.getByRole('button', { name: 'Export this view' }));
    expect(onExport).toHaveBeenCalledWith('json');
    second.unmount();

    window.localStorage.setItem(EXPORT_FORMAT_STORAGE_KEY, 'pdf');
    render(<ExportViewButton pending={false} onExport={vi.fn()} />);
    expect(screen.getByRole('combobox', { name: 'Export format' })).toHaveValue('xlsx');
  });

  it('is busy and closed to changes while an export downloads', () => {
    render(<ExportViewButton pending onExport={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Exporting...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('combobox', { name: 'Export format' })).toBeDisabled();
  });
});

describe('"Export this view" on the Jobs screen', () => {
  const api: FakeJobsApi = { jobs: [aJob(1)], listRequests: [], writes: [], pageSize: 50 };
  const requested: URLSearchParams[] = [];
  // Before the fake API's handlers, whose GET /jobs/:id would take /jobs/export.
  const server = setupServer(
    http.get(`${API}/jobs/export`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      requested.push(params);
      return new HttpResponse('Job ID,Title\r\n', {
        headers: { 'content-type': 'text/csv; charset=utf-8' },
      });
    }),
    ...fakeJobsApi(api),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    requested.length = 0;
    vi.restoreAllMocks();
  });
  afterAll(() => server.close());

  it('downloads the chosen format under its own name; Excel is asked for as before', async () => {
    const downloads = recordDownloads();
    const user = userEvent.setup();
    renderScreen(<JobsPage />, { path: '/jobs', initialEntries: ['/jobs?q=data'] });
    await screen.findByText('Job 1');
    const exportButton = screen.getByRole('button', { name: 'Export this view' });
    await user.click(exportButton);
    await screen.findByRole('button', { name: 'Export this view' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Export format' }), 'csv');
    await user.click(screen.getByRole('button', { name: 'Export this view' }));
    await vi.waitFor(() => expect(downloads.names).toHaveLength(2));
    await screen.findByRole('button', { name: 'Export this view' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Export format' }), 'json');
    await user.click(screen.getByRole('button', { name: 'Export this view' }));
    await vi.waitFor(() =>
      expect(downloads.names).toEqual(['jobs.xlsx', 'jobs.csv', 'jobs.ndjson']),
    );
    expect(requested.map((p) => Object.fromEntries(p))).toEqual([
      { q: 'data' },
      { q: 'data', format: 'csv' },
      { q: 'data', format: 'json' },
    ]);
  });
});
