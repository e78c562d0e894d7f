import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { RulesPage } from './rules-page';
import { aRule, API, emptyRulesApi, fakeRulesApi, type FakeRulesApi } from './testing';

let api: FakeRulesApi = emptyRulesApi();
const server = setupServer(...fakeRulesApi(api));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  api = Object.assign(api, emptyRulesApi());
});
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

// The editor and the confirmations are lazy chunks: a loaded machine may need more than a second.
const LAZY = { timeout: 5000 };
const renderRules = () => renderScreen(<RulesPage />, { path: '/jobs/rules' });
const ruleItem = async (name: string) =>
  within(await screen.findByRole('list', { name: 'Rules' })).getByRole('listitem', { name });
const writes = () => api.writes.map((w) => `${w.method} ${w.path}`);

describe('RulesPage: states', () => {
  it('shows skeleton rows while the rules load', () => {
    server.use(
      http.get(`${API}/rules`, async () => {
        await delay('infinite');
        return HttpResponse.json({ items: [] });
      }),
    );
    renderRules();
    expect(screen.getByRole('heading', { level: 1, name: 'Rules' })).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(3);
  });

  it('tells an operator without rules what they are for, and opens the editor', async () => {
    renderRules();
    expect(await screen.findByRole('heading', { name: 'No rules yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Jobs' })).toHaveAttribute('href', '/jobs');
    await userEvent.click(screen.getAllByRole('button', { name: 'New rule' })[1] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'New rule' }, LAZY)).toBeInTheDocument();
  });

  it('shows a loading error with the server’s message', async () => {
    server.use(
      http.get(`${API}/rules`, () =>
        HttpResponse.json({ error: 'database is locked' }, { status: 503 }),
      ),
    );
    renderRules();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading rules: database is locked',
    );
  });
});

