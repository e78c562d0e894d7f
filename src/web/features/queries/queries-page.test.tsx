import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_QUERIES } from '../../../contract/constants';
import type { Query } from '../../../contract/queries';
import { QueriesPage } from './queries-page';
import { aQuery, API, deferred, renderWithClient, fitProfilesHandler } from './testing';

let stored: Query[] = [];
const writes: Array<{ method: string; url: string; body: unknown }> = [];

const server = setupServer(
  fitProfilesHandler(),
  http.get(`${API}/queries`, () => HttpResponse.json(stored)),
  http.post(`${API}/queries`, async ({ request }) => {
    const body = await request.json();
    writes.push({ method: 'POST', url: request.url, body });
    return HttpResponse.json(aQuery(99));
  }),
  http.put(`${API}/queries/:id`, async ({ request, params }) => {
    const body = await request.json();
    writes.push({ method: 'PUT', url: request.url, body });
    const id = Number(params.id);
    if (
      typeof body === 'object' &&
      body !== null &&
      'status' in body &&
      typeof body.status === 'string'
    ) {
      const status = body.status;
      stored = stored.map((q) =>
        q.id === id && (status === 'active' || status === 'inactive' || status === 'archived')
          ? { ...q, status }
          : q,
      );
    }
    return HttpResponse.json(stored.find((q) => q.id === id));
  }),
  http.get(`${API}/locations/typeahead`, ({ request }) => {
    const query = new URL(request.url).searchParams.get('query') ?? '';
    return HttpResponse.json(
      query.toLowerCase().startsWith('san')
        ? [
            { id: '102277331', displayName: 'San Francisco, CA' },
            { id: '90000084', displayName: 'San Francisco Bay Area' },
          ]
        : [],
    );
  }),
);
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  stored = [
    aQuery(1, { job_title: 'Financial Analyst', display_name: 'Berlin, Germany', is_ai: true }),
    aQuery(2, {
      job_title: 'Data Engineer',
      location_id: 90000084,
      display_name: 'San Francisco Bay Area',
      status: 'inactive',
    }),
    aQuery(3, { job_title: 'Old Search', display_name: 'Remote', status: 'archived' }),
  ];
  writes.length = 0;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderPage() {
  const user = userEvent.setup();
  const view = renderWithClient(<QueriesPage />);
  return { user, ...view };
}

const rowOf = async (title: string) => {
  const cell = await screen.findByRole('cell', { name: title });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return row;
};

