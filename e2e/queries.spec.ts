import type { Page } from '@playwright/test';
import { MAX_QUERIES } from '../src/contract/constants';
import { locationSuggestionListSchema } from '../src/contract/locations';
import { expect, signIn, test, type RunningServer } from './fixtures';

const TYPEAHEAD_PATH = '/jobs-guest/api/typeaheadHits';

async function api(
  server: RunningServer,
  token: string,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  return fetch(`${server.url}/api/v1${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  });
}

/** Moves the highlight down to the suggestion named `name` with the arrow keys, then picks it with Enter. */
async function pickWithKeyboard(page: Page, name: string): Promise<void> {
  const options = page.getByRole('option');
  await expect(page.getByRole('option', { name })).toBeVisible();
  const names = await options.allTextContents();
  const index = names.indexOf(name);
  expect(index).toBeGreaterThanOrEqual(0);
  for (let i = 0; i <= index; i += 1) await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
}

test('creates a query by typing a place and picking it with the keyboard, edits, toggles and deletes it', async ({
  page,
  server,
  simulator,
}) => {
  await page.goto(`${server.url}/queries`);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Queries', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'All Queries' });
  await expect(table.getByText('No queries found.')).toBeVisible();

  // Create.
  await page.getByRole('button', { name: 'New Query' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Query' });
  await dialog.getByRole('textbox', { name: 'Search Term' }).fill('  Financial Analyst ');
  const location = dialog.getByRole('combobox', { name: 'Location' });
  await location.pressSequentially('Berl');
  await pickWithKeyboard(page, 'Berlin, Germany');
  await expect(location).toHaveValue('Berlin, Germany');
  await expect(page.getByRole('option')).toHaveCount(0);
  // The lookups were debounced: one site call for the whole word, not one per keystroke.
  expect(simulator.requests.filter((r) => r.path === TYPEAHEAD_PATH)).toHaveLength(1);
  await dialog.getByRole('switch', { name: 'AI-Powered Search' }).click();
  await dialog.getByRole('button', { name: 'Create Query' }).click();
  await expect(dialog).toBeHidden();
  const row = table.getByRole('row').filter({ hasText: '#1' });
  await expect(row.getByRole('cell')).toHaveText([
    '#1',
    'Financial Analyst',
    'Berlin, Germany',
    'AI',
    '',
    'EditDelete',
  ]);
  await expect(row.getByRole('switch')).toBeChecked();

  // Edit: a new title, the same place.
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Query' });
  const title = edit.getByRole('textbox', { name: 'Search Term' });
  await expect(title).toHaveValue('Financial Analyst');
  await expect(edit.getByRole('combobox', { name: 'Location' })).toHaveValue('Berlin, Germany');
  await title.fill('Senior Financial Analyst');
  await edit.getByRole('switch', { name: 'AI-Powered Search' }).click();
  await edit.getByRole('button', { name: 'Update Query' }).click();
  await expect(edit).toBeHidden();
  await expect(row.getByRole('cell')).toHaveText([
    '#1',
    'Senior Financial Analyst',
    'Berlin, Germany',
    'Classic',
    '',
    'EditDelete',
  ]);

  // Toggle off, and it stays off after a reload.
  await row.getByRole('switch').click();
  await expect(row.getByRole('switch')).not.toBeChecked();
  await page.reload();
  await expect(row.getByRole('switch')).not.toBeChecked();
  await expect(row.getByRole('switch')).toBeEnabled();

  // Delete: the confirmation names both, then the row stays, archived.
  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(
    'Are you sure you want to delete the query "Senior Financial Analyst" in "Berlin, Germany"? This will archive it permanently.',
  );
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Edit' })).toBeDisabled();
  await expect(row.getByRole('switch')).toBeDisabled();
  const token = await server.apiToken();
  const stored: unknown = await (await api(server, token, '/queries')).json();
  expect(stored).toEqual([
    {
      id: 1,
      job_title: 'Senior Financial Analyst',
      location_id: 103035651,
      display_name: 'Berlin, Germany',
      status: 'archived',
      is_ai: false,
      // Issue 10's field beside SPEC.md's: a query saved without filters has none.
      filters: {
        posted_within: 'any',
        workplace: [],
        experience: [],
        job_type: [],
        easy_apply: false,
        distance: null,
      },
      // Issue 40's: the query's fit profile, null for the default one.
      fit_profile_id: null,
    },
  ]);
});

test(`disables New Query with its tooltip once ${MAX_QUERIES} queries are not archived`, async ({
  page,
  server,
}) => {
  const token = await server.apiToken();
  // The server only accepts places its typeahead has returned: ask it first.
  const places = await api(server, token, '/locations/typeahead?query=Munich');
  const hits = locationSuggestionListSchema.parse(await places.json());
  const munich = hits.find((h) => h.displayName === 'Munich, Bavaria, Germany');
  expect(munich).toBeDefined();
  const locationId = Number(munich?.id);
  for (let i = 1; i <= MAX_QUERIES; i += 1) {
    const res = await api(server, token, '/queries', {
      method: 'POST',
      body: JSON.stringify({
        job_title: `Role ${i}`,
        location_id: locationId,
        status: 'active',
        is_ai: false,
      }),
    });
    expect(res.status).toBe(200);
  }

  await page.goto(`${server.url}/queries`);
  await signIn(page);
  const table = page.getByRole('table', { name: 'All Queries' });
  await expect(table.getByRole('row').filter({ hasText: 'Role 50' })).toBeVisible();
  const button = page.getByRole('button', { name: 'New Query' });
  await expect(button).toBeDisabled();
  // A disabled button gets no pointer events: its wrapper shows the tooltip.
  await button.locator('..').hover();
  await expect(page.getByRole('tooltip')).toHaveText('Query limit reached (50 max)');

  // Archived queries do not count: archive one and the button comes back.
  const archived = await api(server, token, '/queries/1', {
    method: 'PUT',
    body: JSON.stringify({
      job_title: 'Role 1',
      location_id: locationId,
      status: 'archived',
      is_ai: false,
    }),
  });
  expect(archived.status).toBe(200);
  await page.reload();
  await expect(table.getByRole('row').filter({ hasText: 'Role 50' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New Query' })).toBeEnabled();
});
