import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  recheckSettingsBodySchema,
  type RecheckSettingsAnswer,
} from '../../../../../contract/rechecks';
import { renderScreen } from '../../../../test/render';
import { parseWhole, RechecksCard } from './rechecks-card';

// Issue 41's Re-checks card on Settings, against a fake server that keeps the settings and
// records every write.

const API = 'http://localhost:3000/api/v1';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function fakeServer(initial: RecheckSettingsAnswer = { every_days: 3, budget: 150, watched: 42 }) {
  let settings = initial;
  const writes: unknown[] = [];
  server.use(
    http.get(`${API}/rechecks/settings`, () => HttpResponse.json(settings)),
    http.put(`${API}/rechecks/settings`, async ({ request }) => {
      const body = recheckSettingsBodySchema.parse(await request.json());
      writes.push(body);
      await delay(20);
      settings = { ...body, watched: settings.watched };
      return HttpResponse.json(settings);
    }),
  );
  return writes;
}

const card = () => screen.getByRole('region', { name: 'Re-checks' });

describe('the Re-checks card', () => {
  it('shows the settings and what the watched jobs cost a day', async () => {
    fakeServer();
    renderScreen(<RechecksCard />);
    expect(await screen.findByLabelText('Re-check a job every')).toHaveValue('3');
    expect(within(card()).getByLabelText('At most')).toHaveValue('150');
    expect(card()).toHaveTextContent('Watching 42 jobs now: about 14 re-checks a day.');
    expect(within(card()).getByRole('button', { name: 'Save re-check settings' })).toBeDisabled();
  });

  it('saves a change, and says so', async () => {
    const writes = fakeServer();
    const user = userEvent.setup();
    renderScreen(<RechecksCard />);
    const days = await screen.findByLabelText('Re-check a job every');
    await user.clear(days);
    await user.type(days, '5');
    const budget = within(card()).getByLabelText('At most');
    await user.clear(budget);
    await user.type(budget, '0');
    await user.click(within(card()).getByRole('button', { name: 'Save re-check settings' }));
    await waitFor(() => expect(writes).toEqual([{ every_days: 5, budget: 0 }]));
    expect(await screen.findByText('Re-check settings saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(card()).toHaveTextContent('Re-checks are off. Watching 42 jobs now.'),
    );
  });

  it('refuses numbers out of range, and sends nothing', async () => {
    const writes = fakeServer();
    const user = userEvent.setup();
    renderScreen(<RechecksCard />);
    const days = await screen.findByLabelText('Re-check a job every');
    await user.clear(days);
    await user.type(days, '0');
    await user.click(within(card()).getByRole('button', { name: 'Save re-check settings' }));
    expect(
      await within(card()).findByText('Enter a whole number of days from 1 to 30'),
    ).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(writes).toEqual([]);
    expect(parseWhole('1001', 0, 1000)).toBeNull();
    expect(parseWhole(' 12 ', 0, 1000)).toBe(12);
    expect(parseWhole('1.5', 0, 1000)).toBeNull();
  });
});