describe('QueriesPage: list', () => {
  it('shows the heading, the card and every query with its columns', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Queries' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Queries' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'ID',
      'Search Term',
      'Location',
      'AI',
      'Active',
      'Actions',
    ]);
    const first = await rowOf('Financial Analyst');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['#1', 'Financial Analyst', 'Berlin, Germany', 'AI', '', 'EditDelete']);
    expect(within(await rowOf('Data Engineer')).getByText('Classic')).toBeInTheDocument();
    expect(
      within(await rowOf('Data Engineer')).getByRole('cell', { name: 'San Francisco Bay Area' }),
    ).toBeInTheDocument();
  });

  it('shows the Active switch on for active, off for inactive, and disables archived rows', async () => {
    renderPage();
    const active = await rowOf('Financial Analyst');
    const inactive = await rowOf('Data Engineer');
    const archived = await rowOf('Old Search');
    expect(within(active).getByRole('switch')).toBeChecked();
    expect(within(active).getByRole('switch')).toBeEnabled();
    expect(within(inactive).getByRole('switch')).not.toBeChecked();
    expect(within(inactive).getByRole('switch')).toBeEnabled();
    expect(within(archived).getByRole('switch')).toBeDisabled();
    expect(within(archived).getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(within(archived).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(inactive).getByRole('button', { name: 'Edit' })).toBeEnabled();
    expect(within(inactive).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('shows 5 skeleton rows under the header while loading', async () => {
    server.use(
      http.get(`${API}/queries`, async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    renderPage();
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    expect(screen.getAllByRole('columnheader')).toHaveLength(6);
    expect(screen.queryByText('No queries found.')).not.toBeInTheDocument();
  });

  it('shows "No queries found." when there are none', async () => {
    stored = [];
    renderPage();
    expect(await screen.findByText('No queries found.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
  });

  it('shows the loading error of SPEC.md §8', async () => {
    server.use(
      http.get(`${API}/queries`, () => HttpResponse.json({ error: 'boom' }, { status: 500 })),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading queries. Please try again.',
    );
  });
});

describe('QueriesPage: the limit', () => {
  it(`disables New Query with its tooltip once ${MAX_QUERIES} queries are not archived`, async () => {
    stored = Array.from({ length: MAX_QUERIES }, (_, i) =>
      aQuery(i + 1, { status: i % 2 ? 'inactive' : 'active' }),
    );
    const { user } = renderPage();
    await rowOf('Role 50');
    const button = screen.getByRole('button', { name: 'New Query' });
    expect(button).toBeDisabled();
    // The disabled button gets no pointer events; its focusable wrapper carries the tooltip.
    const trigger = button.parentElement;
    if (!trigger) throw new Error('no tooltip trigger');
    await user.hover(trigger);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Query limit reached (50 max)');
  });

  it('does not count archived queries', async () => {
    stored = [
      ...Array.from({ length: MAX_QUERIES - 1 }, (_, i) => aQuery(i + 1)),
      ...Array.from({ length: 5 }, (_, i) => aQuery(100 + i, { status: 'archived' })),
    ];
    const { user } = renderPage();
    await rowOf('Role 49');
    const button = screen.getByRole('button', { name: 'New Query' });
    expect(button).toBeEnabled();
    await user.hover(button);
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});

describe('QueriesPage: Active toggle', () => {
  it('sends the same fields with the flipped status and shows the refreshed state', async () => {
    const { user } = renderPage();
    await user.click(within(await rowOf('Financial Analyst')).getByRole('switch'));
    await waitFor(() =>
      expect(
        within(
          screen.getByRole('cell', { name: 'Financial Analyst' }).closest('tr') ?? document.body,
        ).getByRole('switch'),
      ).not.toBeChecked(),
    );
    await user.click(within(await rowOf('Data Engineer')).getByRole('switch'));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes).toEqual([
      {
        method: 'PUT',
        url: `${API}/queries/1`,
        body: {
          job_title: 'Financial Analyst',
          location_id: 103035651,
          status: 'inactive',
          is_ai: true,
        },
      },
      {
        method: 'PUT',
        url: `${API}/queries/2`,
        body: { job_title: 'Data Engineer', location_id: 90000084, status: 'active', is_ai: false },
      },
    ]);
    await waitFor(async () =>
      expect(within(await rowOf('Data Engineer')).getByRole('switch')).toBeChecked(),
    );
  });

  it('fails silently: a warning in the console, nothing on screen', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(
      http.put(`${API}/queries/:id`, () => HttpResponse.json({ error: 'nope' }, { status: 500 })),
    );
    const { user } = renderPage();
    await user.click(within(await rowOf('Financial Analyst')).getByRole('switch'));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/nope/)).not.toBeInTheDocument();
    expect(within(await rowOf('Financial Analyst')).getByRole('switch')).toBeChecked();
    warn.mockRestore();
  });
});

describe('QueriesPage: Delete', () => {
  it('asks with both names filled in, shows "Deleting..." and archives the query', async () => {
    const gate = deferred();
    server.use(
      http.put(`${API}/queries/:id`, async ({ request }) => {
        writes.push({ method: 'PUT', url: request.url, body: await request.json() });
        await gate.promise;
        stored = stored.map((q) => (q.id === 2 ? { ...q, status: 'archived' } : q));
        return HttpResponse.json(stored[1]);
      }),
    );
    const { user } = renderPage();
    const row = await rowOf('Data Engineer');
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete the query "Data Engineer" in "San Francisco Bay Area"? This will archive it permanently.',
    );
    expect(writes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(row).findByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(writes).toEqual([
      {
        method: 'PUT',
        url: `${API}/queries/2`,
        body: {
          job_title: 'Data Engineer',
          location_id: 90000084,
          status: 'archived',
          is_ai: false,
        },
      },
    ]);
    gate.resolve();
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Delete' })).toBeDisabled());
    expect(within(row).getByRole('switch')).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Edit' })).toBeDisabled();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { user } = renderPage();
    await user.click(
      within(await rowOf('Financial Analyst')).getByRole('button', { name: 'Delete' }),
    );
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('fails silently', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(
      http.put(`${API}/queries/:id`, () => HttpResponse.json({ error: 'nope' }, { status: 500 })),
    );
    const { user } = renderPage();
    const row = await rowOf('Financial Analyst');
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    warn.mockRestore();
  });
});

describe('QueriesPage: create and edit', () => {
  it('opens "Create New Query" with the fields of SPEC.md', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'New Query' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Query' });
    const title = within(dialog).getByRole('textbox', { name: 'Search Term' });
    expect(title).toHaveAttribute('placeholder', 'e.g., Financial Analyst');
    expect(title).toHaveAttribute('aria-required', 'true');
    const location = within(dialog).getByRole('combobox', { name: 'Location' });
    expect(location).toHaveAttribute('placeholder', 'e.g., San Francisco, CA or Remote');
    expect(location).toHaveAttribute('aria-required', 'true');
    // Both required fields carry the visible * mark.
    const labelled = (text: string) => (_: string, el: Element | null) =>
      el?.tagName === 'LABEL' && el.textContent === text;
    expect(within(dialog).getByText(labelled('Search Term*'))).toHaveAttribute('for', title.id);
    expect(within(dialog).getByText(labelled('Location*'))).toHaveAttribute('for', location.id);
    expect(within(dialog).getByRole('switch', { name: 'AI-Powered Search' })).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Create Query' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('validates: required search term (after trimming) and location, nothing sent', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'New Query' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Search Term' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Query' }));
    expect(within(dialog).getByText('Search term is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Location is required')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Search Term' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(writes).toEqual([]);
  });

  it('asks for a place from the dropdown when the location was typed but not picked', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'New Query' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Search Term' }), 'Analyst');
    await user.type(within(dialog).getByRole('combobox', { name: 'Location' }), 'Somewhere');
    await user.click(within(dialog).getByRole('button', { name: 'Create Query' }));
    expect(
      within(dialog).getByText('Please select a location from the dropdown'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('Search term is required')).not.toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('creates with a trimmed title, the picked id, is_ai and status active, then closes and refreshes', async () => {
    const gate = deferred();
    let listCalls = 0;
    server.use(
      http.get(`${API}/queries`, () => {
        listCalls += 1;
        return HttpResponse.json(stored);
      }),
      http.post(`${API}/queries`, async ({ request }) => {
        writes.push({ method: 'POST', url: request.url, body: await request.json() });
        await gate.promise;
        stored = [
          ...stored,
          aQuery(4, { job_title: 'Financial Analyst II', display_name: 'San Francisco, CA' }),
        ];
        return HttpResponse.json(stored[3]);
      }),
    );
    const { user } = renderPage();
    await rowOf('Financial Analyst');
    await user.click(screen.getByRole('button', { name: 'New Query' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Search Term' }),
      '  Financial Analyst II  ',
    );
    const location = within(dialog).getByRole('combobox', { name: 'Location' });
    await user.type(location, 'San');
    await within(dialog).findByRole('option', { name: 'San Francisco, CA' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(location).toHaveValue('San Francisco, CA');
    await user.click(within(dialog).getByRole('switch', { name: 'AI-Powered Search' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Query' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(writes).toEqual([
      {
        method: 'POST',
        url: `${API}/queries`,
        body: {
          job_title: 'Financial Analyst II',
          location_id: 102277331,
          status: 'active',
          is_ai: true,
        },
      },
    ]);
    gate.resolve();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'Financial Analyst II' })).toBeInTheDocument();
    expect(listCalls).toBe(2);
  });

  it('edits: "Edit Query" prefilled, keeps the stored location id, always sends status active', async () => {
    const { user } = renderPage();
    await user.click(within(await rowOf('Data Engineer')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Query' });
    const title = within(dialog).getByRole('textbox', { name: 'Search Term' });
    expect(title).toHaveValue('Data Engineer');
    expect(within(dialog).getByRole('combobox', { name: 'Location' })).toHaveValue(
      'San Francisco Bay Area',
    );
    expect(within(dialog).getByRole('switch', { name: 'AI-Powered Search' })).not.toBeChecked();
    await user.clear(title);
    await user.type(title, 'Senior Data Engineer ');
    await user.click(within(dialog).getByRole('button', { name: 'Update Query' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes).toEqual([
      {
        method: 'PUT',
        url: `${API}/queries/2`,
        body: {
          job_title: 'Senior Data Engineer',
          location_id: 90000084,
          status: 'active',
          is_ai: false,
        },
      },
    ]);
  });

  it('edits: a newly picked place replaces the location id', async () => {
    const { user } = renderPage();
    await user.click(
      within(await rowOf('Financial Analyst')).getByRole('button', { name: 'Edit' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Query' });
    const location = within(dialog).getByRole('combobox', { name: 'Location' });
    await user.clear(location);
    await user.type(location, 'San');
    await user.click(await within(dialog).findByRole('option', { name: 'San Francisco Bay Area' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update Query' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toEqual({
      job_title: 'Financial Analyst',
      location_id: 90000084,
      status: 'active',
      is_ai: true,
    });
  });

  it('edits: empty location text is still "Location is required"', async () => {
    const { user } = renderPage();
    await user.click(
      within(await rowOf('Financial Analyst')).getByRole('button', { name: 'Edit' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Query' });
    await user.clear(within(dialog).getByRole('combobox', { name: 'Location' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update Query' }));
    expect(within(dialog).getByText('Location is required')).toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it.each([
    [
      'the limit, with its counts',
      () =>
        HttpResponse.json(
          { error: 'Maximum query limit reached', current_count: 50, max_allowed: 50 },
          { status: 409 },
        ),
      'Maximum query limit reached. You have 50 queries out of 50 allowed.',
    ],
    [
      "the server's error text",
      () =>
        HttpResponse.json({ error: 'Please select a location from the dropdown' }, { status: 400 }),
      'Please select a location from the dropdown',
    ],
    [
      'no error text',
      () => new HttpResponse('bad gateway', { status: 502 }),
      'Failed to save query. Please try again.',
    ],
    ['a dropped connection', () => HttpResponse.error(), 'Failed to save query. Please try again.'],
  ])('shows the save error for %s and keeps the modal open', async (_label, answer, message) => {
    server.use(http.put(`${API}/queries/:id`, answer));
    const { user } = renderPage();
    await user.click(
      within(await rowOf('Financial Analyst')).getByRole('button', { name: 'Edit' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Query' });
    await user.click(within(dialog).getByRole('button', { name: 'Update Query' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByRole('button', { name: 'Update Query' })).toBeEnabled();
  });

  it('shows the limit error on create too', async () => {
    server.use(
      http.post(`${API}/queries`, () =>
        HttpResponse.json(
          { error: 'Maximum query limit reached', current_count: 50, max_allowed: 50 },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'New Query' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Search Term' }), 'Analyst');
    await user.type(within(dialog).getByRole('combobox', { name: 'Location' }), 'San');
    await user.click(await within(dialog).findByRole('option', { name: 'San Francisco, CA' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Query' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Maximum query limit reached. You have 50 queries out of 50 allowed.',
    );
  });

  it.each([
    [
      'Cancel',
      async (user: ReturnType<typeof userEvent.setup>) =>
        user.click(screen.getByRole('button', { name: 'Cancel' })),
    ],
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    [
      'the backdrop',
      async (user: ReturnType<typeof userEvent.setup>) =>
        user.click(screen.getByTestId('dialog-backdrop')),
    ],
  ])('%s closes the modal and resets the form', async (_label, close) => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'New Query' }));
    await user.type(screen.getByRole('textbox', { name: 'Search Term' }), 'Half typed');
    await user.click(screen.getByRole('button', { name: 'Create Query' }));
    expect(screen.getByText('Location is required')).toBeInTheDocument();
    await close(user);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New Query' }));
    expect(screen.getByRole('textbox', { name: 'Search Term' })).toHaveValue('');
    expect(screen.queryByText('Location is required')).not.toBeInTheDocument();
    expect(writes).toEqual([]);
  });

  it('Escape in an open suggestion list closes only the list, not the modal', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'New Query' }));
    const location = screen.getByRole('combobox', { name: 'Location' });
    await user.type(location, 'San');
    await screen.findByRole('option', { name: 'San Francisco, CA' });
    await user.keyboard('{Escape}');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(location).toHaveValue('San');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the focus inside the modal', async () => {
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'New Query' }));
    const dialog = await screen.findByRole('dialog');
    for (let i = 0; i < 8; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(
        document.activeElement instanceof HTMLElement ? document.activeElement : null,
      );
    }
  });
});
