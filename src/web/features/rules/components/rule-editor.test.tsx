import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { aRule, API, emptyRulesApi, fakeRulesApi, type FakeRulesApi } from '../testing';
import { PREVIEW_DEBOUNCE_MS, RuleEditor } from './rule-editor';

let api: FakeRulesApi = emptyRulesApi();
const server = setupServer(...fakeRulesApi(api));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  api = Object.assign(api, emptyRulesApi());
});
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

const previews = () => api.writes.filter((w) => w.path === '/rules/preview');

function renderEditor(rule = null as Parameters<typeof RuleEditor>[0]['rule']) {
  const onClose = vi.fn();
  renderScreen(<RuleEditor rule={rule} onClose={onClose} />);
  return { onClose, dialog: screen.getByRole('dialog', { name: rule ? 'Edit rule' : 'New rule' }) };
}

describe('RuleEditor: the live preview', () => {
  it('asks once the typing pauses, and shows the count with a few titles', async () => {
    api.preview = () => ({
      matches: 42,
      examples: [
        { id: 1, title: 'Senior Data Engineer', company_name: 'Acme' },
        { id: 2, title: 'Senior Analyst', company_name: 'Globex' },
      ],
    });
    const { dialog } = renderEditor();
    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent(
      'Type a word or a phrase, or choose a fit, to see which stored jobs match.',
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Condition 1: words' }),
      'senior',
    );
    await waitFor(() => expect(preview).toHaveTextContent('Matches 42 stored jobs'));
    // One question for the word, not one per keystroke.
    expect(previews()).toHaveLength(1);
    expect(previews()[0]?.body).toEqual({
      conditions: [{ field: 'title', value: 'senior' }],
      match: 'any',
      exceptions: [],
    });
    const titles = within(preview).getByRole('list', { name: 'Some of the matching jobs' });
    expect(
      within(titles)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Senior Data Engineer · Acme', 'Senior Analyst · Globex']);
  });

  it('waits for the pause before asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { dialog } = renderEditor();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    await user.type(within(dialog).getByRole('textbox', { name: 'Condition 1: words' }), 'lead');
    expect(previews()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS + 50));
    await waitFor(() => expect(previews()).toHaveLength(1));
  });

  it('marks a value that cannot be a condition, and does not ask the server with it', async () => {
    const { dialog } = renderEditor();
    const words = within(dialog).getByRole('textbox', { name: 'Condition 1: words' });
    await userEvent.type(words, '*');
    expect(words).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(/a wildcard alone matches every word/)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('region', { name: 'Preview' })).toHaveTextContent(
        'Fix the marked condition to see which stored jobs match.',
      ),
    );
    await new Promise((r) => setTimeout(r, PREVIEW_DEBOUNCE_MS + 100));
    expect(previews()).toHaveLength(0);
  });

  it('sends every condition, the match, the exceptions and asks again when they change', async () => {
    api.preview = (body) => ({
      matches: JSON.stringify(body).includes('intern') ? 3 : 10,
      examples: [],
    });
    const { dialog } = renderEditor();
    const d = within(dialog);
    await userEvent.type(d.getByRole('textbox', { name: 'Condition 1: words' }), 'sales');
    await userEvent.click(d.getByRole('button', { name: 'Add condition' }));
    await userEvent.selectOptions(
      d.getByRole('combobox', { name: 'Condition 2: field' }),
      'description',
    );
    await userEvent.type(d.getByRole('textbox', { name: 'Condition 2: words' }), '"cold calling"');
    await userEvent.click(d.getByRole('radio', { name: 'All of these' }));
    await userEvent.click(d.getByRole('button', { name: 'Add exception' }));
    await userEvent.type(d.getByRole('textbox', { name: 'Exception 1: words' }), 'intern');
    await waitFor(() =>
      expect(d.getByRole('region', { name: 'Preview' })).toHaveTextContent('Matches 3 stored jobs'),
    );
    expect(previews().at(-1)?.body).toEqual({
      conditions: [
        { field: 'title', value: 'sales' },
        { field: 'description', value: '"cold calling"' },
      ],
      match: 'all',
      exceptions: [{ field: 'title', value: 'intern' }],
    });
  });
});

