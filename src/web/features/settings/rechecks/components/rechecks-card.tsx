import { useId, useState, type FormEvent } from 'react';
import {
  RECHECK_BUDGET_MAX,
  RECHECK_EVERY_DAYS_MAX,
  type RecheckSettingsAnswer,
} from '../../../../../contract/rechecks';
import { ErrorAlert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { FieldError, Input, Label } from '../../../../components/ui/input';
import { Spinner } from '../../../../components/ui/spinner';
import { useToast } from '../../../../components/ui/toaster';
import { useRecheckSettings, useSaveRecheckSettings } from '../api/recheck-settings';

/** "Re-checks" on the Settings screen (issue 41): every N days, and a batch's budget. */
export function RechecksCard() {
  const settings = useRecheckSettings();
  return (
    <Card className="mt-6" aria-labelledby="recheck-settings-title">
      <CardHeader>
        <CardTitle id="recheck-settings-title">Re-checks</CardTitle>
        <p className="text-sm text-fg-muted">
          Jobs you saved, applied to or flagged are read again after each batch, to learn whether
          their postings closed. Each re-check is one request to the site.
        </p>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <div className="flex items-center gap-3 py-4 text-sm text-fg-muted" aria-busy="true">
            <Spinner />
            <span className="sr-only">Loading the re-check settings</span>
          </div>
        ) : settings.isError ? (
          <p className="text-sm text-danger-fg">
            Could not load the re-check settings: {settings.error.message}
          </p>
        ) : (
          <RechecksForm key={JSON.stringify(settings.data)} saved={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}

/** The number typed, or null when it is not a whole number from `min` to `max`. */
export function parseWhole(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= min && n <= max ? n : null;
}

/** "Label [ 3 ] unit" on one line, and its error under it. */
function WholeNumberField({
  id,
  label,
  unit,
  value,
  onChange,
  disabled,
  error,
  hintId,
}: {
  id: string;
  label: string;
  unit: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  error: string | null;
  hintId?: string;
}) {
  const describedBy = [hintId, error === null ? undefined : `${id}-error`].filter(Boolean);
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          inputMode="numeric"
          className="w-24!"
          value={value}
          disabled={disabled}
          aria-invalid={error !== null || undefined}
          aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <span className="text-sm text-fg-muted">{unit}</span>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

function RechecksForm({ saved }: { saved: RecheckSettingsAnswer }) {
  const id = useId();
  const toast = useToast();
  const save = useSaveRecheckSettings();
  const [days, setDays] = useState(String(saved.every_days));
  const [budget, setBudget] = useState(String(saved.budget));
  const [submitted, setSubmitted] = useState(false);
  const everyDays = parseWhole(days, 1, RECHECK_EVERY_DAYS_MAX);
  const perBatch = parseWhole(budget, 0, RECHECK_BUDGET_MAX);
  const changed =
    days.trim() !== String(saved.every_days) || budget.trim() !== String(saved.budget);
  const daysError = submitted && everyDays === null;
  const budgetError = submitted && perBatch === null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (everyDays === null || perBatch === null || !changed) return;
    save.mutate(
      { every_days: everyDays, budget: perBatch },
      { onSuccess: () => toast('Re-check settings saved') },
    );
  };
  // What the watched jobs cost a day once each is read every N days (the budget caps a batch).
  const daily = Math.ceil(saved.watched / saved.every_days);
  const watchedText = `${saved.watched} ${saved.watched === 1 ? 'job' : 'jobs'} now`;

  return (
    <form
      className="flex flex-col gap-4"
      aria-label="Re-check settings"
      onSubmit={submit}
      noValidate
    >
      <WholeNumberField
        id={`${id}-days`}
        label="Re-check a job every"
        unit="days"
        value={days}
        onChange={setDays}
        disabled={save.isPending}
        error={
          daysError ? `Enter a whole number of days from 1 to ${RECHECK_EVERY_DAYS_MAX}` : null
        }
      />
      <WholeNumberField
        id={`${id}-budget`}
        label="At most"
        unit="re-checks after a batch"
        value={budget}
        onChange={setBudget}
        disabled={save.isPending}
        error={budgetError ? `Enter a whole number from 0 to ${RECHECK_BUDGET_MAX}` : null}
        hintId={`${id}-budget-hint`}
      />
      <p id={`${id}-budget-hint`} className="text-xs text-fg-muted">
        {saved.budget === 0
          ? `Re-checks are off. Watching ${watchedText}.`
          : `0 turns re-checks off. Watching ${watchedText}: about ${daily} ${daily === 1 ? 're-check' : 're-checks'} a day.`}
      </p>
      {save.isError ? (
        <ErrorAlert>{`Could not save the re-check settings: ${save.error.message}`}</ErrorAlert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending || !changed}>
          {save.isPending ? 'Saving...' : 'Save re-check settings'}
        </Button>
      </div>
    </form>
  );
}
