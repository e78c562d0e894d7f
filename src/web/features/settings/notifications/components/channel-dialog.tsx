import { useId, useState, type FormEvent } from 'react';
import {
  CHANNEL_FIT_BANDS,
  NOTIFICATION_CHANNEL_KINDS,
  NOTIFICATION_EVENTS,
  notificationChannelWriteSchema,
  type ChannelFitBand,
  type NotificationChannel,
  type NotificationChannelKind,
  type NotificationEvent,
  type SmtpTlsMode,
} from '../../../../../contract/notifications';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { FieldError, fieldClasses, Input, Label } from '../../../../components/ui/input';
import { useToast } from '../../../../components/ui/toaster';
import { useSaveChannel } from '../api/save-channel';
import { EVENT_LABELS, FIT_BAND_CHOICES, KIND_LABELS } from '../labels';

interface FormState {
  name: string;
  kind: NotificationChannelKind;
  enabled: boolean;
  events: NotificationEvent[];
  onlyNewJobs: boolean;
  /** Issue 40: the least fit band of the jobs a batch message names; null, every job. */
  minFitBand: ChannelFitBand | null;
  /** Secrets start empty: typing one replaces the stored one, leaving it empty keeps it. */
  url: string;
  smtpHost: string;
  smtpPort: string;
  smtpTls: SmtpTlsMode;
  smtpUser: string;
  smtpPassword: string;
  emailFrom: string;
  emailTo: string;
}

function initialState(channel: NotificationChannel | null): FormState {
  return {
    name: channel?.name ?? '',
    kind: channel?.kind ?? 'webhook',
    enabled: channel?.enabled ?? true,
    // A new channel hears of everything until the operator unticks it.
    events: channel?.events ?? [...NOTIFICATION_EVENTS],
    onlyNewJobs: channel?.only_new_jobs ?? false,
    minFitBand: channel?.min_fit_band ?? null,
    url: '',
    smtpHost: channel?.smtp_host ?? '',
    smtpPort: String(channel?.smtp_port ?? 587),
    smtpTls: channel?.smtp_tls ?? 'starttls',
    smtpUser: channel?.smtp_user ?? '',
    smtpPassword: '',
    emailFrom: channel?.email_from ?? '',
    emailTo: channel?.email_to ?? '',
  };
}

const URL_PLACEHOLDERS: Record<Exclude<NotificationChannelKind, 'email'>, string> = {
  webhook: 'https://example.com/jobscout-hook',
  slack: 'https://hooks.slack.com/services/…',
  discord: 'https://discord.com/api/webhooks/…',
  ntfy: 'https://ntfy.sh/your-topic',
};

function toBody(form: FormState, editing: boolean): unknown {
  const common = {
    name: form.name,
    kind: form.kind,
    enabled: form.enabled,
    events: form.events,
    only_new_jobs: form.onlyNewJobs,
    min_fit_band: form.minFitBand,
  };
  if (form.kind === 'email') {
    return {
      ...common,
      smtp_host: form.smtpHost,
      smtp_port: /^\d+$/.test(form.smtpPort.trim()) ? Number(form.smtpPort) : form.smtpPort,
      smtp_tls: form.smtpTls,
      smtp_user: form.smtpUser,
      // Left empty while editing: keep the stored password.
      ...(editing && form.smtpPassword === '' ? {} : { smtp_password: form.smtpPassword }),
      email_from: form.emailFrom,
      email_to: form.emailTo,
    };
  }
  return { ...common, ...(editing && form.url === '' ? {} : { url: form.url }) };
}

