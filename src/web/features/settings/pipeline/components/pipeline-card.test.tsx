import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  pipelineSettingsBodySchema,
  type CalendarFeed,
  type PipelineSettings,
} from '../../../../../contract/pipeline';
import { renderScreen } from '../../../../test/render';
import { parseDays, PipelineCard } from './pipeline-card';

// Issue 33's Pipeline card on Settings, against a fake server that keeps the settings and the
// feed and records every write.

const API = 'http://localhost:3000/api/v1';
const FEED_URL = `https://scout.example.com/calendar/jsc_${'Q'.repeat(43)}.ics`;
const OTHER_URL = `https://scout.example.com/calendar/jsc_${'R'.repeat(43)}.ics`;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

function fakeServer(initial: { settings?: PipelineSettings; feed?: CalendarFeed['feed'] } = {}) {
  let settings: PipelineSettings = initial.settings ?? { no_answer_days: 30, reminder_lead: '1h' };
  let feed: CalendarFeed['feed'] = initial.feed ?? null;
  const urls = [FEED_URL, OTHER_URL];
  const writes: Array<{ method: string; path: string; body: unknown }> = [];
  server.use(
    http.get(`${API}/pipeline/settings`, () => HttpResponse.json(settings)),
    http.put(`${API}/pipeline/settings`, async ({ request }) => {
      const body = pipelineSettingsBodySchema.parse(await request.json());
      writes.push({ method: 'PUT', path: '/pipeline/settings', body });
      await delay(20);
      settings = body;
      return HttpResponse.json(settings);
    }),
    http.get(`${API}/calendar-feed`, () => HttpResponse.json({ feed })),
    http.post(`${API}/calendar-feed`, async () => {
      writes.push({ method: 'POST', path: '/calendar-feed', body: null });
      await delay(20);
      feed = { created_at: iso(Date.now()), last_used_at: null };
      return HttpResponse.json({ ...feed, url: urls.shift() ?? '' }, { status: 201 });
    }),
    http.delete(`${API}/calendar-feed`, () => {
      writes.push({ method: 'DELETE', path: '/calendar-feed', body: null });
      feed = null;
      return HttpResponse.json({ feed });
    }),
  );
  return writes;
}

const renderCard = () => renderScreen(<PipelineCard />);
const card = () => screen.getByRole('region', { name: 'Pipeline' });
const form = () => screen.findByRole('form', { name: 'Pipeline settings' });

