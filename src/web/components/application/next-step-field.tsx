import { Download } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import {
  APPLICATION_STAGE_LABELS,
  isClosingStage,
  NEXT_STEP_WHAT_MAX,
  type ApplicationDetail,
} from '../../../contract/pipeline';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { downloadNextStepIcs, useUpdateApplication } from './application-api';
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

/** What comes next and when, with its calendar file; reminders are sent for it. */
export function NextStepField({
  application,
  level,
}: {
  application: ApplicationDetail;
  level: HeadingLevel;
}) {
  const id = useId();
  const jobId = application.job_id;
  const update = useUpdateApplication(jobId);
  const [local, setLocal] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const { draft, setDraft, openerRef, close, cancel } = useEditDraft<{ at: string; what: string }>(
    () => {
      setLocal(null);
      update.reset();
    },
  );
  const step = application.next_step;
  const error = local ?? update.error?.message ?? null;
  // A closed application takes no next step (decision 059): its old one is in the timeline.
  const closed = isClosingStage(application.stage);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const at = fromLocalInput(draft.at);
    if (at === null) {
      setLocal('Enter the date and time of the next step.');
      return;
    }
    setLocal(null);
    update.mutate({ next_step: { at, what: draft.what } }, { onSuccess: close });
  };

  const download = () => {
    setDownloading(true);
    setLocal(null);
    downloadNextStepIcs(jobId)
      .catch((err: unknown) =>
        setLocal(
          `Could not download the calendar file: ${err instanceof Error ? err.message : ''}`,
        ),
      )
      .finally(() => setDownloading(false));
  };

  return (
    <Part title="Next step" level={level}>
      {draft === null ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {step ? (
            <p className="min-w-0 basis-full break-words text-fg-soft sm:basis-auto">
              <span className="font-medium text-fg">{step.what}</span> ·{' '}
              <time dateTime={step.at}>{formatWhen(step.at)}</time>
            </p>
          ) : closed ? (
            <p className="basis-full text-fg-subtle">
              No next step: {APPLICATION_STAGE_LABELS[application.stage]} closes the application.
              Move it to another stage to plan one.
            </p>
          ) : (
            <p className="basis-full text-fg-subtle sm:basis-auto">No next step.</p>
          )}
          <span className="flex flex-wrap gap-2 sm:ml-auto">
            {closed ? null : (
              <Button
                ref={openerRef}
                size="sm"
                variant="secondary"
                onClick={() =>
                  setDraft({ at: step ? toLocalInput(step.at) : '', what: step?.what ?? '' })
                }
              >
                {step ? 'Edit next step' : 'Set next step'}
              </Button>
            )}
            {step ? (
              <>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={update.isPending}
                  onClick={() => update.mutate({ next_step: null })}
                >
                  Clear next step
                </Button>
                <Button size="sm" variant="ghost" disabled={downloading} onClick={download}>
                  <Download aria-hidden="true" />
                  Download .ics
                </Button>
              </>
            ) : null}
          </span>
        </div>
      ) : (
        <EditForm
          onSubmit={save}
          onCancel={cancel}
          aria-label="Edit next step"
          className="flex flex-wrap items-end gap-2"
        >
          <Field label="When" htmlFor={`${id}-at`} className="w-full sm:w-56">
            <Input
              ref={focusOnOpen}
              id={`${id}-at`}
              type="datetime-local"
              required
              value={draft.at}
              onChange={(e) => setDraft({ ...draft, at: e.target.value })}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </Field>
          <Field label="What" htmlFor={`${id}-what`} className="w-full sm:flex-1">
            <Input
              id={`${id}-what`}
              required
              value={draft.what}
              maxLength={NEXT_STEP_WHAT_MAX}
              placeholder="phone screen, follow up"
              onChange={(e) => setDraft({ ...draft, what: e.target.value })}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </Field>
          <SaveOrCancel
            label="Save next step"
            pending={update.isPending}
            size="md"
            onCancel={cancel}
          />
        </EditForm>
      )}
      <ServerError id={`${id}-error`} message={error} />
    </Part>
  );
}
