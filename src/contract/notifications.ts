import { z } from 'zod/mini';
import { dateTimeSchema, nullableDateTimeSchema } from './common';
import { fetchBadPort } from './fetch-bad-ports';

// Notification channels and their deliveries (issue 11). Secrets (the SMTP password, webhook
// URLs, which carry tokens) are write-only: requests may carry them, answers never do.

export const NOTIFICATION_CHANNEL_KINDS = ['email', 'webhook', 'slack', 'discord', 'ntfy'] as const;
export const notificationChannelKindSchema = z.enum(NOTIFICATION_CHANNEL_KINDS, {
  error: 'kind must be one of email, webhook, slack, discord, ntfy',
});
export type NotificationChannelKind = z.infer<typeof notificationChannelKindSchema>;

/**
 * `markup_drift` (issue 32): a field the site stopped giving, once per field until it recovers.
 * `reminder` (issue 33): an application's next step, a lead before it and at its time.
 * `job_closed` (issue 41): a job at Saved whose posting a re-check found closed, once per job.
 */
export const NOTIFICATION_EVENTS = [
  'batch_finished',
  'batch_failed',
  'cookies_rejected',
  'markup_drift',
  'reminder',
  'job_closed',
] as const;
export const notificationEventSchema = z.enum(NOTIFICATION_EVENTS, {
  error:
    'events must hold batch_finished, batch_failed, cookies_rejected, markup_drift, reminder or job_closed',
});
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/** What a delivery row records: one of the events, or a "Send test". */
export const deliveryEventSchema = z.enum([...NOTIFICATION_EVENTS, 'test']);
export type DeliveryEvent = z.infer<typeof deliveryEventSchema>;

export const smtpTlsModeSchema = z.enum(['none', 'starttls', 'tls'], {
  error: 'smtp_tls must be none, starttls or tls',
});
export type SmtpTlsMode = z.infer<typeof smtpTlsModeSchema>;

/** Retries after a failed delivery: 1 min, 5 min, 30 min, then the delivery is marked failed. */
export const NOTIFICATION_RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000] as const;
/** Every send (SMTP or HTTP) gives up after this long. */
export const NOTIFICATION_SEND_TIMEOUT_MS = 10_000;
/** The "Recent notifications" list holds this many deliveries. */
export const RECENT_DELIVERIES_LIMIT = 20;
/** A batch-finished message names this many of the new jobs. */
export const NOTIFICATION_JOBS_LISTED = 10;

const NAME_MAX = 80;
const name = z
  .string({ error: 'name must be a string' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'name must not be empty' }),
    z.maxLength(NAME_MAX, { error: `name must be at most ${NAME_MAX} characters` }),
  );

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

export const webhookUrlSchema = z.string({ error: 'url must be a string' }).check(
  z.trim(),
  z.maxLength(2000, { error: 'url must be at most 2000 characters' }),
  z.refine(isHttpUrl, { error: 'url must be an http(s) URL such as https://example.com/hook' }),
  // fetch refuses URLs with credentials, and they would be one more secret to hide.
  z.refine((v) => !/^[a-z]+:\/\/[^/?#]*@/i.test(v), {
    error: 'url must not contain a user name or password',
  }),
  // fetch refuses these ports outright; saved, every send would fail with "Could not connect".
  z.refine((v) => fetchBadPort(v) === null, {
    error: (issue) =>
      `url must not use port ${fetchBadPort(String(issue.input))}: fetch refuses to connect to it (it belongs to another protocol)`,
  }),
);

// One address, deliberately simple (nodemailer and the SMTP server have the last word): no
// spaces, one @, a dot in the domain, no display names (they would need quoting rules).
const EMAIL_RE = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;
const emailAddress = (field: string) =>
  z
    .string({ error: `${field} must be a string` })
    .check(
      z.trim(),
      z.maxLength(254, { error: `${field} must be at most 254 characters` }),
      z.regex(EMAIL_RE, { error: `${field} must be an e-mail address such as ops@example.com` }),
    );

// Host names and IPv4/IPv6 literals: letters, digits, dots, dashes, colons (IPv6), brackets.
const HOST_RE =
  /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|[0-9a-fA-F:]+)$/;

const eventsField = z
  .array(notificationEventSchema, { error: 'events must be a list of event names' })
  .check(
    z.minLength(1, { error: 'events must name at least one event' }),
    z.refine((list) => new Set(list).size === list.length, {
      error: 'events must not repeat an event',
    }),
  );

