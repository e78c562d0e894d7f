import { useId, useState, type FormEvent } from 'react';
import {
  NO_ANSWER_DAYS_DEFAULT,
  NO_ANSWER_DAYS_MAX,
  REMINDER_LEADS,
  type PipelineSettings,
  type ReminderLead,
} from '../../../../../contract/pipeline';
import { ErrorAlert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { FieldError, fieldClasses, Input, Label } from '../../../../components/ui/input';
import { Spinner } from '../../../../components/ui/spinner';
import { useToast } from '../../../../components/ui/toaster';
import { usePipelineSettings, useSavePipelineSettings } from '../api/pipeline-settings';
import { CalendarFeedSection } from './calendar-feed-section';

export const LEAD_LABELS: Record<ReminderLead, string> = {
  none: 'None',
  '1h': '1 hour',
  '1d': '1 day',
};

/** "Pipeline" on the Settings screen (issue 33): No answer, the reminders' lead, the calendar. */
export function PipelineCard() {
  const settings = usePipelineSettings();
  return (
    <Card className="mt-6" aria-labelledby="pipeline-settings-title">
      <CardHeader>
        <CardTitle id="pipeline-settings-title">Pipeline</CardTitle>
        <p className="text-sm text-fg-muted">
          Your applications after Saved and Applied: when one is given up as No answer, when you are
          reminded of a next step, and a calendar of next steps.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {settings.isPending ? (
          <div className="flex items-center gap-3 py-4 text-sm text-fg-muted" aria-busy="true">
            <Spinner />
            <span className="sr-only">Loading the pipeline settings</span>
          </div>
        ) : settings.isError ? (
          <p className="text-sm text-danger-fg">
            Could not load the pipeline settings: {settings.error.message}
          </p>
        ) : (
          // Keyed by what was loaded: a save that comes back resets the form to it.
          <PipelineSettingsForm key={JSON.stringify(settings.data)} saved={settings.data} />
        )}
        <CalendarFeedSection />
      </CardContent>
    </Card>
  );
}

const DAYS_ERROR = `Enter a whole number of days from 1 to ${NO_ANSWER_DAYS_MAX}`;

/** The days typed, or null when they are not a whole number in range. */
export function parseDays(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const days = Number(text.trim());
  return days >= 1 && days <= NO_ANSWER_DAYS_MAX ? days : null;
}

function PipelineSettingsForm({ saved }: { saved: PipelineSettings }) {
  const id = useId();
  const toast = useToast();
  const save = useSavePipelineSettings();
  const [noAnswerOn, setNoAnswerOn] = useState(saved.no_answer_days !== null);
  const [days, setDays] = useState(String(saved.no_answer_days ?? NO_ANSWER_DAYS_DEFAULT));
  const [lead, setLead] = useState<ReminderLead>(saved.reminder_lead);
  const [submitted, setSubmitted] = useState(false);

  const parsedDays = parseDays(days);
  const daysInvalid = noAnswerOn && parsedDays === null;
  const next: PipelineSettings = {
    no_answer_days: noAnswerOn ? parsedDays : null,
    reminder_lead: lead,
  };
  // Told from what was typed, so an invalid number counts as a change (and shows its error).
  const changed =
    noAnswerOn !== (saved.no_answer_days !== null) ||
    (noAnswerOn && days.trim() !== String(saved.no_answer_days)) ||
    lead !== saved.reminder_lead;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (daysInvalid || !changed) return;
    save.mutate(next, { onSuccess: () => toast('Pipeline settings saved') });
  };

  return (
    <form
      className="flex flex-col gap-5"
      aria-label="Pipeline settings"
      onSubmit={submit}
      noValidate
    >
      <fieldset className="flex flex-col gap-2" disabled={save.isPending}>
        <legend className="mb-1 text-sm font-medium text-fg-soft">No answer</legend>
        <div className="flex items-center gap-2 text-sm">
          <input
            id={`${id}-no-answer`}
            type="checkbox"
            checked={noAnswerOn}
            onChange={(e) => setNoAnswerOn(e.target.checked)}
            className="accent-focus"
          />
          <label htmlFor={`${id}-no-answer`} className="text-fg">
            Move an application to No answer when it stays in Applied without a change
          </label>
        </div>
        {/* One line, "No answer after [ 30 ] days": the field's w-full (later in the CSS than
            w-20) stretched the box over the card and pushed "days" under it (issue 39). */}
        <div className="flex flex-wrap items-center gap-2 pl-6">
          <Label htmlFor={`${id}-days`}>No answer after</Label>
          <Input
            id={`${id}-days`}
            inputMode="numeric"
            className="w-20!"
            value={days}
            disabled={!noAnswerOn}
            aria-invalid={submitted && daysInvalid ? true : undefined}
            aria-describedby={submitted && daysInvalid ? `${id}-days-error` : undefined}
            onChange={(e) => setDays(e.target.value)}
          />
          <span className="text-sm text-fg-muted">days</span>
        </div>
        <div className="pl-6">
          <FieldError id={`${id}-days-error`}>
            {submitted && daysInvalid ? DAYS_ERROR : null}
          </FieldError>
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-lead`}>Reminder lead</Label>
        <select
          id={`${id}-lead`}
          className={`${fieldClasses} h-9 sm:max-w-48`}
          value={lead}
          disabled={save.isPending}
          aria-describedby={`${id}-lead-hint`}
          onChange={(e) => {
            const chosen = REMINDER_LEADS.find((l) => l === e.target.value);
            if (chosen) setLead(chosen);
          }}
        >
          {REMINDER_LEADS.map((value) => (
            <option key={value} value={value}>
              {LEAD_LABELS[value]}
            </option>
          ))}
        </select>
        <p id={`${id}-lead-hint`} className="text-xs text-fg-muted">
          A next step is reminded at its time, and this long before it, through the notification
          channels that receive Reminder.
        </p>
      </div>
      {save.isError ? (
        <ErrorAlert>{`Could not save the pipeline settings: ${save.error.message}`}</ErrorAlert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending || !changed}>
          {save.isPending ? 'Saving...' : 'Save pipeline settings'}
        </Button>
      </div>
    </form>
  );
}
