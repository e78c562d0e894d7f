import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FitProfile } from '../../../contract/fit';
import type { Query } from '../../../contract/queries';
import { QueriesPage } from './queries-page';
import { aProfile } from '../fit/testing';
import { aQuery, API, fitProfilesHandler, renderWithClient } from './testing';

// Issue 40: a query's fit profile, chosen in the modal below SPEC.md's fields.

let stored: Query[] = [];
let profiles: FitProfile[] = [];
let profileAnswers = 0;
const writes: Array<{ method: string; body: unknown }> = [];

const server = setupServer(
  fitProfilesHandler(() => {
    profileAnswers += 1;
    return profiles;
  }),
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
    aQuery(1, { job_title: 'Plain Search' }),
    aQuery(2, { job_title: 'Data Search', fit_profile_id: 8 }),
  ];
  profiles = [
    aProfile(3, { name: 'Backend', is_default: true }),
    aProfile(8, { name: 'Data · 数据' }),
  ];
  writes.length = 0;
  profileAnswers = 0;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// The modal is a lazy chunk: a loaded machine may need more than a second.
const LAZY = { timeout: 5000 };

async function openModal(button: () => HTMLElement, name: string) {
  const user = userEvent.setup();
  await user.click(button());
  return { user, dialog: await screen.findByRole('dialog', { name }, LAZY) };
}

async function newQuery() {
  renderWithClient(<QueriesPage />);
  await screen.findByText('Plain Search', { selector: 'td > div' }, LAZY);
  const opened = await openModal(
    () => screen.getByRole('button', { name: 'New Query' }),
    'Create New Query',
  );
  const { user, dialog } = opened;
  await user.type(within(dialog).getByRole('textbox', { name: 'Search Term' }), 'Analyst');
  await user.type(within(dialog).getByRole('combobox', { name: 'Location' }), 'San');
  await user.click(await within(dialog).findByRole('option', { name: 'San Francisco, CA' }));
  return opened;
}

describe('QueriesPage: the Fit profile select', () => {
  it('offers the default profile by its name and each named one, and sends the one chosen', async () => {
    const { user, dialog } = await newQuery();
    const select = await within(dialog).findByRole('combobox', { name: 'Fit profile' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Default profile · Backend', 'Backend', 'Data · 数据']);
    expect(select).toHaveDisplayValue('Default profile · Backend');
    await user.selectOptions(select, 'Data · 数据');
    await user.click(within(dialog).getByRole('button', { name: 'Create Query' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      method: 'POST',
      body: {
        job_title: 'Analyst',
        location_id: 102277331,
        status: 'active',
        is_ai: false,
        fit_profile_id: 8,
      },
    });
  });

  it('sends SPEC.md’s body when the default is left as it is', async () => {
    const { user, dialog } = await newQuery();
    await within(dialog).findByRole('combobox', { name: 'Fit profile' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Query' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toEqual({
      job_title: 'Analyst',
      location_id: 102277331,
      status: 'active',
      is_ai: false,
    });
  });

  it('shows a query’s stored profile when edited, and sends null to go back to the default', async () => {
    renderWithClient(<QueriesPage />);
    const cell = await screen.findByText('Data Search', { selector: 'td > div' }, LAZY);
    const row = cell.closest('tr');
    if (!row) throw new Error('no row');
    const { user, dialog } = await openModal(
      () => within(row).getByRole('button', { name: 'Edit' }),
      'Edit Query',
    );
    const select = await within(dialog).findByRole('combobox', { name: 'Fit profile' });
    expect(select).toHaveDisplayValue('Data · 数据');
    await user.selectOptions(select, 'Default profile · Backend');
    await user.click(within(dialog).getByRole('button', { name: 'Update Query' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toMatchObject({ fit_profile_id: null });
  });

  it('is not shown while no profile exists', async () => {
    profiles = [];
    const { dialog } = await newQuery();
    // The answer has come, and no select is drawn.
    await waitFor(() => expect(profileAnswers).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(within(dialog).queryByRole('combobox', { name: 'Fit profile' })).toBeNull();
    expect(within(dialog).queryByText(/Fit profile/)).toBeNull();
  });
});
