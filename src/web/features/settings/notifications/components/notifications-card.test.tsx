import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationChannelWriteSchema,
  type Delivery,
  type NotificationChannel,
} from '../../../../../contract/notifications';
import { Toaster } from '../../../../components/ui/toaster';
import { NotificationsCard } from './notifications-card';

const API = 'http://localhost:3000/api/v1';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const T = '2026-11-02T08:00:00.000Z';

const hook: NotificationChannel = {
  id: 1,
  name: 'Team Slack',
  kind: 'slack',
  enabled: true,
  events: ['batch_finished', 'cookies_rejected'],
  only_new_jobs: true,
  secret_hint: 'hooks.slack.com …WXYZ',
  smtp_host: null,
  smtp_port: null,
  smtp_tls: null,
  smtp_user: null,
  email_from: null,
  email_to: null,
  created_at: T,
  updated_at: T,
};

const mail: NotificationChannel = {
  ...hook,
  id: 2,
  name: 'Mail me',
  kind: 'email',
  events: ['batch_failed'],
  only_new_jobs: false,
  secret_hint: 'password set',
  smtp_host: 'smtp.example.com',
  smtp_port: 587,
  smtp_tls: 'starttls',
  smtp_user: 'scout',
  email_from: 'scout@example.com',
  email_to: 'me@example.com',
};

