import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emptyFitApi, fakeFitApi, renderFit, type FakeFitApi } from '../testing';
import { ALIASES_SHOWN } from './aliases-editor';

const api: FakeFitApi = emptyFitApi();
const server = setupServer(...fakeFitApi(api));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => Object.assign(api, emptyFitApi()));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const LAZY = { timeout: 5000 };

async function openAliases() {
  const user = userEvent.setup();
  renderFit();
  const card = await screen.findByRole('region', { name: 'Aliases' });
  await user.click(within(card).getByRole('button', { name: 'Edit aliases' }));
  await within(card).findByRole('list', { name: 'Alias groups' });
  return { user, card };
}
const groups = (card: HTMLElement) =>
  within(within(card).getByRole('list', { name: 'Alias groups' }))
    .queryAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));

describe('AliasesEditor', () => {
  it('loads the list only when opened, and finds a group by any spelling', async () => {
    const { user, card } = await openAliases();
    expect(card).toHaveTextContent('The built-in list: 3 groups.');
    expect(groups(card)).toEqual(['JavaScript', 'Kubernetes', 'PostgreSQL']);
    await user.type(within(card).getByRole('searchbox', { name: 'Search aliases' }), 'k8');
    expect(groups(card)).toEqual(['Kubernetes']);
  });

  it(`lists ${ALIASES_SHOWN} groups at most, and says how to find the others`, async () => {
    api.aliases = {
      groups: Array.from({ length: 120 }, (_, i) => [`Skill ${i}`, `S${i}`]),
      built_in: false,
    };
    const { card } = await openAliases();
    expect(groups(card)).toHaveLength(ALIASES_SHOWN);
    expect(card).toHaveTextContent('Showing 50 of 120 groups: search to find the others.');
    expect(card).toHaveTextContent('Your list: 120 groups.');
  });

  it('adds, edits and removes groups, and saves the whole list once', async () => {
    const { user, card } = await openAliases();
    const add = within(card).getByRole('textbox', { name: 'New group' });
    // Commas alone are no group: the contract's own check says so before anything is sent.
    await user.type(add, ' , {Enter}');
    expect(add).toHaveAccessibleDescription(
      /^Spellings of one skill.*An alias group needs at least/,
    );
    expect(api.writes).toEqual([]);
    await user.clear(add);
    await user.type(add, 'Amazon Web Services, AWS{Enter}');
    await user.click(within(card).getByRole('button', { name: 'Edit Kubernetes' }));
    const spellings = within(card).getByRole('textbox', { name: 'Spellings of Kubernetes' });
    expect(spellings).toHaveValue('Kubernetes, k8s');
    await user.type(spellings, ', kube{Enter}');
    await user.click(within(card).getByRole('button', { name: 'Remove PostgreSQL' }));
    expect(card).toHaveTextContent('Your list: 3 groups, changes not saved yet.');
    expect(api.writes).toEqual([]);
    await user.click(within(card).getByRole('button', { name: 'Save aliases' }));
    expect(await screen.findByText('Aliases saved')).toBeInTheDocument();
    expect(api.writes).toEqual([
      {
        method: 'PUT',
        path: '/fit-aliases',
        body: {
          groups: [
            ['JavaScript', 'JS', 'ECMAScript'],
            ['Kubernetes', 'k8s', 'kube'],
            ['Amazon Web Services', 'AWS'],
          ],
        },
      },
    ]);
    await waitFor(() => expect(card).toHaveTextContent('Your list: 3 groups.'));
    expect(within(card).getByRole('button', { name: 'Save aliases' })).toBeDisabled();
  });

  it('shows the server’s refusal and keeps the changes', async () => {
    api.failWrite['/fit-aliases'] = {
      status: 400,
      error: 'an alias must be at most 100 characters',
    };
    const { user, card } = await openAliases();
    await user.type(within(card).getByRole('textbox', { name: 'New group' }), 'a, b{Enter}');
    await user.click(within(card).getByRole('button', { name: 'Save aliases' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Could not save the aliases: an alias must be at most 100 characters',
    );
    expect(groups(card)).toContain('a');
  });

  it('resets to the built-in list after the confirmation', async () => {
    api.aliases = { groups: [['Go', 'Golang']], built_in: false };
    const { user, card } = await openAliases();
    await user.click(within(card).getByRole('button', { name: 'Reset to built-in' }));
    const dialog = await screen.findByRole('alertdialog', {}, LAZY);
    expect(dialog).toHaveTextContent(
      'Bring back the built-in alias list? Groups you added or changed are lost, and the stored jobs are scored again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Aliases reset to the built-in list')).toBeInTheDocument();
    expect(api.writes).toEqual([{ method: 'DELETE', path: '/fit-aliases', body: null }]);
    await waitFor(() => expect(groups(card)).toEqual(['JavaScript', 'Kubernetes', 'PostgreSQL']));
    expect(within(card).getByRole('button', { name: 'Reset to built-in' })).toBeDisabled();
  });
});