const commonWrite = {
  name,
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  events: eventsField,
  only_new_jobs: z.boolean({ error: 'only_new_jobs must be true or false' }),
};

/**
 * Creating or replacing an e-mail channel. `smtp_password` omitted on update keeps the stored
 * one; an empty string clears it (an SMTP server without authentication).
 */
export const emailChannelWriteSchema = z.object({
  ...commonWrite,
  kind: z.literal('email'),
  smtp_host: z
    .string({ error: 'smtp_host must be a string' })
    .check(
      z.trim(),
      z.regex(HOST_RE, { error: 'smtp_host must be a host name such as smtp.example.com' }),
    ),
  smtp_port: z
    .number({ error: 'smtp_port must be a port number from 1 to 65535' })
    .check(
      z.refine(Number.isInteger, { error: 'smtp_port must be a port number from 1 to 65535' }),
      z.gte(1, { error: 'smtp_port must be a port number from 1 to 65535' }),
      z.lte(65535, { error: 'smtp_port must be a port number from 1 to 65535' }),
    ),
  smtp_tls: smtpTlsModeSchema,
  smtp_user: z
    .string({ error: 'smtp_user must be a string' })
    .check(z.trim(), z.maxLength(254, { error: 'smtp_user must be at most 254 characters' })),
  smtp_password: z.optional(
    z
      .string({ error: 'smtp_password must be a string' })
      .check(z.maxLength(1024, { error: 'smtp_password must be at most 1024 characters' })),
  ),
  email_from: emailAddress('email_from'),
  email_to: emailAddress('email_to'),
});
export type EmailChannelWrite = z.infer<typeof emailChannelWriteSchema>;

/** Creating or replacing a webhook channel; `url` omitted on update keeps the stored one. */
export const urlChannelWriteSchema = z.object({
  ...commonWrite,
  kind: z.enum(['webhook', 'slack', 'discord', 'ntfy'], {
    error: 'kind must be one of email, webhook, slack, discord, ntfy',
  }),
  url: z.optional(webhookUrlSchema),
});
export type UrlChannelWrite = z.infer<typeof urlChannelWriteSchema>;

export const notificationChannelWriteSchema = z.discriminatedUnion('kind', [
  emailChannelWriteSchema,
  urlChannelWriteSchema,
]);
export type NotificationChannelWrite = z.infer<typeof notificationChannelWriteSchema>;

/** A channel as the API answers it: every setting but the secrets, which show as a hint. */
export const notificationChannelSchema = z.object({
  id: z.int(),
  name: z.string(),
  kind: notificationChannelKindSchema,
  enabled: z.boolean(),
  events: z.array(notificationEventSchema),
  only_new_jobs: z.boolean(),
  /** e.g. "hooks.slack.com …x7Qa" or "password set"; null when no secret is stored. */
  secret_hint: z.nullable(z.string()),
  smtp_host: z.nullable(z.string()),
  smtp_port: z.nullable(z.int()),
  smtp_tls: z.nullable(smtpTlsModeSchema),
  smtp_user: z.nullable(z.string()),
  email_from: z.nullable(z.string()),
  email_to: z.nullable(z.string()),
  created_at: dateTimeSchema,
  updated_at: dateTimeSchema,
});
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;
export const notificationChannelListSchema = z.array(notificationChannelSchema);

export const notificationChannelDeletedSchema = z.object({ success: z.literal(true) });

/** The outcome of "Send test": delivered, or the server's answer / the SMTP error in one line. */
export const testResultSchema = z.object({
  delivered: z.boolean(),
  detail: z.string(),
});
export type TestResult = z.infer<typeof testResultSchema>;

export const deliveryStatusSchema = z.enum(['pending', 'delivered', 'failed']);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

export const deliverySchema = z.object({
  id: z.int(),
  channel_id: z.int(),
  channel_name: z.string(),
  event: deliveryEventSchema,
  batch_id: z.nullable(z.int()),
  status: deliveryStatusSchema,
  attempts: z.int(),
  /** The last failure, in one line, without secrets. */
  error: z.nullable(z.string()),
  created_at: dateTimeSchema,
  delivered_at: nullableDateTimeSchema,
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveryListSchema = z.array(deliverySchema);
