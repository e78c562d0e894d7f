import { useState } from 'react';
import type {
  NotificationChannel,
  NotificationChannelWrite,
  TestResult,
} from '../../../../../contract/notifications';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { LazyConfirmDialog } from '../../../../components/ui/lazy-confirm-dialog';
import { Switch } from '../../../../components/ui/switch';
import { useToast } from '../../../../components/ui/toaster';
import { useDeleteChannel } from '../api/delete-channel';
import { useSaveChannel } from '../api/save-channel';
import { useTestChannel } from '../api/test-channel';
import { EVENT_LABELS, FIT_BAND_CHOICES, KIND_LABELS } from '../labels';

/** The channel's settings as a write without its secret: the server then keeps the stored one. */
export function writeWithoutSecret(channel: NotificationChannel): NotificationChannelWrite {
  const common = {
    name: channel.name,
    enabled: channel.enabled,
    events: channel.events,
    only_new_jobs: channel.only_new_jobs,
  };
  if (channel.kind === 'email') {
    return {
      ...common,
      kind: 'email',
      smtp_host: channel.smtp_host ?? '',
      smtp_port: channel.smtp_port ?? 587,
      smtp_tls: channel.smtp_tls ?? 'starttls',
      smtp_user: channel.smtp_user ?? '',
      email_from: channel.email_from ?? '',
      email_to: channel.email_to ?? '',
    };
  }
  return { ...common, kind: channel.kind };
}

export function ChannelList({
  channels,
  onEdit,
}: {
  channels: NotificationChannel[];
  onEdit: (channel: NotificationChannel) => void;
}) {
  if (channels.length === 0) {
    return <p className="py-2 text-sm text-fg-muted">No notification channels yet.</p>;
  }
  return (
    <ul className="divide-y divide-line-soft" aria-label="Notification channels">
      {channels.map((channel) => (
        <ChannelRow key={channel.id} channel={channel} onEdit={() => onEdit(channel)} />
      ))}
    </ul>
  );
}

function ChannelRow({ channel, onEdit }: { channel: NotificationChannel; onEdit: () => void }) {
  const toast = useToast();
  const save = useSaveChannel();
  const remove = useDeleteChannel();
  const test = useTestChannel();
  const [confirming, setConfirming] = useState(false);
  const [rowError, setRowError] = useState<string | null>(null);
  const [result, setResult] = useState<TestResult | { delivered: false; detail: string } | null>(
    null,
  );

  const toggle = (enabled: boolean) =>
    save.mutate(
      { id: channel.id, body: { ...writeWithoutSecret(channel), enabled } },
      {
        onSuccess: () => setRowError(null),
        onError: (err) => setRowError(`Could not update ${channel.name}: ${err.message}`),
      },
    );

  const sendTest = () => {
    setResult(null);
    test.mutate(channel.id, {
      onSuccess: setResult,
      onError: (err) => setResult({ delivered: false, detail: err.message }),
    });
  };

  return (
    <li className="flex flex-col gap-2 py-3" aria-label={channel.name}>
      <div className="flex flex-wrap items-center gap-3">
        <Switch
          checked={channel.enabled}
          onCheckedChange={toggle}
          disabled={save.isPending}
          aria-label={`Enabled: ${channel.name}`}
        />
        <span className="font-medium text-fg">{channel.name}</span>
        <Badge tone="blue">{KIND_LABELS[channel.kind]}</Badge>
        {channel.secret_hint ? (
          <span className="font-mono text-xs text-fg-subtle">{channel.secret_hint}</span>
        ) : null}
        <div className="ml-auto flex gap-2">
          <Button size="sm" variant="secondary" onClick={sendTest} disabled={test.isPending}>
            {test.isPending ? 'Sending...' : 'Send test'}
          </Button>
          <Button size="sm" variant="secondary" onClick={onEdit}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </div>
      </div>
      <p className="text-xs text-fg-muted">
        {channel.events.map((e) => EVENT_LABELS[e]).join(', ')}
        {channel.only_new_jobs ? ' · only when there are new jobs' : ''}
        {channel.min_fit_band ? ` · ${FIT_BAND_CHOICES[channel.min_fit_band].toLowerCase()}` : ''}
      </p>
      {result ? (
        <p
          className={result.delivered ? 'text-sm text-success-fg' : 'text-sm text-danger-fg'}
          aria-live="polite"
        >
          {result.delivered ? result.detail : `Not delivered: ${result.detail}`}
        </p>
      ) : null}
      {rowError ? (
        <p className="text-sm text-danger-fg" role="alert">
          {rowError}
        </p>
      ) : null}
      {confirming ? (
        <LazyConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          message={`Are you sure you want to delete the notification channel "${channel.name}"?`}
          destructive
          onConfirm={() =>
            remove.mutate(channel.id, {
              onSuccess: () => toast('Notification channel deleted'),
              onError: (err) => setRowError(`Could not delete ${channel.name}: ${err.message}`),
            })
          }
        />
      ) : null}
    </li>
  );
}
