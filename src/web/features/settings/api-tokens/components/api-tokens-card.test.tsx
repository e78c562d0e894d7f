import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiTokenCreateSchema, type ApiToken } from '../../../../../contract/api-tokens';
import { renderScreen } from '../../../../test/render';
import { ApiTokensCard } from './api-tokens-card';

const API = 'http://localhost:3000/api/v1';
const SECRET = `jst_${'s3cr3t'.repeat(7)}x`;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

const grafana: ApiToken = {
  id: 1,
  name: 'Grafana – 監視ダッシュボード for the whole team and its very long name too',
  scope: 'read-only',
  created_at: iso(Date.now() - 10 * DAY),
  last_used_at: iso(Date.now() - 3 * 3_600_000),
  expires_at: null,
};
const n8n: ApiToken = {
  id: 2,
  name: 'n8n',
  scope: 'read-write',
  created_at: iso(Date.now() - 40 * DAY),
  last_used_at: null,
  expires_at: iso(Date.now() - DAY),
};

/** An API-tokens endpoint that remembers tokens and records every write. */
function fakeServer(initial: ApiToken[]) {
  let tokens = [...initial];
  const writes: Array<{ method: string; path: string; body: unknown }> = [];
  server.use(
    http.get(`${API}/api-tokens`, () => HttpResponse.json(tokens)),
    http.post(`${API}/api-tokens`, async ({ request }) => {
      const body = apiTokenCreateSchema.parse(await request.json());
      writes.push({ method: 'POST', path: '/api-tokens', body });
      await delay(30);
      const token: ApiToken = {
        id: 9,
        name: body.name,
        scope: body.scope,
        created_at: iso(Date.now()),
        last_used_at: null,
        expires_at: body.expires_at ?? null,
      };
      tokens = [token, ...tokens];
      return HttpResponse.json({ ...token, token: SECRET }, { status: 201 });
    }),
    http.delete(`${API}/api-tokens/:id`, ({ params }) => {
      writes.push({ method: 'DELETE', path: `/api-tokens/${String(params.id)}`, body: null });
      tokens = tokens.filter((t) => String(t.id) !== params.id);
      return HttpResponse.json({ success: true });
    }),
  );
  return writes;
}

const renderCard = () => renderScreen(<ApiTokensCard />);

describe('ApiTokensCard', () => {
  it('lists each token with its scope, creation, last use and expiry', async () => {
    fakeServer([grafana, n8n]);
    renderCard();
    const first = await screen.findByRole('listitem', { name: grafana.name });
    expect(within(first).getByText('Read-only')).toBeInTheDocument();
    expect(within(first).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(first).getByText('Expires').nextSibling).toHaveTextContent('never');
    expect(within(first).queryByText('Expired')).not.toBeInTheDocument();
    const second = screen.getByRole('listitem', { name: 'n8n' });
    expect(within(second).getByText('Read-write')).toBeInTheDocument();
    expect(within(second).getByText('Last used').nextSibling).toHaveTextContent('never');
    // The badge and the label of the date.
    expect(within(second).getAllByText('Expired')).toHaveLength(2);
    expect(within(second).getByText('Created').nextSibling).toHaveTextContent(
      new Date(n8n.created_at).toLocaleString(),
    );
  });

  it('links the API reference and the OpenAPI document where tokens are made (issue 30)', async () => {
    fakeServer([grafana]);
    renderCard();
    const card = screen.getByRole('region', { name: 'API tokens' });
    const reference = within(card).getByRole('link', { name: 'API reference' });
    expect(reference).toHaveAttribute('href', `${window.location.origin}/api/docs`);
    // In a line of text: underlined, not told apart by its colour alone.
    expect(reference.className.split(/\s+/)).toContain('underline');
    expect(within(card).getByRole('link', { name: 'openapi.json' })).toHaveAttribute(
      'href',
      `${window.location.origin}/api/v1/openapi.json`,
    );
    await screen.findByRole('listitem', { name: grafana.name });
  });

  it('says when there are none, and when the list could not load', async () => {
    fakeServer([]);
    const { unmount } = renderCard();
    expect(await screen.findByText('No API tokens yet.')).toBeInTheDocument();
    unmount();
    server.use(
      http.get(`${API}/api-tokens`, () =>
        HttpResponse.json({ error: 'Authentication required' }, { status: 401 }),
      ),
    );
    renderCard();
    expect(
      await screen.findByText('Could not load the API tokens: Authentication required'),
    ).toBeInTheDocument();
  });

  it('creates a token and shows it once, with a copy button, then never again', async () => {
    const writes = fakeServer([grafana]);
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New token' }));
    const form = await screen.findByRole('form', { name: 'New API token' });
    const create = within(form).getByRole('button', { name: 'Create token' });
    expect(create).toBeDisabled();
    await user.type(within(form).getByLabelText('Name'), '  Home Assistant  ');
    await user.click(within(form).getByRole('radio', { name: /Read-write/ }));
    await user.selectOptions(within(form).getByLabelText('Expires after'), '7 days');
    const before = Date.now();
    await user.click(create);
    expect(within(form).getByRole('button', { name: 'Creating...' })).toBeDisabled();

    const secret = await screen.findByRole('textbox', { name: 'New API token' });
    expect(secret).toHaveValue(SECRET);
    expect(screen.getByText('Copy it now: you will not see it again.')).toBeInTheDocument();
    expect(writes).toHaveLength(1);
    const body = apiTokenCreateSchema.parse(writes[0]?.body);
    expect(body).toMatchObject({ name: 'Home Assistant', scope: 'read-write' });
    const expires = Date.parse(body.expires_at ?? '');
    expect(expires - before).toBeGreaterThanOrEqual(7 * DAY);
    expect(expires - Date.now()).toBeLessThanOrEqual(7 * DAY);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    // The list already holds the new token, without its secret.
    expect(await screen.findByRole('listitem', { name: 'Home Assistant' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('textbox', { name: 'New API token' })).not.toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain(SECRET.slice(4));
    expect(screen.getByRole('button', { name: 'New token' })).toBeInTheDocument();
  });

  it("keeps the form and shows the server's error when creating fails", async () => {
    fakeServer([grafana]);
    server.use(
      http.post(`${API}/api-tokens`, () =>
        HttpResponse.json({ error: 'An API token named "n8n" already exists' }, { status: 409 }),
      ),
    );
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New token' }));
    await user.type(await screen.findByLabelText('Name'), 'n8n');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(
      await screen.findByText(
        'Could not create the token: An API token named "n8n" already exists',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('n8n');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'New API token' })).not.toBeInTheDocument();
  });

  it('revokes only after confirming in an alertdialog', async () => {
    const writes = fakeServer([grafana, n8n]);
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke n8n' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to revoke the API token "n8n"? Anything using it stops working at once.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke n8n' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'n8n' })).not.toBeInTheDocument(),
    );
    expect(writes).toEqual([{ method: 'DELETE', path: '/api-tokens/2', body: null }]);
    expect(await screen.findByText('API token revoked')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: grafana.name })).toBeInTheDocument();
  });
});