describe('RulesPage: the list', () => {
  beforeEach(() => {
    api.rules = [
      aRule(1, {
        name: 'No senior roles',
        conditions: [
          { field: 'title', value: 'senior' },
          { field: 'title', value: 'lead' },
        ],
        exceptions: [{ field: 'title', value: '"working student"' }],
      }),
      aRule(2, {
        name: 'Python',
        action: 'flag',
        color: 'green',
        card_only: false,
        conditions: [{ field: 'description', value: 'python' }],
      }),
      aRule(3, {
        name: 'Agencies',
        action: 'mute',
        enabled: false,
        conditions: [{ field: 'company', value: 'recruit*' }],
      }),
    ];
  });

  it('lists each rule with its action, its conditions and whether it acts on the card', async () => {
    renderRules();
    const senior = await ruleItem('No senior roles');
    expect(senior).toHaveTextContent('Hide');
    expect(senior).toHaveTextContent(
      'title: senior or title: lead · unless title: "working student"',
    );
    expect(senior).toHaveTextContent('new jobs it hides cost no detail request');
    const python = await ruleItem('Python');
    expect(python).toHaveTextContent('Flag · Green');
    expect(python).not.toHaveTextContent('detail request');
    const agencies = await ruleItem('Agencies');
    expect(agencies).toHaveTextContent('Disabled');
    expect(within(agencies).getByRole('switch', { name: 'Enabled: Agencies' })).not.toBeChecked();
    expect(within(agencies).getByRole('button', { name: 'Apply to stored jobs' })).toBeDisabled();
  });

  it('words a rule on fit (issue 40), alone or beside its words', async () => {
    api.rules = [
      aRule(4, {
        name: 'Poor fits',
        conditions: [],
        fit: { below: 40 },
        card_only: false,
      }),
      aRule(5, {
        name: 'Strong seniors',
        action: 'flag',
        color: 'green',
        fit: { at_least: 80 },
        card_only: false,
      }),
    ];
    renderRules();
    const poor = await ruleItem('Poor fits');
    expect(poor).toHaveTextContent('fit below 40');
    // It waits for the details: no promise that it costs no detail request.
    expect(poor).not.toHaveTextContent('detail request');
    expect(await ruleItem('Strong seniors')).toHaveTextContent(
      'title: senior · and fit 80 or more',
    );
  });

  it('says on screen why a disabled rule cannot be applied, and only for that rule (issue 30)', async () => {
    renderRules();
    const agencies = await ruleItem('Agencies');
    const apply = within(agencies).getByRole('button', { name: 'Apply to stored jobs' });
    expect(apply).toBeDisabled();
    // Words in the row, not a title: a disabled button takes no hover or focus to show one.
    const why = within(agencies).getByText('Enable the rule to apply it to stored jobs.');
    expect(apply).not.toHaveAttribute('title');
    expect(apply).toHaveAttribute('aria-describedby', why.id);
    expect(apply).toHaveAccessibleDescription('Enable the rule to apply it to stored jobs.');
    const python = await ruleItem('Python');
    expect(within(python).getByRole('button', { name: 'Apply to stored jobs' })).toBeEnabled();
    expect(python).not.toHaveTextContent('Enable the rule');
  });

  it('reorders with the keyboard: Move up and Move down send the whole order', async () => {
    renderRules();
    const first = within(await ruleItem('No senior roles'));
    expect(first.getByRole('button', { name: 'Move No senior roles up' })).toBeDisabled();
    first.getByRole('button', { name: 'Move No senior roles down' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(api.writes.at(-1)?.body).toEqual({ ids: [2, 1, 3] }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Rules' }))
          .getAllByRole('listitem')
          .map((li) => li.getAttribute('aria-label')),
      ).toEqual(['Python', 'No senior roles', 'Agencies']),
    );
    expect(await screen.findByText('No senior roles moved down')).toBeInTheDocument();
  });

  it('applies a rule to the stored jobs only after showing the count', async () => {
    api.matches[1] = { matches: 40, changed: 32, restorable: 0 };
    renderRules();
    await userEvent.click(
      within(await ruleItem('No senior roles')).getByRole('button', {
        name: 'Apply to stored jobs',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', {}, LAZY);
    expect(dialog).toHaveTextContent(
      '“No senior roles” matches 40 stored jobs. Hide the 32 of them that are new or seen?',
    );
    expect(writes()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(writes()).toEqual(['POST /rules/1/apply']));
    expect(await screen.findByText('No senior roles: 32 jobs hidden')).toBeInTheDocument();
  });

  it('says so when applying would change nothing', async () => {
    api.matches[2] = { matches: 3, changed: 0, restorable: 0 };
    renderRules();
    await userEvent.click(
      within(await ruleItem('Python')).getByRole('button', { name: 'Apply to stored jobs' }),
    );
    expect(
      await screen.findByText('Python matches 3 stored jobs; none needs changing'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('disabling a hide rule offers to bring back the jobs it hid, with the count', async () => {
    api.matches[1] = { matches: 40, changed: 0, restorable: 12 };
    renderRules();
    await userEvent.click(
      within(await ruleItem('No senior roles')).getByRole('switch', {
        name: 'Enabled: No senior roles',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Bring back hidden jobs' }, LAZY);
    expect(dialog).toHaveTextContent(
      '“No senior roles” hid 12 jobs that nobody has touched since.',
    );
    expect(writes()).toEqual(['PATCH /rules/1']);
    expect(api.writes[0]?.body).toEqual({ enabled: false });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(writes()).toEqual(['PATCH /rules/1', 'POST /rules/1/restore']));
    expect(
      await screen.findByText('Brought back 12 jobs hidden by No senior roles'),
    ).toBeInTheDocument();
  });

  it('disabling a rule that hid nothing asks nothing; a flag rule is never asked', async () => {
    renderRules();
    await userEvent.click(
      within(await ruleItem('Python')).getByRole('switch', { name: 'Enabled: Python' }),
    );
    await waitFor(() => expect(writes()).toEqual(['PATCH /rules/2']));
    expect(await screen.findByText('Rule disabled: Python')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('deletes only after the confirmation, then offers to bring back what a hide rule hid', async () => {
    api.matches[1] = { matches: 40, changed: 0, restorable: 5 };
    renderRules();
    await userEvent.click(
      within(await ruleItem('No senior roles')).getByRole('button', {
        name: 'Delete No senior roles',
      }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete rule' }, LAZY);
    expect(confirm).toHaveTextContent('Delete the rule “No senior roles”?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(writes()).toEqual([]);

    await userEvent.click(
      within(await ruleItem('No senior roles')).getByRole('button', {
        name: 'Delete No senior roles',
      }),
    );
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete rule' }, LAZY)).getByRole(
        'button',
        {
          name: 'Confirm',
        },
      ),
    );
    const restore = await screen.findByRole(
      'alertdialog',
      { name: 'Bring back hidden jobs' },
      LAZY,
    );
    expect(restore).toHaveTextContent('hid 5 jobs');
    expect(writes()).toEqual(['DELETE /rules/1']);
    await userEvent.click(within(restore).getByRole('button', { name: 'Cancel' }));
    expect(writes()).toEqual(['DELETE /rules/1']);
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'No senior roles' })).toBeNull(),
    );
  });

  it('says why an action failed', async () => {
    server.use(
      http.patch(`${API}/rules/:id`, () =>
        HttpResponse.json({ error: 'Rule not found' }, { status: 404 }),
      ),
    );
    renderRules();
    await userEvent.click(
      within(await ruleItem('Python')).getByRole('switch', { name: 'Enabled: Python' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not disable Python: Rule not found',
    );
  });

  it('exports the rule set as a JSON file', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      if (blob instanceof Blob) created.push(blob);
      return 'blob:rules';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    renderRules();
    await ruleItem('Python');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const anchor = click.mock.contexts[0];
    expect(anchor).toBeInstanceOf(HTMLAnchorElement);
    expect((anchor as HTMLAnchorElement).download).toBe('jobscout-rules.json');
    const file: unknown = JSON.parse(await (created[0] as Blob).text());
    expect(file).toMatchObject({
      version: 1,
      rules: [{ name: 'No senior roles' }, { name: 'Python' }, { name: 'Agencies' }],
    });
  });
});

describe('RulesPage: the Reposts card', () => {
  it('shows the carry-over setting and saves a change', async () => {
    renderRules();
    const card = await screen.findByRole('region', { name: 'Reposts' });
    const toggle = await within(card).findByRole('switch', {
      name: 'Carry triage over to reposts',
    });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(api.writes).toEqual([
        { method: 'PUT', path: '/reposts/settings', body: { carry_over_triage: false } },
      ]),
    );
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(await screen.findByText('Reposts now arrive as new')).toBeInTheDocument();
  });

  it('says why the setting could not be loaded', async () => {
    server.use(
      http.get(`${API}/reposts/settings`, () =>
        HttpResponse.json({ error: 'boom' }, { status: 500 }),
      ),
    );
    renderRules();
    expect(await screen.findByText('Could not load the repost setting: boom')).toBeInTheDocument();
  });
});