/** Adding or editing a channel. Secrets are write-only: shown as a hint, replaced by typing. */
export function ChannelDialog({
  channel,
  onClose,
}: {
  channel: NotificationChannel | null;
  onClose: () => void;
}) {
  const id = useId();
  const toast = useToast();
  const save = useSaveChannel();
  const [form, setForm] = useState<FormState>(() => initialState(channel));
  const [error, setError] = useState<string | null>(null);
  const editing = channel !== null;
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = notificationChannelWriteSchema.safeParse(toBody(form, editing));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the fields');
      return;
    }
    setError(null);
    save.mutate(
      { id: channel?.id ?? null, body: parsed.data },
      {
        onSuccess: () => {
          toast(editing ? 'Notification channel saved' : 'Notification channel added');
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  const field = (name: string) => `${id}-${name}`;
  const secretHint = channel?.secret_hint ? `${channel.secret_hint} (unchanged)` : undefined;

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={editing ? `Edit ${channel.name}` : 'Add notification channel'}
    >
      <form
        className="flex max-h-[70vh] flex-col gap-3 overflow-y-auto"
        onSubmit={submit}
        noValidate
      >
        <div className="flex flex-col gap-1">
          <Label htmlFor={field('name')}>Name</Label>
          <Input
            id={field('name')}
            value={form.name}
            onChange={(e) => set('name', e.target.value)}
            autoComplete="off"
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor={field('kind')}>Kind</Label>
          <select
            id={field('kind')}
            className={`${fieldClasses} h-9`}
            value={form.kind}
            disabled={editing}
            onChange={(e) => {
              const kind = NOTIFICATION_CHANNEL_KINDS.find((k) => k === e.target.value);
              if (kind) set('kind', kind);
            }}
          >
            {NOTIFICATION_CHANNEL_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>

        {form.kind === 'email' ? (
          <>
            <div className="grid grid-cols-3 gap-2">
              <div className="col-span-2 flex flex-col gap-1">
                <Label htmlFor={field('host')}>SMTP host</Label>
                <Input
                  id={field('host')}
                  value={form.smtpHost}
                  placeholder="smtp.example.com"
                  onChange={(e) => set('smtpHost', e.target.value)}
                />
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor={field('port')}>Port</Label>
                <Input
                  id={field('port')}
                  inputMode="numeric"
                  value={form.smtpPort}
                  onChange={(e) => set('smtpPort', e.target.value)}
                />
              </div>
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor={field('tls')}>TLS</Label>
              <select
                id={field('tls')}
                className={`${fieldClasses} h-9`}
                value={form.smtpTls}
                onChange={(e) => {
                  const v = e.target.value;
                  if (v === 'none' || v === 'starttls' || v === 'tls') set('smtpTls', v);
                }}
              >
                <option value="starttls">STARTTLS</option>
                <option value="tls">TLS</option>
                <option value="none">None</option>
              </select>
            </div>
            <div className="grid grid-cols-2 gap-2">
              <div className="flex flex-col gap-1">
                <Label htmlFor={field('user')}>User</Label>
                <Input
                  id={field('user')}
                  value={form.smtpUser}
                  autoComplete="off"
                  onChange={(e) => set('smtpUser', e.target.value)}
                />
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor={field('password')}>Password</Label>
                <Input
                  id={field('password')}
                  type="password"
                  autoComplete="new-password"
                  value={form.smtpPassword}
                  placeholder={secretHint}
                  onChange={(e) => set('smtpPassword', e.target.value)}
                />
              </div>
            </div>
            <div className="grid grid-cols-2 gap-2">
              <div className="flex flex-col gap-1">
                <Label htmlFor={field('from')}>From</Label>
                <Input
                  id={field('from')}
                  type="email"
                  value={form.emailFrom}
                  onChange={(e) => set('emailFrom', e.target.value)}
                />
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor={field('to')}>To</Label>
                <Input
                  id={field('to')}
                  type="email"
                  value={form.emailTo}
                  onChange={(e) => set('emailTo', e.target.value)}
                />
              </div>
            </div>
          </>
        ) : (
          <div className="flex flex-col gap-1">
            <Label htmlFor={field('url')}>
              {form.kind === 'ntfy' ? 'Topic URL' : 'Webhook URL'}
            </Label>
            <Input
              id={field('url')}
              type="password"
              autoComplete="off"
              value={form.url}
              placeholder={secretHint ?? URL_PLACEHOLDERS[form.kind]}
              onChange={(e) => set('url', e.target.value)}
            />
          </div>
        )}

        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium text-fg-soft">Events</legend>
          {NOTIFICATION_EVENTS.map((e) => (
            <label key={e} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={form.events.includes(e)}
                onChange={(ev) =>
                  set(
                    'events',
                    ev.target.checked
                      ? NOTIFICATION_EVENTS.filter((x) => x === e || form.events.includes(x))
                      : form.events.filter((x) => x !== e),
                  )
                }
              />
              {EVENT_LABELS[e]}
            </label>
          ))}
        </fieldset>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={form.onlyNewJobs}
            onChange={(e) => set('onlyNewJobs', e.target.checked)}
          />
          Only when there are new jobs
        </label>
        <div className="flex flex-col gap-1">
          <Label htmlFor={field('fit')}>Fit band</Label>
          <select
            id={field('fit')}
            className={`${fieldClasses} h-9`}
            aria-describedby={field('fit-hint')}
            value={form.minFitBand ?? ''}
            onChange={(e) =>
              set('minFitBand', CHANNEL_FIT_BANDS.find((b) => b === e.target.value) ?? null)
            }
          >
            <option value="">Every new job</option>
            {CHANNEL_FIT_BANDS.map((b) => (
              <option key={b} value={b}>
                {FIT_BAND_CHOICES[b]}
              </option>
            ))}
          </select>
          <p id={field('fit-hint')} className="text-xs text-fg-muted">
            A batch’s message names only the new jobs of this fit or better (strong fits first);
            with “Only when there are new jobs”, none left means no message.
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={form.enabled}
            onChange={(e) => set('enabled', e.target.checked)}
          />
          Enabled
        </label>

        <FieldError id={field('error')}>{error}</FieldError>
        <div className="mt-2 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save channel'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