describe('RuleEditor: as a new operator reads it (issue 30)', () => {
  it('puts the flag’s colours right under Flag, each with its name on screen', async () => {
    const { dialog } = renderEditor();
    const d = within(dialog);
    expect(d.queryByRole('radiogroup', { name: 'Label colour' })).not.toBeInTheDocument();
    await userEvent.click(d.getByRole('radio', { name: 'Flag' }));
    const colours = d.getByRole('radiogroup', { name: 'Label colour' });
    // In the page's order: Flag, its hint, the colours, then Mute.
    const flagHint = d.getByText(/The job gets a coloured label/);
    const mute = d.getByRole('radio', { name: 'Mute' });
    expect(
      flagHint.compareDocumentPosition(colours) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(colours.compareDocumentPosition(mute) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The group's name and each colour's are text on screen, not screen-reader-only.
    expect(within(colours).getByText('Label colour')).not.toHaveClass('sr-only');
    for (const name of ['Blue', 'Green', 'Amber', 'Red', 'Violet', 'Grey']) {
      const radio = within(colours).getByRole('radio', { name });
      const text = within(colours).getByText(name);
      expect(text).not.toHaveClass('sr-only');
      expect(text.closest('[aria-hidden="true"]')).toBeNull();
      expect(radio.closest('label')).toContainElement(text);
    }
    expect(within(colours).getByRole('radio', { name: 'Blue' })).toBeChecked();
  });

  it('gives the hint on writing a value once, for the conditions and the exceptions', async () => {
    const { dialog } = renderEditor();
    const d = within(dialog);
    await userEvent.click(d.getByRole('button', { name: 'Add exception' }));
    const hints = d.getAllByText(/^Words or a “quoted phrase”/);
    expect(hints).toHaveLength(1);
    const hint = hints[0]?.textContent ?? '';
    expect(d.getByRole('group', { name: 'When' })).toHaveAccessibleDescription(hint);
    expect(d.getByRole('group', { name: 'Unless (optional)' })).toHaveAccessibleDescription(hint);
  });
});

describe('RuleEditor: saving', () => {
  it('asks for a name and a condition before saving', async () => {
    const { dialog } = renderEditor();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(within(dialog).getByText('Give the rule a name.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('A rule needs at least one condition: words, or a fit.'),
    ).toBeInTheDocument();
    expect(api.writes.filter((w) => w.path === '/rules')).toEqual([]);
  });

  it('adds a flag rule with its colour, and closes', async () => {
    const { dialog, onClose } = renderEditor();
    const d = within(dialog);
    await userEvent.type(d.getByRole('textbox', { name: 'Name' }), 'Python');
    await userEvent.selectOptions(
      d.getByRole('combobox', { name: 'Condition 1: field' }),
      'description',
    );
    await userEvent.type(d.getByRole('textbox', { name: 'Condition 1: words' }), 'python');
    await userEvent.click(d.getByRole('radio', { name: 'Flag' }));
    await userEvent.click(
      within(d.getByRole('radiogroup', { name: 'Label colour' })).getByRole('radio', {
        name: 'Green',
      }),
    );
    await userEvent.click(d.getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.writes.find((w) => w.path === '/rules')?.body).toEqual({
      name: 'Python',
      conditions: [{ field: 'description', value: 'python' }],
      match: 'any',
      exceptions: [],
      action: 'flag',
      color: 'green',
      enabled: true,
    });
  });

  it('adds a rule on fit alone, checking its number first (issue 40)', async () => {
    api.preview = () => ({ matches: 3, examples: [] });
    const { dialog, onClose } = renderEditor();
    const d = within(dialog);
    await userEvent.type(d.getByRole('textbox', { name: 'Name' }), 'Poor fits');
    const group = d.getByRole('group', { name: 'And fit (optional)' });
    expect(group).toHaveAccessibleDescription(/Strong 80 or more, Good 60, Weak 40, Poor below 40/);
    await userEvent.selectOptions(d.getByRole('combobox', { name: 'Fit condition' }), 'below');
    const score = d.getByRole('textbox', { name: 'Fit score' });
    expect(score).toHaveValue('40');
    // The preview asks by the fit alone.
    await waitFor(() => expect(previews().at(-1)?.body).toMatchObject({ fit: { below: 40 } }));
    await userEvent.clear(score);
    await userEvent.type(score, '140');
    await userEvent.click(d.getByRole('button', { name: 'Add rule' }));
    expect(d.getByText('Fit must be a whole number from 0 to 100.')).toBeInTheDocument();
    expect(score).toHaveAttribute('aria-invalid', 'true');
    expect(api.writes.filter((w) => w.path === '/rules')).toEqual([]);
    await userEvent.clear(score);
    await userEvent.type(score, '35');
    await userEvent.click(d.getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.writes.find((w) => w.path === '/rules')?.body).toEqual({
      name: 'Poor fits',
      conditions: [],
      match: 'any',
      exceptions: [],
      action: 'hide',
      color: null,
      fit: { below: 35 },
      enabled: true,
    });
  });

  it('takes a rule’s fit off with null, and keeps it when untouched', async () => {
    const rule = aRule(8, { name: 'Strong', fit: { at_least: 80 }, card_only: false });
    api.rules = [rule];
    const { dialog, onClose } = renderEditor(rule);
    const d = within(dialog);
    expect(d.getByRole('combobox', { name: 'Fit condition' })).toHaveValue('at_least');
    expect(d.getByRole('textbox', { name: 'Fit score' })).toHaveValue('80');
    await userEvent.selectOptions(d.getByRole('combobox', { name: 'Fit condition' }), 'none');
    await userEvent.click(d.getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.writes.find((w) => w.path === '/rules/8')?.body).toMatchObject({ fit: null });
  });

  it('edits a rule in place and shows the server’s refusal', async () => {
    const rule = aRule(7, { name: 'No senior roles', enabled: false });
    api.rules = [rule];
    server.use(
      http.patch(`${API}/rules/7`, () =>
        HttpResponse.json({ error: 'A rule named "Agencies" already exists' }, { status: 400 }),
      ),
    );
    const { dialog, onClose } = renderEditor(rule);
    const d = within(dialog);
    expect(d.getByRole('textbox', { name: 'Condition 1: words' })).toHaveValue('senior');
    expect(d.getByRole('radio', { name: 'Hide' })).toBeChecked();
    const name = d.getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Agencies');
    await userEvent.click(d.getByRole('button', { name: 'Save rule' }));
    expect(await d.findByRole('alert')).toHaveTextContent(
      'Could not save the rule: A rule named "Agencies" already exists',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
