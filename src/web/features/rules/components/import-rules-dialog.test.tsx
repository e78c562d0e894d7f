import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RULES_IMPORT_MAX_BYTES, RULES_MAX, ruleSetFileText } from '../../../../contract/rules';
import { ruleSetAtTheLimits } from '../../../../contract/rules-test-kit';
import { renderScreen } from '../../../test/render';
import { API, emptyRulesApi, EXPORTED_RULE, fakeRulesApi, type FakeRulesApi } from '../testing';
import { ImportRulesDialog } from './import-rules-dialog';

let api: FakeRulesApi = emptyRulesApi();
const server = setupServer(...fakeRulesApi(api));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  api = Object.assign(api, emptyRulesApi());
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const set = { version: 1, rules: [EXPORTED_RULE] };

function renderImport() {
  const onClose = vi.fn();
  renderScreen(<ImportRulesDialog existing={3} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Import rules' });
  return { onClose, dialog, file: within(dialog).getByLabelText('Rule set file') };
}

const upload = (name: string, text: string, type = 'application/json') =>
  new File([text], name, { type });

describe('ImportRulesDialog', () => {
  it('imports a rule set, adding to the rules by default', async () => {
    const { dialog, file, onClose } = renderImport();
    await userEvent.upload(file, upload('team-rules.json', JSON.stringify(set)));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'team-rules.json: 1 rule (No senior roles)',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 1 rule' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.writes).toEqual([{ method: 'POST', path: '/rules/import?mode=add', body: set }]);
    expect(await screen.findByText('Imported 1 rule')).toBeInTheDocument();
  });

  it('replaces the rules when asked', async () => {
    const { dialog, file } = renderImport();
    await userEvent.upload(file, upload('rules.json', JSON.stringify(set)));
    await userEvent.click(
      within(dialog).getByRole('radio', { name: 'Replace them (3 rules now)' }),
    );
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Import 1 rule' }));
    await waitFor(() => expect(api.writes[0]?.path).toBe('/rules/import?mode=replace'));
  });

  it('names what is wrong with a wrong file and sends nothing', async () => {
    const { dialog, file } = renderImport();
    // The picker's filter is a hint: "All files" lets any file through.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      file,
      upload('jobs.xlsx', 'PK\u0003\u0004 binary', 'application/octet-stream'),
    );
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('jobs.xlsx cannot be imported:');
    expect(alert).toHaveTextContent('This file is not JSON');
    expect(file).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();

    await userEvent.upload(
      file,
      upload('old.json', JSON.stringify({ ...set, rules: [{ ...EXPORTED_RULE, match: 'most' }] })),
    );
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Rule 1 (“No senior roles”): match must be any or all',
    );
    expect(api.writes).toEqual([]);
  });

  it('reads the largest rule set export writes, and no larger file', async () => {
    const largest = ruleSetAtTheLimits();
    const text = ruleSetFileText(largest);
    const { dialog, file } = renderImport();
    // Padded to the limit: a file export saved, with any spacing, is read whole.
    const padded =
      text + ' '.repeat(RULES_IMPORT_MAX_BYTES - new TextEncoder().encode(text).length);
    await userEvent.upload(file, upload('all-rules.json', padded));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      `all-rules.json: ${RULES_MAX} rules`,
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: `Import ${RULES_MAX} rules` }),
    );
    await waitFor(() => expect(api.writes).toHaveLength(1));
    expect(api.writes[0]?.body).toEqual(largest);

    await userEvent.upload(file, upload('bigger.json', `${padded} `));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This file is too large to be a rule set (over 18.0 MB).',
    );
  });

  it('shows the server’s refusal', async () => {
    server.use(
      http.post(`${API}/rules/import`, () =>
        HttpResponse.json(
          { error: 'A rule named "No senior roles" already exists' },
          { status: 400 },
        ),
      ),
    );
    const { dialog, file, onClose } = renderImport();
    await userEvent.upload(file, upload('rules.json', JSON.stringify(set)));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Import 1 rule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Could not import the rules: A rule named "No senior roles" already exists',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
