import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  fitLlmSettingsBodySchema,
  type FitLlmSettingsAnswer,
} from '../../../../../contract/fit-llm';
import { renderScreen } from '../../../../test/render';
import { FIT_LLM_ANSWER } from './fit-llm-fixture';
import { SecondOpinionCard } from './second-opinion-card';

// Issue 40's second opinion card on Settings, against a fake server that keeps the settings
// (the key as the real one does: stored, answered only as api_key_set) and records every write.

const API = 'http://localhost:3000/api/v1';
const KEY = 'sk-test-Very5ecretKey0123';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function fakeServer(initial: FitLlmSettingsAnswer = FIT_LLM_ANSWER) {
  let settings = initial;
  const writes: unknown[] = [];
  server.use(
    http.get(`${API}/fit/llm/settings`, () => HttpResponse.json(settings)),
    http.put(`${API}/fit/llm/settings`, async ({ request }) => {
      const body = fitLlmSettingsBodySchema.parse(await request.json());
      writes.push(body);
      await delay(20);
      const { api_key: key, ...rest } = body;
      settings = {
        ...settings,
        ...rest,
        timeout_seconds: rest.timeout_seconds ?? settings.timeout_seconds,
        api_key_set: key === undefined ? settings.api_key_set : key !== null,
        active: rest.base_url !== null && rest.top_n > 0,
      };
      return HttpResponse.json(settings);
    }),
  );
  return writes;
}

const card = () => screen.getByRole('region', { name: 'Fit: second opinion' });
const saveButton = () =>
  within(card()).getByRole('button', { name: 'Save second opinion settings' });

