import type { NotificationChannel } from '../../contract';
import type { StoredChannel } from '../../db/notifications/channels';

// The API's answer for a channel: the secrets stored with it (the SMTP password, the URL that
// posts to the service) are replaced by a hint.

/** "hooks.slack.com …x7Qa": enough to tell two URLs apart, not enough to use one. */
export function urlHint(url: string): string {
  const host = new URL(url).host;
  return `${host} …${url.slice(-4)}`;
}

export function toWire(channel: StoredChannel): NotificationChannel {
  const s = channel.settings;
  const common = {
    id: channel.id,
    name: channel.name,
    kind: s.kind,
    enabled: channel.enabled,
    events: channel.events,
    only_new_jobs: channel.onlyNewJobs,
    min_fit_band: channel.minFitBand,
    created_at: new Date(channel.createdAt).toISOString(),
    updated_at: new Date(channel.updatedAt).toISOString(),
  };
  if (s.kind === 'email') {
    return {
      ...common,
      secret_hint: s.smtp_password ? 'password set' : null,
      smtp_host: s.smtp_host,
      smtp_port: s.smtp_port,
      smtp_tls: s.smtp_tls,
      smtp_user: s.smtp_user,
      email_from: s.email_from,
      email_to: s.email_to,
    };
  }
  return {
    ...common,
    secret_hint: urlHint(s.url),
    smtp_host: null,
    smtp_port: null,
    smtp_tls: null,
    smtp_user: null,
    email_from: null,
    email_to: null,
  };
}
