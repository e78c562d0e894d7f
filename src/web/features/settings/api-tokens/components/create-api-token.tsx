import { useId, useState, type FormEvent } from 'react';
import {
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPES,
  type ApiTokenCreated,
  type ApiTokenScope,
} from '../../../../../contract/api-tokens';
import { ErrorAlert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { fieldClasses, Input, Label } from '../../../../components/ui/input';
import { useCreateApiToken } from '../api/create-api-token';
import { SCOPE_LABELS } from '../labels';
import { ShownOnce } from '../../components/shown-once';

const DAY_MS = 86_400_000;
const EXPIRY_CHOICES = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'No expiry' },
] as const;
type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['value'];

const SCOPE_HINTS: Record<ApiTokenScope, string> = {
  'read-only': 'List and export jobs, runs, batches, queries and companies.',
  'read-write': 'Also start and cancel batches, change queries, block companies and triage jobs.',
};

/** The expiry an answer of the form asks for, counted from now. */
export function expiresAtFor(choice: ExpiryChoice, now: number): string | null {
  return choice === 'never' ? null : new Date(now + Number(choice) * DAY_MS).toISOString();
}

/** The form that makes a token, then the token itself, shown this once. */
export function CreateApiToken({ onClose }: { onClose: () => void }) {
  const create = useCreateApiToken();
  const close = () => {
    // Forgets the answer, secret and all: nothing keeps it once the operator is done.
    create.reset();
    onClose();
  };
  if (create.data) return <TokenShownOnce created={create.data} onDone={close} />;
  return (
    <CreateForm
      pending={create.isPending}
      error={create.error?.message ?? null}
      onCancel={close}
      onSubmit={(body) => create.mutate(body)}
    />
  );
}

function CreateForm({
  pending,
  error,
  onCancel,
  onSubmit,
}: {
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onSubmit: (body: { name: string; scope: ApiTokenScope; expires_at: string | null }) => void;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read-only');
  const [expiry, setExpiry] = useState<ExpiryChoice>('30');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    onSubmit({ name: name.trim(), scope, expires_at: expiresAtFor(expiry, Date.now()) });
  };

  return (
    <form
      className="flex flex-col gap-4 rounded-md border border-line p-4"
      aria-label="New API token"
      onSubmit={submit}
    >
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={API_TOKEN_NAME_MAX}
          placeholder="e.g., n8n morning pull"
          autoComplete="off"
          onChange={(e) => setName(e.target.value)}
          disabled={pending}
        />
      </div>
      <fieldset className="flex flex-col gap-2" disabled={pending}>
        <legend className="mb-1 text-sm font-medium text-fg-soft">Scope</legend>
        {API_TOKEN_SCOPES.map((value) => (
          <div key={value} className="flex items-start gap-2 text-sm">
            <input
              id={`${id}-scope-${value}`}
              type="radio"
              name={`${id}-scope`}
              value={value}
              checked={scope === value}
              onChange={() => setScope(value)}
              aria-describedby={`${id}-scope-${value}-hint`}
              className="mt-1 accent-focus"
            />
            <div>
              <label htmlFor={`${id}-scope-${value}`} className="font-medium text-fg">
                {SCOPE_LABELS[value]}
              </label>
              <p id={`${id}-scope-${value}-hint`} className="text-xs text-fg-muted">
                {SCOPE_HINTS[value]}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-expiry`}>Expires after</Label>
        <select
          id={`${id}-expiry`}
          className={`${fieldClasses} h-9 sm:max-w-48`}
          value={expiry}
          disabled={pending}
          onChange={(e) => {
            const choice = EXPIRY_CHOICES.find((c) => c.value === e.target.value);
            if (choice) setExpiry(choice.value);
          }}
        >
          {EXPIRY_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      {error ? <ErrorAlert>{`Could not create the token: ${error}`}</ErrorAlert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending || name.trim() === ''}>
          {pending ? 'Creating...' : 'Create token'}
        </Button>
      </div>
    </form>
  );
}

function TokenShownOnce({ created, onDone }: { created: ApiTokenCreated; onDone: () => void }) {
  return (
    <ShownOnce
      title={`Token “${created.name}” created`}
      level={3}
      notice="Copy it now: you will not see it again."
      label="New API token"
      value={created.token}
      what="the token"
      onDone={onDone}
    />
  );
}