describe('the second opinion card', () => {
  it('starts off, says nothing leaves the machine, and shows today’s tokens', async () => {
    fakeServer();
    renderScreen(<SecondOpinionCard />);
    expect(await screen.findByLabelText('Address (base URL)')).toHaveValue('');
    expect(card()).toHaveTextContent('Nothing leaves this machine while no address is set');
    expect(card()).toHaveTextContent('Tokens today: 0 of 50,000');
    expect(card()).toHaveTextContent('Off. 0 jobs wait for an answer.');
    expect(within(card()).getByLabelText('API key')).toHaveAttribute('type', 'password');
    expect(saveButton()).toBeDisabled();
  });

  it('saves an endpoint with its key, then shows only that a key is set', async () => {
    const writes = fakeServer();
    const user = userEvent.setup();
    renderScreen(<SecondOpinionCard />);
    await user.type(
      await screen.findByLabelText('Address (base URL)'),
      'http://localhost:11434/v1',
    );
    await user.type(within(card()).getByLabelText('Model'), 'llama3.1:8b');
    await user.type(within(card()).getByLabelText('API key'), KEY);
    const topN = within(card()).getByLabelText('Jobs a batch');
    await user.clear(topN);
    await user.type(topN, '3');
    await user.click(saveButton());
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      base_url: 'http://localhost:11434/v1',
      model: 'llama3.1:8b',
      api_key: KEY,
      top_n: 3,
      daily_token_budget: 50_000,
      timeout_seconds: 120,
    });
    const key = await within(card()).findByPlaceholderText('•••••••• (a key is set)');
    expect(key).toHaveValue('');
    expect(card()).not.toHaveTextContent(KEY);
    expect(card()).toHaveTextContent('A key is set. It is never shown again');
    expect(card()).toHaveTextContent('On. 0 jobs wait for an answer.');
  });

  it('keeps the key unless a new one is typed, and removes it on asking', async () => {
    const writes = fakeServer({
      ...FIT_LLM_ANSWER,
      base_url: 'https://api.example.com/v1',
      model: 'gpt-x',
      api_key_set: true,
      active: true,
    });
    const user = userEvent.setup();
    renderScreen(<SecondOpinionCard />);
    const budget = await screen.findByLabelText('Tokens a day');
    await user.clear(budget);
    await user.type(budget, '9000');
    await user.click(saveButton());
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).not.toHaveProperty('api_key');
    // The form is drawn again from what was saved.
    await waitFor(() => expect(saveButton()).toBeDisabled());
    await user.click(await within(card()).findByRole('button', { name: 'Remove the key' }));
    expect(card()).toHaveTextContent('The key will be removed when you save.');
    await user.click(saveButton());
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toMatchObject({ api_key: null });
    expect(await within(card()).findByPlaceholderText('None')).toBeInTheDocument();
  });

  it('names each field in error and sends nothing', async () => {
    const writes = fakeServer();
    const user = userEvent.setup();
    renderScreen(<SecondOpinionCard />);
    await user.type(await screen.findByLabelText('Address (base URL)'), 'localhost:11434');
    const topN = within(card()).getByLabelText('Jobs a batch');
    await user.clear(topN);
    await user.type(topN, '51');
    const budget = within(card()).getByLabelText('Tokens a day');
    await user.clear(budget);
    await user.type(budget, '0');
    await user.click(saveButton());
    expect(within(card()).getByLabelText('Address (base URL)')).toHaveAccessibleDescription(
      /Enter an http\(s\) address/,
    );
    expect(topN).toHaveAccessibleDescription(/Enter a whole number from 0 to 50/);
    expect(budget).toHaveAccessibleDescription(/Enter a whole number from 1 to 100000000/);
    // An address without a model.
    const address = within(card()).getByLabelText('Address (base URL)');
    await user.clear(address);
    await user.type(address, 'http://localhost:1234/v1');
    await user.clear(topN);
    await user.type(topN, '5');
    await user.clear(budget);
    await user.type(budget, '100');
    await user.click(saveButton());
    expect(within(card()).getByLabelText('Model')).toHaveAccessibleDescription(
      /Enter the model’s name/,
    );
    expect(writes).toHaveLength(0);
  });

  it('shows the recent days’ tokens, the queue, a spent budget and the last error', async () => {
    const usage = FIT_LLM_ANSWER.usage.map((day, i) =>
      i === 0
        ? { ...day, tokens: 50_120, requests: 12, estimated_tokens: 300 }
        : i === 3
          ? { ...day, tokens: 4_000, requests: 2 }
          : day,
    );
    fakeServer({
      ...FIT_LLM_ANSWER,
      base_url: 'http://localhost:11434/v1',
      model: 'm',
      active: true,
      usage,
      queue: { pending: 3, failed: 1, budget_spent: true },
      last_error: 'HTTP 500: upstream ***',
    });
    renderScreen(<SecondOpinionCard />);
    const table = await screen.findByRole('table', { name: /Tokens used per day/ });
    const rows = within(table).getAllByRole('row');
    // The header, today, and the one other day with use.
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayTokensRequests',
      '2026-11-2850,120 (some estimated)12',
      '2026-11-254,0002',
    ]);
    expect(card()).toHaveTextContent(
      'Tokens today: 50,120 of 50,000. Today’s budget is spent: sending resumes tomorrow.',
    );
    expect(card()).toHaveTextContent(
      'On. 3 jobs wait for an answer, 1 given up after repeated failures.',
    );
    expect(card()).toHaveTextContent('Last error: HTTP 500: upstream ***');
  });

  it('says when the server refuses the settings', async () => {
    fakeServer();
    server.use(
      http.put(`${API}/fit/llm/settings`, () =>
        HttpResponse.json(
          { error: 'base_url uses a port that fetch refuses to connect to' },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderScreen(<SecondOpinionCard />);
    await user.type(
      await screen.findByLabelText('Address (base URL)'),
      'http://localhost:11434/v1',
    );
    await user.type(within(card()).getByLabelText('Model'), 'm');
    await user.click(saveButton());
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      'Could not save the second opinion settings: base_url uses a port',
    );
  });
});
