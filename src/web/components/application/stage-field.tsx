import { useId, useState, type FormEvent } from 'react';
import {
  APPLICATION_STAGE_LABELS,
  APPLICATION_STAGES,
  type ApplicationDetail,
  type ApplicationEvent,
  type ApplicationStage,
} from '../../../contract/pipeline';
import { Button } from '../ui/button';
import { fieldClasses, Input } from '../ui/input';
import { useUpdateApplication, useUpdateEventDate } from './application-api';
import { formatWhen, fromLocalInput, toLocalInput } from './dates';
import { Field, focusOnOpen, Part, ServerError, type HeadingLevel } from './parts';

const isStage = (value: string): value is ApplicationStage =>
  APPLICATION_STAGES.some((stage) => stage === value);

/**
 * The stage, moved by choosing another and saving. "When" dates the move for an operator who
 * logs it after the fact; left empty, the server dates it now.
 */
export function StageField({
  application,
  level,
}: {
  application: ApplicationDetail;
  level: HeadingLevel;
}) {
  const id = useId();
  const update = useUpdateApplication(application.job_id);
  const [stage, setStage] = useState<ApplicationStage>(application.stage);
  const [when, setWhen] = useState('');
  const [badWhen, setBadWhen] = useState<string | null>(null);
  const error = badWhen ?? update.error?.message ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const at = fromLocalInput(when);
    if (when.trim() !== '' && at === null) {
      setBadWhen('Enter the date and time of the move, or leave it empty for now.');
      return;
    }
    setBadWhen(null);
    update.mutate(at === null ? { stage } : { stage, at }, { onSuccess: () => setWhen('') });
  };

  return (
    <Part title="Stage" level={level}>
      <p className="text-sm text-fg-soft">
        <span className="font-medium text-fg">{APPLICATION_STAGE_LABELS[application.stage]}</span>{' '}
        since <time dateTime={application.stage_since}>{formatWhen(application.stage_since)}</time>
      </p>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <Field label="Move to" htmlFor={`${id}-stage`} className="w-full sm:w-44">
          <select
            id={`${id}-stage`}
            value={stage}
            onChange={(e) => isStage(e.target.value) && setStage(e.target.value)}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`${fieldClasses} h-9 py-1`}
          >
            {APPLICATION_STAGES.map((s) => (
              <option key={s} value={s}>
                {APPLICATION_STAGE_LABELS[s]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="When (empty: now)" htmlFor={`${id}-when`} className="w-full sm:w-56">
          <Input
            id={`${id}-when`}
            type="datetime-local"
            value={when}
            onChange={(e) => setWhen(e.target.value)}
            aria-invalid={badWhen ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </Field>
        <Button
          type="submit"
          size="md"
          variant="secondary"
          disabled={stage === application.stage || update.isPending}
        >
          {update.isPending ? 'Saving...' : 'Change stage'}
        </Button>
      </form>
      <ServerError id={`${id}-error`} message={error} />
    </Part>
  );
}

const SOURCE_NOTES: Record<ApplicationEvent['source'], string | null> = {
  operator: null,
  triage: 'set by Jobs triage',
  product: 'set by No answer rule',
  migration: 'carried over from before the pipeline',
};

/** The history, oldest first; each date can be corrected in place. */
export function Timeline({
  application,
  level,
}: {
  application: ApplicationDetail;
  level: HeadingLevel;
}) {
  return (
    <Part title="Timeline" level={level}>
      <ol aria-label="Timeline" className="flex flex-col gap-2 border-l border-line pl-4">
        {application.history.map((event) => (
          <TimelineEntry key={event.id} jobId={application.job_id} event={event} />
        ))}
      </ol>
    </Part>
  );
}

function TimelineEntry({ jobId, event }: { jobId: number; event: ApplicationEvent }) {
  const id = useId();
  const update = useUpdateEventDate(jobId);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [bad, setBad] = useState<string | null>(null);
  const label = APPLICATION_STAGE_LABELS[event.stage];
  const source = SOURCE_NOTES[event.source];
  const error = bad ?? update.error?.message ?? null;

  const save = (e: FormEvent) => {
    e.preventDefault();
    const at = fromLocalInput(value);
    if (at === null) {
      setBad('Enter a date and time.');
      return;
    }
    setBad(null);
    update.mutate({ eventId: event.id, at }, { onSuccess: () => setEditing(false) });
  };

  return (
    <li className="relative text-sm">
      <span
        aria-hidden="true"
        className="absolute -left-[21px] top-1.5 size-2.5 rounded-full border-2 border-surface bg-accent"
      />
      {editing ? (
        <form onSubmit={save} className="flex flex-wrap items-end gap-2">
          <Field label={`Date of ${label}`} htmlFor={`${id}-at`} className="w-full sm:w-56">
            <Input
              ref={focusOnOpen}
              id={`${id}-at`}
              type="datetime-local"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </Field>
          <Button type="submit" size="sm" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save date'}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              setEditing(false);
              setBad(null);
              update.reset();
            }}
          >
            Cancel
          </Button>
        </form>
      ) : (
        <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span className="font-medium text-fg">{label}</span>
          <time dateTime={event.at} className="text-fg-soft">
            {formatWhen(event.at)}
          </time>
          {source ? <span className="text-xs text-fg-subtle">{source}</span> : null}
          <Button
            size="sm"
            variant="link"
            className="h-auto px-0"
            aria-label={`Edit date of ${label}, ${formatWhen(event.at)}`}
            onClick={() => {
              setValue(toLocalInput(event.at));
              setEditing(true);
            }}
          >
            Edit date
          </Button>
        </div>
      )}
      <ServerError id={`${id}-error`} message={error} />
    </li>
  );
}
