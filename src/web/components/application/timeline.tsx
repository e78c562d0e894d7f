import { useId, useState, type FormEvent } from 'react';
import {
  APPLICATION_STAGE_LABELS,
  type ApplicationDetail,
  type ApplicationEvent,
} from '../../../contract/pipeline';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { useUpdateEventDate } from './application-api';
import { formatWhen, fromLocalInput, toLocalInput } from './dates';
import {
  EditForm,
  Field,
  focusOnOpen,
  Part,
  SaveOrCancel,
  ServerError,
  useEditDraft,
  type HeadingLevel,
} from './parts';

// The application's history (issue 33): each stage change dated and correctable in place, and
// the next step a move ended (issue 39), so nothing the operator planned is lost by moving.

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
      {/* The line and its bullets sit inside the panel's own box (ml), whatever pads it. */}
      <ol aria-label="Timeline" className="ml-1.5 flex flex-col gap-2 border-l border-line pl-4">
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
  const [bad, setBad] = useState<string | null>(null);
  const {
    draft: value,
    setDraft: setValue,
    openerRef,
    close,
    cancel,
  } = useEditDraft<string>(() => {
    setBad(null);
    update.reset();
  });
  const label = APPLICATION_STAGE_LABELS[event.stage];
  const source = SOURCE_NOTES[event.source];
  const error = bad ?? update.error?.message ?? null;

  const save = (e: FormEvent) => {
    e.preventDefault();
    const at = fromLocalInput(value ?? '');
    if (at === null) {
      setBad('Enter a date and time.');
      return;
    }
    setBad(null);
    update.mutate({ eventId: event.id, at }, { onSuccess: close });
  };

  return (
    <li className="relative text-sm">
      <span
        aria-hidden="true"
        className="absolute -left-[21px] top-1.5 size-2.5 rounded-full border-2 border-surface bg-accent"
      />
      {value !== null ? (
        <EditForm
          onSubmit={save}
          onCancel={cancel}
          aria-label={`Edit date of ${label}`}
          className="flex flex-wrap items-end gap-2"
        >
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
          <SaveOrCancel label="Save date" pending={update.isPending} onCancel={cancel} />
        </EditForm>
      ) : (
        <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span className="font-medium text-fg">{label}</span>
          <time dateTime={event.at} className="text-fg-soft">
            {formatWhen(event.at)}
          </time>
          {source ? <span className="text-xs text-fg-subtle">{source}</span> : null}
          <Button
            ref={openerRef}
            size="sm"
            variant="link"
            className="h-auto px-0"
            aria-label={`Edit date of ${label}, ${formatWhen(event.at)}`}
            onClick={() => {
              setValue(toLocalInput(event.at));
            }}
          >
            Edit date
          </Button>
        </div>
      )}
      {event.ended_next_step ? (
        <p className="mt-0.5 text-xs text-fg-muted [overflow-wrap:anywhere]">
          Next step ended: {event.ended_next_step.what} ·{' '}
          <time dateTime={event.ended_next_step.at}>{formatWhen(event.ended_next_step.at)}</time>
        </p>
      ) : null}
      <ServerError id={`${id}-error`} message={error} />
    </li>
  );
}
