import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIT_PROFILES_MAX } from '../../../contract/fit';
import { FIT_STATUS_POLL_MS } from '../../components/fit/fit-queries';
import {
  API,
  aProfile,
  emptyFitApi,
  fakeFitApi,
  IDLE,
  renderFit,
  type FakeFitApi,
} from './testing';

const api: FakeFitApi = emptyFitApi();
const server = setupServer(...fakeFitApi(api));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => Object.assign(api, emptyFitApi()));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

// The form and the confirmations are lazy chunks: a loaded machine may need more than a second.
const LAZY = { timeout: 5000 };
const location = () => screen.getByTestId('location').textContent ?? '';
const profileItem = async (name: string) =>
  within(await screen.findByRole('list', { name: 'Profiles' })).getByRole('listitem', { name });

describe('FitPage: the profiles', () => {
  it('invites an operator without a profile to make one, and opens the form', async () => {
    const user = userEvent.setup();
    renderFit();
    expect(screen.getByRole('heading', { level: 1, name: 'Fit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jobs' })).toHaveAttribute('href', '/jobs');
    expect(await screen.findByRole('heading', { name: 'No profile yet' })).toBeInTheDocument();
    // No suggestions without a profile to suggest for.
    expect(screen.queryByRole('heading', { name: 'Suggestions from your triage' })).toBeNull();
    await user.click(screen.getAllByRole('button', { name: 'New profile' })[1] as HTMLElement);
    expect(location()).toBe('/jobs/fit?edit=new');
    expect(await screen.findByRole('heading', { name: 'New profile' }, LAZY)).toBeInTheDocument();
  });

  it('lists the profiles, the default first and marked, each with what it asks for', async () => {
    api.profiles = [
      aProfile(1, {
        name: 'Backend',
        must_skills: ['Go', 'Kubernetes', 'PostgreSQL'],
        plus_skills: ['Terraform'],
        dealbreakers: ['security clearance'],
        seniority: ['mid_senior'],
        years_experience: 7,
        languages: ['en', 'de'],
        workplaces: ['remote', 'hybrid'],
        places: [{ id: '103035651', display_name: 'Berlin, Germany' }],
        salary_floor: { amount: 70000, currency: 'EUR', period: 'year' },
        cv_text: 'Seven years of Go.',
      }),
      aProfile(2, { name: 'Données · 数据 analyst', is_default: false }),
    ];
    renderFit();
    const backend = await profileItem('Backend');
    expect(within(backend).getByText('Default')).toBeInTheDocument();
    expect(backend).toHaveTextContent(
      '3 must-have skills · 1 plus skill · 1 dealbreaker · Mid-Senior · 7 years · English, German · Remote, Hybrid · Berlin, Germany · from 70,000 EUR a year · CV',
    );
    const other = await profileItem('Données · 数据 analyst');
    expect(other).toHaveTextContent('Asks about nothing yet: every job scores 50.');
    expect(within(other).queryByText('Default')).toBeNull();
    // The default stays while another profile stands: the reason is said in the row.
    const remove = within(backend).getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(
      'Make another profile the default to delete this one.',
    );
    expect(within(backend).queryByRole('button', { name: 'Make default' })).toBeNull();
  });

  it('makes another profile the default with every field kept', async () => {
    const user = userEvent.setup();
    api.profiles = [
      aProfile(1, { name: 'Backend' }),
      aProfile(2, {
        name: 'Data',
        is_default: false,
        must_skills: ['Python'],
        years_experience: 3,
      }),
    ];
    renderFit();
    await user.click(
      within(await profileItem('Data')).getByRole('button', { name: 'Make default' }),
    );
    expect(await screen.findByText('Data is now the default profile')).toBeInTheDocument();
    expect(api.writes).toEqual([
      {
        method: 'PUT',
        path: '/fit-profiles/2',
        body: {
          name: 'Data',
          cv_text: '',
          must_skills: ['Python'],
          plus_skills: [],
          dealbreakers: [],
          seniority: [],
          years_experience: 3,
          languages: [],
          workplaces: [],
          places: [],
          salary_floor: null,
          is_default: true,
        },
      },
    ]);
    await waitFor(async () =>
      expect(within(await profileItem('Data')).getByText('Default')).toBeInTheDocument(),
    );
  });

  it('deletes a profile after the confirmation, and not before', async () => {
    const user = userEvent.setup();
    api.profiles = [
      aProfile(1, { name: 'Backend' }),
      aProfile(2, { name: 'Data', is_default: false }),
    ];
    renderFit();
    await user.click(within(await profileItem('Data')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', {}, LAZY);
    expect(dialog).toHaveTextContent(
      'Delete the profile “Data”? Its scores go, and saved queries that use it use the default profile.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.writes).toEqual([]);
    await user.click(within(await profileItem('Data')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog', {}, LAZY)).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(await screen.findByText('Profile deleted: Data')).toBeInTheDocument();
    expect(api.writes).toEqual([{ method: 'DELETE', path: '/fit-profiles/2', body: null }]);
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Profiles' })).queryByRole('listitem', {
          name: 'Data',
        }),
      ).toBeNull(),
    );
  });

  it('says what deleting the last profile does, and shows a refusal from the server', async () => {
    const user = userEvent.setup();
    api.profiles = [aProfile(1, { name: 'Backend' })];
    api.failWrite['/fit-profiles/1'] = { status: 409, error: 'database is busy' };
    renderFit();
    await user.click(within(await profileItem('Backend')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', {}, LAZY);
    expect(dialog).toHaveTextContent(
      'Delete the profile “Backend”? It is the only one: jobs have no fit until you make another.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not delete Backend: database is busy',
    );
  });

  it(`offers no new profile once there are ${FIT_PROFILES_MAX}, and says why`, async () => {
    api.profiles = Array.from({ length: FIT_PROFILES_MAX }, (_, i) =>
      aProfile(i + 1, { name: `Role ${String(i + 1).padStart(2, '0')}` }),
    );
    renderFit();
    await profileItem('Role 01');
    const add = screen.getByRole('button', { name: 'New profile' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('Up to 10 profiles: delete one to make another.');
  });

  it('says so when a profile named in the address is gone', async () => {
    api.profiles = [aProfile(1, { name: 'Backend' })];
    renderFit('/jobs/fit?edit=7');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No profile #7: it may have been deleted.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Back to the profiles' }));
    expect(await profileItem('Backend')).toBeInTheDocument();
  });

  it('shows a loading error with the server’s message', async () => {
    server.use(
      http.get(`${API}/fit-profiles`, () =>
        HttpResponse.json({ error: 'database is locked' }, { status: 503 }),
      ),
    );
    renderFit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading profiles: database is locked',
    );
  });
});

describe('FitPage: the rescoring’s progress', () => {
  it('shows the progress while stored jobs are scored again, and stops asking once idle', async () => {
    api.profiles = [aProfile(1, { name: 'Backend' })];
    const running = {
      ...IDLE,
      rescoring: true,
      total: 200_000,
      started_at: '2026-11-20T09:00:00.000Z',
    };
    api.statuses = [
      { ...running, done: 20_000 },
      { ...running, done: 150_000 },
      { ...IDLE, done: 200_000, total: 200_000 },
    ];
    renderFit();
    const bar = await screen.findByRole('progressbar', { name: 'Scoring stored jobs again' });
    expect(bar).toHaveAttribute('aria-valuenow', '20000');
    expect(bar).toHaveAttribute('aria-valuemax', '200000');
    expect(screen.getByText(/20,000 of 200,000 jobs scored \(10%\)/)).toBeInTheDocument();
    await screen.findByText(/150,000 of 200,000 jobs scored \(75%\)/, {}, { timeout: 4000 });
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull(), { timeout: 4000 });
    const asked = api.statusRequests;
    expect(asked).toBe(3);
    // Idle: no more polling.
    await new Promise((r) => setTimeout(r, FIT_STATUS_POLL_MS * 2.5));
    expect(api.statusRequests).toBe(asked);
  });
});