describe('PipelineCard settings', () => {
  it('shows the saved settings', async () => {
    fakeServer({ settings: { no_answer_days: 45, reminder_lead: '1d' } });
    renderCard();
    const f = await form();
    expect(
      within(f).getByRole('checkbox', { name: /No answer when it stays in Applied/ }),
    ).toBeChecked();
    expect(within(f).getByLabelText('No answer after')).toHaveValue('45');
    expect(within(f).getByLabelText('Reminder lead')).toHaveDisplayValue('1 day');
    expect(within(f).getByRole('button', { name: 'Save pipeline settings' })).toBeDisabled();
    expect(
      within(f)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', '1 hour', '1 day']);
  });

  it('saves a new number of days and lead, and turns No answer off', async () => {
    const writes = fakeServer();
    renderCard();
    const user = userEvent.setup();
    const f = await form();
    const days = within(f).getByLabelText('No answer after');
    await user.clear(days);
    await user.type(days, '14');
    await user.selectOptions(within(f).getByLabelText('Reminder lead'), 'None');
    await user.click(within(f).getByRole('button', { name: 'Save pipeline settings' }));
    expect(await screen.findByText('Pipeline settings saved')).toBeInTheDocument();
    expect(writes).toEqual([
      {
        method: 'PUT',
        path: '/pipeline/settings',
        body: { no_answer_days: 14, reminder_lead: 'none' },
      },
    ]);

    const again = await form();
    await waitFor(() =>
      expect(within(again).getByRole('button', { name: 'Save pipeline settings' })).toBeDisabled(),
    );
    await user.click(within(again).getByRole('checkbox', { name: /No answer when it stays/ }));
    expect(within(again).getByLabelText('No answer after')).toBeDisabled();
    await user.click(within(again).getByRole('button', { name: 'Save pipeline settings' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]?.body).toEqual({ no_answer_days: null, reminder_lead: 'none' });
  });

  it('refuses days that are not a whole number from 1 to 365, saying so', async () => {
    const writes = fakeServer();
    renderCard();
    const user = userEvent.setup();
    const f = await form();
    const days = within(f).getByLabelText('No answer after');
    for (const typed of ['0', '366', '2.5', 'ten']) {
      await user.clear(days);
      await user.type(days, typed);
      await user.click(within(f).getByRole('button', { name: 'Save pipeline settings' }));
      expect(days).toHaveAttribute('aria-invalid', 'true');
      expect(days).toHaveAccessibleDescription('Enter a whole number of days from 1 to 365');
    }
    expect(writes).toEqual([]);
    expect(parseDays(' 30 ')).toBe(30);
    expect(parseDays('365')).toBe(365);
    expect(parseDays('-1')).toBeNull();
  });

  it("shows the server's error when saving fails, keeping what was typed", async () => {
    fakeServer();
    server.use(
      http.put(`${API}/pipeline/settings`, () =>
        HttpResponse.json({ error: 'reminder_lead must be one of none, 1h, 1d' }, { status: 400 }),
      ),
    );
    renderCard();
    const user = userEvent.setup();
    const f = await form();
    await user.selectOptions(within(f).getByLabelText('Reminder lead'), '1 day');
    await user.click(within(f).getByRole('button', { name: 'Save pipeline settings' }));
    expect(
      await screen.findByText(
        'Could not save the pipeline settings: reminder_lead must be one of none, 1h, 1d',
      ),
    ).toBeInTheDocument();
    expect(within(f).getByLabelText('Reminder lead')).toHaveDisplayValue('1 day');
  });
});

describe('PipelineCard calendar feed', () => {
  it('creates a feed URL and shows it once, with a copy button, then never again', async () => {
    const writes = fakeServer();
    renderCard();
    const user = userEvent.setup();
    await user.click(await within(card()).findByRole('button', { name: 'Create feed URL' }));
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    const url = await screen.findByRole('textbox', { name: 'Calendar feed URL' });
    expect(url).toHaveValue(FEED_URL);
    expect(screen.getByRole('status')).toHaveTextContent('you will not see it again');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(FEED_URL);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'POST', path: '/calendar-feed', body: null }]);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('textbox', { name: 'Calendar feed URL' })).not.toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain('jsc_');
    expect(screen.getByText('Created').nextSibling).toHaveTextContent(/\d/);
    expect(screen.getByText('Last used').nextSibling).toHaveTextContent('never');
    expect(screen.getByRole('button', { name: 'Replace' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeInTheDocument();
  });

  it('shows when the feed was made and last read, never its URL', async () => {
    const created = Date.now() - 48 * HOUR;
    fakeServer({ feed: { created_at: iso(created), last_used_at: iso(Date.now() - 3 * HOUR) } });
    renderCard();
    expect((await screen.findByText('Created')).nextSibling).toHaveTextContent(
      new Date(created).toLocaleString(),
    );
    expect(screen.getByText('Last used').nextSibling).toHaveTextContent('3 hours ago');
    expect(document.body.innerHTML).not.toContain('jsc_');
    expect(screen.queryByRole('button', { name: 'Create feed URL' })).not.toBeInTheDocument();
  });

  it('replaces the URL only after an inline confirmation', async () => {
    const writes = fakeServer({ feed: { created_at: iso(Date.now() - HOUR), last_used_at: null } });
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Replace' }));
    const question = screen.getByRole('group', {
      name: 'Replace the feed URL? Calendars subscribed to the current one stop updating.',
    });
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(writes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Replace' }));
    await user.click(screen.getByRole('button', { name: 'Replace URL' }));
    expect(await screen.findByRole('textbox', { name: 'Calendar feed URL' })).toHaveValue(FEED_URL);
    expect(writes).toEqual([{ method: 'POST', path: '/calendar-feed', body: null }]);
  });

  it('revokes the feed only after an inline confirmation, then offers to create one', async () => {
    const writes = fakeServer({ feed: { created_at: iso(Date.now() - HOUR), last_used_at: null } });
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    const question = screen.getByRole('group', {
      name: 'Revoke the calendar feed? Calendars subscribed to it stop updating.',
    });
    await user.click(within(question).getByRole('button', { name: 'Revoke feed' }));
    expect(await screen.findByText('Calendar feed revoked')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Create feed URL' })).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'DELETE', path: '/calendar-feed', body: null }]);
  });

  it('says when the feed could not be made', async () => {
    fakeServer();
    server.use(
      http.post(`${API}/calendar-feed`, () =>
        HttpResponse.json({ error: 'This API token is read-only' }, { status: 403 }),
      ),
    );
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create feed URL' }));
    expect(
      await screen.findByText('Could not create the feed URL: This API token is read-only'),
    ).toBeInTheDocument();
  });
});