/** A notifications API that remembers channels and records every write. */
function fakeServer(initial: NotificationChannel[], deliveries: Delivery[] = []) {
  let channels = [...initial];
  const calls = { writes: [] as Array<{ method: string; path: string; body: unknown }> };
  server.use(
    http.get(`${API}/notifications/channels`, () => HttpResponse.json(channels)),
    http.get(`${API}/notifications/deliveries`, () => HttpResponse.json(deliveries)),
    http.post(`${API}/notifications/channels`, async ({ request }) => {
      const body = notificationChannelWriteSchema.parse(await request.json());
      calls.writes.push({ method: 'POST', path: '/channels', body });
      const created = { ...hook, id: 9, name: body.name, kind: body.kind, events: body.events };
      channels = [...channels, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put(`${API}/notifications/channels/:id`, async ({ request, params }) => {
      const body = notificationChannelWriteSchema.parse(await request.json());
      calls.writes.push({ method: 'PUT', path: `/channels/${String(params.id)}`, body });
      channels = channels.map((c) =>
        String(c.id) === params.id ? { ...c, name: body.name, enabled: body.enabled } : c,
      );
      return HttpResponse.json(channels.find((c) => String(c.id) === params.id));
    }),
    http.delete(`${API}/notifications/channels/:id`, ({ params }) => {
      calls.writes.push({ method: 'DELETE', path: `/channels/${String(params.id)}`, body: null });
      channels = channels.filter((c) => String(c.id) !== params.id);
      return HttpResponse.json({ success: true });
    }),
  );
  return calls;
}

function renderCard() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <Toaster>
        <NotificationsCard />
      </Toaster>
    </QueryClientProvider>,
  );
}

describe('NotificationsCard', () => {
  it('lists the channels with their events and masked secrets, and says when there are none', async () => {
    fakeServer([hook, mail]);
    renderCard();
    const row = await screen.findByRole('listitem', { name: 'Team Slack' });
    expect(within(row).getByText('Slack')).toBeInTheDocument();
    expect(within(row).getByText('hooks.slack.com …WXYZ')).toBeInTheDocument();
    expect(
      within(row).getByText('Batch finished, Cookies rejected · only when there are new jobs'),
    ).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Mail me' })).toHaveTextContent('password set');
    expect(screen.getByText('No notifications sent yet.')).toBeInTheDocument();
  });

  it('subscribes a channel to markup drift, kept in the events’ order (issue 32)', async () => {
    const calls = fakeServer([hook]);
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Team Slack' });
    const drift = within(dialog).getByRole('checkbox', { name: 'Markup drift' });
    expect(drift).not.toBeChecked();
    await user.click(drift);
    await user.click(within(dialog).getByRole('button', { name: 'Save channel' }));
    await waitFor(() => expect(calls.writes).toHaveLength(1));
    expect(calls.writes[0]?.body).toMatchObject({
      events: ['batch_finished', 'cookies_rejected', 'markup_drift'],
    });
  });

  it('subscribes a channel to next-step reminders (issue 33)', async () => {
    const calls = fakeServer([hook]);
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Team Slack' });
    const reminder = within(dialog).getByRole('checkbox', { name: 'Reminder' });
    expect(reminder).not.toBeChecked();
    await user.click(reminder);
    await user.click(within(dialog).getByRole('button', { name: 'Save channel' }));
    await waitFor(() => expect(calls.writes).toHaveLength(1));
    expect(calls.writes[0]?.body).toMatchObject({
      events: ['batch_finished', 'cookies_rejected', 'reminder'],
    });
  });

  it('names reminders among a channel’s events', async () => {
    fakeServer([{ ...mail, events: ['batch_failed', 'reminder'] }]);
    renderCard();
    const row = await screen.findByRole('listitem', { name: 'Mail me' });
    expect(within(row).getByText('Batch failed, Reminder')).toBeInTheDocument();
  });

  it('names markup drift among a channel’s events', async () => {
    fakeServer([{ ...mail, events: ['batch_failed', 'markup_drift'] }]);
    renderCard();
    const row = await screen.findByRole('listitem', { name: 'Mail me' });
    expect(within(row).getByText('Batch failed, Markup drift')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    fakeServer([]);
    renderCard();
    expect(await screen.findByText('No notification channels yet.')).toBeInTheDocument();
  });

  it('sends a test and shows "Sending..." then the outcome', async () => {
    fakeServer([hook]);
    server.use(
      http.post(`${API}/notifications/channels/1/test`, async () => {
        await delay(50);
        return HttpResponse.json({ delivered: true, detail: 'Delivered (HTTP 200)' });
      }),
    );
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send test' }));
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(await screen.findByText('Delivered (HTTP 200)')).toBeInTheDocument();
  });

  it("shows the server's answer when the test fails", async () => {
    fakeServer([hook]);
    server.use(
      http.post(`${API}/notifications/channels/1/test`, () =>
        HttpResponse.json({ delivered: false, detail: 'HTTP 404: no_service' }),
      ),
    );
    renderCard();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Not delivered: HTTP 404: no_service')).toBeInTheDocument();
  });

  it('disables a channel without sending its secret (the server keeps it)', async () => {
    const calls = fakeServer([hook]);
    renderCard();
    await userEvent
      .setup()
      .click(await screen.findByRole('switch', { name: 'Enabled: Team Slack' }));
    await waitFor(() => expect(calls.writes).toHaveLength(1));
    expect(calls.writes[0]).toEqual({
      method: 'PUT',
      path: '/channels/1',
      body: {
        name: 'Team Slack',
        kind: 'slack',
        enabled: false,
        events: ['batch_finished', 'cookies_rejected'],
        only_new_jobs: true,
      },
    });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Enabled: Team Slack' })).not.toBeChecked(),
    );
  });

  it('adds a webhook channel, refusing an invalid URL first', async () => {
    const calls = fakeServer([]);
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add notification channel' });
    await user.type(within(dialog).getByLabelText('Name'), 'Receiver');
    await user.type(within(dialog).getByLabelText('Webhook URL'), 'not a url');
    await user.click(within(dialog).getByRole('button', { name: 'Save channel' }));
    expect(
      within(dialog).getByText('url must be an http(s) URL such as https://example.com/hook'),
    ).toBeInTheDocument();
    expect(calls.writes).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Webhook URL'));
    await user.type(within(dialog).getByLabelText('Webhook URL'), 'https://example.com/h');
    await user.click(within(dialog).getByLabelText('Only when there are new jobs'));
    // Every event is ticked for a new channel, issue 32's markup drift and 33's reminders too.
    expect(within(dialog).getByRole('checkbox', { name: 'Markup drift' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Reminder' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Saved job closed' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Save channel' }));
    await waitFor(() => expect(calls.writes).toHaveLength(1));
    expect(calls.writes[0]?.body).toEqual({
      name: 'Receiver',
      kind: 'webhook',
      enabled: true,
      events: [
        'batch_finished',
        'batch_failed',
        'cookies_rejected',
        'markup_drift',
        'reminder',
        'job_closed',
      ],
      only_new_jobs: true,
      url: 'https://example.com/h',
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Notification channel added');
    expect(await screen.findByRole('listitem', { name: 'Receiver' })).toBeInTheDocument();
  });

  it('edits an e-mail channel: an empty password field keeps the stored password', async () => {
    const calls = fakeServer([mail]);
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Mail me' });
    expect(within(dialog).getByLabelText('Password')).toHaveValue('');
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute(
      'placeholder',
      'password set (unchanged)',
    );
    await user.clear(within(dialog).getByLabelText('Port'));
    await user.type(within(dialog).getByLabelText('Port'), '99999');
    await user.click(within(dialog).getByRole('button', { name: 'Save channel' }));
    expect(
      within(dialog).getByText('smtp_port must be a port number from 1 to 65535'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Port'));
    await user.type(within(dialog).getByLabelText('Port'), '465');
    await user.selectOptions(within(dialog).getByLabelText('TLS'), 'tls');
    await user.click(within(dialog).getByRole('button', { name: 'Save channel' }));
    await waitFor(() => expect(calls.writes).toHaveLength(1));
    expect(calls.writes[0]?.body).not.toHaveProperty('smtp_password');
    expect(calls.writes[0]?.body).toMatchObject({ smtp_port: 465, smtp_tls: 'tls' });
  });

  it("shows the server's 400 in the dialog", async () => {
    fakeServer([]);
    server.use(
      http.post(`${API}/notifications/channels`, () =>
        HttpResponse.json(
          { error: 'url must be an ntfy topic URL such as https://ntfy.sh/my-topic' },
          { status: 400 },
        ),
      ),
    );
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add channel' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Phone');
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'ntfy');
    await user.type(within(dialog).getByLabelText('Topic URL'), 'https://ntfy.sh/');
    await user.click(within(dialog).getByRole('button', { name: 'Save channel' }));
    expect(
      await within(dialog).findByText(
        'url must be an ntfy topic URL such as https://ntfy.sh/my-topic',
      ),
    ).toBeInTheDocument();
  });

  it('deletes after confirming in an alertdialog', async () => {
    const calls = fakeServer([hook]);
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(
      'Are you sure you want to delete the notification channel "Team Slack"?',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.writes).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }),
    );
    await waitFor(() =>
      expect(calls.writes).toEqual([{ method: 'DELETE', path: '/channels/1', body: null }]),
    );
    expect(await screen.findByText('No notification channels yet.')).toBeInTheDocument();
  });

  it('lists the recent notifications with time, channel, event and outcome', async () => {
    fakeServer(
      [hook],
      [
        {
          id: 2,
          channel_id: 1,
          channel_name: 'Team Slack',
          event: 'batch_finished',
          batch_id: 7,
          status: 'pending',
          attempts: 1,
          error: 'HTTP 503: busy',
          created_at: T,
          delivered_at: null,
        },
        {
          id: 1,
          channel_id: 1,
          channel_name: 'Team Slack',
          event: 'test',
          batch_id: null,
          status: 'delivered',
          attempts: 1,
          error: null,
          created_at: T,
          delivered_at: T,
        },
      ],
    );
    renderCard();
    const table = await screen.findByRole('table', { name: 'Recent notifications' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'TimeChannelEventOutcome',
      `${new Date(T).toLocaleString()}Team SlackBatch finished #7Pendingretrying (1 tried): HTTP 503: busy`,
      `${new Date(T).toLocaleString()}Team SlackTestDelivered`,
    ]);
  });
});
