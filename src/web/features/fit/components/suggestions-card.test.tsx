import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FitSuggestion } from '../../../../contract/fit';
import { stillNeeded } from './suggestions-card';
import { aProfile, emptyFitApi, fakeFitApi, renderFit, type FakeFitApi } from '../testing';

const api: FakeFitApi = emptyFitApi();
const server = setupServer(...fakeFitApi(api));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => Object.assign(api, emptyFitApi()));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const card = () => screen.findByRole('region', { name: 'Suggestions from your triage' });

const suggestion = (kind: FitSuggestion['kind'], term: string, counts: number[]): FitSuggestion => {
  const [saved = 0, saved_of = 40, hidden = 0, hidden_of = 120] = counts;
  return { kind, term, saved, saved_of, hidden, hidden_of, z: kind === 'plus_skill' ? 4 : -4 };
};

describe('SuggestionsCard', () => {
  it('says how many saved and hidden jobs are still needed', async () => {
    api.profiles = [aProfile(1, { name: 'Backend' })];
    api.suggestions[1] = { ready: false, saved_of: 12, hidden_of: 25, items: [] };
    renderFit();
    expect(await within(await card()).findByText(/Suggestions come once/)).toHaveTextContent(
      'Suggestions come once at least 20 of the jobs this profile scores are saved or applied to, and 20 hidden (now 12 and 25): 8 more saved or applied are needed.',
    );
  });

  it('lists each term with its counts, and adds one only when its button is pressed', async () => {
    const user = userEvent.setup();
    api.profiles = [aProfile(1, { name: 'Backend', plus_skills: ['Go'], dealbreakers: [] })];
    api.suggestions[1] = {
      ready: true,
      saved_of: 40,
      hidden_of: 120,
      items: [
        suggestion('plus_skill', 'Kubernetes', [31, 40, 2, 120]),
        suggestion('plus_skill', 'Terraform', [22, 40, 9, 120]),
        suggestion('dealbreaker', 'security clearance', [0, 40, 38, 120]),
      ],
    };
    renderFit();
    const region = await card();
    const plus = await within(region).findByRole('list', { name: 'A plus skill?' });
    expect(
      within(plus)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Kubernetesin 31 of 40 saved, 2 of 120 hiddenAdd as plus skill',
      'Terraformin 22 of 40 saved, 9 of 120 hiddenAdd as plus skill',
    ]);
    const dealbreakers = within(region).getByRole('list', { name: 'A dealbreaker?' });
    expect(dealbreakers).toHaveTextContent('security clearancein 0 of 40 saved, 38 of 120 hidden');
    // Shown, not taken: nothing was written.
    expect(api.writes).toEqual([]);

    await user.click(within(plus).getByRole('button', { name: 'Add as plus skill: Kubernetes' }));
    expect(
      await screen.findByText('Added “Kubernetes” to the plus skills of Backend'),
    ).toBeInTheDocument();
    await user.click(
      within(dealbreakers).getByRole('button', { name: 'Add as dealbreaker: security clearance' }),
    );
    await screen.findByText('Added “security clearance” to the dealbreakers of Backend');
    expect(api.writes.map((w) => [w.method, w.path])).toEqual([
      ['PUT', '/fit-profiles/1'],
      ['PUT', '/fit-profiles/1'],
    ]);
    expect(api.writes[0]?.body).toMatchObject({
      plus_skills: ['Go', 'Kubernetes'],
      dealbreakers: [],
    });
    // The second add starts from the profile as the first left it.
    await waitFor(() =>
      expect(api.profiles[0]).toMatchObject({
        plus_skills: ['Go', 'Kubernetes'],
        dealbreakers: ['security clearance'],
      }),
    );
  });

  it('suggests for the profile chosen, when there are several', async () => {
    const user = userEvent.setup();
    api.profiles = [
      aProfile(1, { name: 'Backend' }),
      aProfile(2, { name: 'Data', is_default: false }),
    ];
    api.suggestions[2] = {
      ready: true,
      saved_of: 30,
      hidden_of: 30,
      items: [suggestion('plus_skill', 'dbt', [20, 30, 1, 30])],
    };
    renderFit();
    const region = await card();
    expect(await within(region).findByText(/Suggestions come once/)).toBeInTheDocument();
    await user.selectOptions(within(region).getByRole('combobox', { name: 'For' }), 'Data');
    expect(await within(region).findByText('dbt')).toBeInTheDocument();
  });

  it('counts both sides still needed', () => {
    expect(stillNeeded({ ready: false, saved_of: 3, hidden_of: 0, items: [] })).toBe(
      '17 more saved or applied and 20 more hidden',
    );
    expect(stillNeeded({ ready: false, saved_of: 30, hidden_of: 19, items: [] })).toBe(
      '1 more hidden',
    );
  });

  it('says when nothing stands out', async () => {
    api.profiles = [aProfile(1, { name: 'Backend' })];
    api.suggestions[1] = { ready: true, saved_of: 20, hidden_of: 20, items: [] };
    renderFit();
    expect(
      await within(await card()).findByText(
        'Nothing stands out yet: your saved and hidden jobs use much the same words.',
      ),
    ).toBeInTheDocument();
  });
});
