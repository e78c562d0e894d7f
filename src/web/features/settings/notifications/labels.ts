import type {
  DeliveryEvent,
  NotificationChannelKind,
  NotificationEvent,
} from '../../../../contract/notifications';

export const KIND_LABELS: Record<NotificationChannelKind, string> = {
  email: 'E-mail (SMTP)',
  webhook: 'Webhook (JSON)',
  slack: 'Slack',
  discord: 'Discord',
  ntfy: 'ntfy',
};

export const EVENT_LABELS: Record<NotificationEvent, string> = {
  batch_finished: 'Batch finished',
  batch_failed: 'Batch failed',
  cookies_rejected: 'Cookies rejected',
  markup_drift: 'Markup drift',
  reminder: 'Reminder',
  job_closed: 'Saved job closed',
};

export const DELIVERY_EVENT_LABELS: Record<DeliveryEvent, string> = {
  ...EVENT_LABELS,
  test: 'Test',
};
