import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Query } from '../../../contract/queries';
import { NO_FILTERS } from '../../../contract/search-filters';
import { AI_FILTERS_REASON } from './components/filters-section';
import { QueriesPage } from './queries-page';
import { aQuery, API, renderWithClient, fitProfilesHandler } from './testing';

// Issue 10: the modal's collapsed Filters section and the chips in the Search Term cell.

let stored: Query[] = [];
const writes: Array<{ method: string; body: unknown }> = [];

const server = setupServer(
  fitProfilesHandler(),
  http.get(`${API}/queries`, () => HttpResponse.json(stored)),
  http.post(`${API}/queries`, async ({ request }) => {
    writes.push({ method: 'POST', body: await request.json() });
    return HttpResponse.json(aQuery(99));
  }),
  http.put(`${API}/queries/:id`, async ({ request, params }) => {
    writes.push({ method: 'PUT', body: await request.json() });
    return HttpResponse.json(stored.find((q) => q.id === Number(params.id)));
  }),
  http.get(`${API}/locations/typeahead`, () =>
    HttpResponse.json([{ id: '102277331', displayName: 'San Francisco, CA' }]),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  stored = [
    aQuery(1, {
      job_title: 'Data Engineer',
      filters: {
        posted_within: 'past_week',
        workplace: ['remote', 'hybrid'],
        experience: ['mid_senior'],
        job_type: ['contract'],
        easy_apply: true,
        distance: 25,
      },
    }),
    aQuery(2, { job_title: 'Plain Search' }),
    aQuery(3, {
      job_title: 'AI Search',
      is_ai: true,
      filters: { ...NO_FILTERS, easy_apply: true },
    }),
  ];
  writes.length = 0;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const rowOf = async (title: string) => {
  // A cell's value sits in its value box (the card layout's, see ui/table.tsx).
  const cell = await screen.findByText(title, { selector: 'td > div' });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return row;
};

async function openNewQuery() {
  const user = userEvent.setup();
  renderWithClient(<QueriesPage />);
  await rowOf('Plain Search');
  await user.click(screen.getByRole('button', { name: 'New Query' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create New Query' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Search Term' }), 'Analyst');
  await user.type(within(dialog).getByRole('combobox', { name: 'Location' }), 'San');
  await user.click(await within(dialog).findByRole('option', { name: 'San Francisco, CA' }));
  return { user, dialog };
}

describe('QueriesPage: filters', () => {
  it('shows a query’s filters as chips in its Search Term cell, columns unchanged', async () => {
    renderWithClient(<QueriesPage />);
    const row = await rowOf('Data Engineer');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'ID',
      'Search Term',
      'Location',
      'AI',
      'Active',
      'Actions',
    ]);
    const chips = within(row).getByRole('list', { name: 'Filters of Data Engineer' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual([
      'Past week',
      'Remote',
      'Hybrid',
      'Mid-Senior',
      'Contract',
      'Easy Apply',
      'Within 25 mi',
    ]);
    expect(within(await rowOf('Plain Search')).queryByRole('list')).not.toBeInTheDocument();
    // An AI query's stored filters are not used, so not shown.
    expect(within(await rowOf('AI Search')).queryByRole('list')).not.toBeInTheDocument();
  });

  it('keeps the section collapsed below SPEC.md’s fields, and sends SPEC.md’s body when untouched', async () => {
    const { user, dialog } = await openNewQuery();
    const toggle = within(dialog).getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(dialog).queryByRole('group', { name: 'Workplace' })).not.toBeInTheDocument();
    // Below the AI toggle.
    const aiSwitch = within(dialog).getByRole('switch', { name: 'AI-Powered Search' });
    expect(
      aiSwitch.compareDocumentPosition(toggle) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create Query' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toEqual({
      job_title: 'Analyst',
      location_id: 102277331,
      status: 'active',
      is_ai: false,
    });
  });

  it('sends the filters picked in the section', async () => {
    const { user, dialog } = await openNewQuery();
    await user.click(within(dialog).getByRole('button', { name: 'Filters' }));
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Posted within' }),
      'Past 24 hours',
    );
    const workplace = within(dialog).getByRole('group', { name: 'Workplace' });
    await user.click(within(workplace).getByRole('checkbox', { name: 'Remote' }));
    await user.click(within(workplace).getByRole('checkbox', { name: 'On-site' }));
    const experience = within(dialog).getByRole('group', { name: 'Experience level' });
    await user.click(within(experience).getByRole('checkbox', { name: 'Entry level' }));
    const jobType = within(dialog).getByRole('group', { name: 'Job type' });
    await user.click(within(jobType).getByRole('checkbox', { name: 'Internship' }));
    await user.click(within(jobType).getByRole('checkbox', { name: 'Full-time' }));
    await user.click(within(jobType).getByRole('checkbox', { name: 'Full-time' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Easy Apply only' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Distance' }), '10 mi');
    expect(within(dialog).getByRole('button', { name: /Filters/ })).toHaveTextContent('(7 set)');
    await user.click(within(dialog).getByRole('button', { name: 'Create Query' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toEqual({
      job_title: 'Analyst',
      location_id: 102277331,
      status: 'active',
      is_ai: false,
      filters: {
        posted_within: 'past_24_hours',
        workplace: ['on_site', 'remote'],
        experience: ['entry_level'],
        job_type: ['internship'],
        easy_apply: true,
        distance: 10,
      },
    });
  });

  it('disables the section for an AI query with a one-line reason, and sends no filters', async () => {
    const { user, dialog } = await openNewQuery();
    await user.click(within(dialog).getByRole('button', { name: 'Filters' }));
    await user.click(
      within(within(dialog).getByRole('group', { name: 'Workplace' })).getByRole('checkbox', {
        name: 'Remote',
      }),
    );
    await user.click(within(dialog).getByRole('switch', { name: 'AI-Powered Search' }));
    const toggle = within(dialog).getByRole('button', { name: 'Filters' });
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(AI_FILTERS_REASON);
    expect(within(dialog).queryByRole('group', { name: 'Workplace' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create Query' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toEqual({
      job_title: 'Analyst',
      location_id: 102277331,
      status: 'active',
      is_ai: true,
    });
  });

  it('edits: shows the stored filters, and sends them changed', async () => {
    const user = userEvent.setup();
    renderWithClient(<QueriesPage />);
    await user.click(within(await rowOf('Data Engineer')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Query' });
    await user.click(within(dialog).getByRole('button', { name: /Filters/ }));
    expect(within(dialog).getByRole('combobox', { name: 'Posted within' })).toHaveValue(
      'past_week',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Distance' })).toHaveValue('25');
    const workplace = within(dialog).getByRole('group', { name: 'Workplace' });
    expect(within(workplace).getByRole('checkbox', { name: 'Remote' })).toBeChecked();
    await user.click(within(workplace).getByRole('checkbox', { name: 'Hybrid' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update Query' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'PUT',
      body: {
        job_title: 'Data Engineer',
        location_id: 103035651,
        status: 'active',
        is_ai: false,
        filters: {
          posted_within: 'past_week',
          workplace: ['remote'],
          experience: ['mid_senior'],
          job_type: ['contract'],
          easy_apply: true,
          distance: 25,
        },
      },
    });
  });

  it('edits: clearing every filter sends an empty set, so the stored ones go', async () => {
    stored = [
      aQuery(1, { job_title: 'Data Engineer', filters: { ...NO_FILTERS, easy_apply: true } }),
    ];
    const user = userEvent.setup();
    renderWithClient(<QueriesPage />);
    await user.click(within(await rowOf('Data Engineer')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Query' });
    await user.click(within(dialog).getByRole('button', { name: /Filters/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Easy Apply only' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update Query' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toMatchObject({ filters: NO_FILTERS });
  });
});
