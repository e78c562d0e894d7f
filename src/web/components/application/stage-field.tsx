import { useId, useState, type FormEvent } from 'react';
import {
  APPLICATION_STAGE_LABELS,
  APPLICATION_STAGES,
  isClosingStage,
  type ApplicationDetail,
  type ApplicationStage,
} from '../../../contract/pipeline';
import { Button } from '../ui/button';
import { fieldClasses, Input } from '../ui/input';
import { useUpdateApplication } from './application-api';
import { formatWhen, fromLocalInput } from './dates';
import { LazyNextStepQuestion } from './lazy-next-step-question';
import type { NextStepChoice } from './next-step-question';
import { Field, Part, ServerError, type HeadingLevel } from './parts';

const isStage = (value: string): value is ApplicationStage =>
  APPLICATION_STAGES.some((stage) => stage === value);

/**
 * The stage, moved by choosing another and saving. "When" dates the move for an operator who
 * logs it after the fact; left empty, the server dates it now. A move past a stage with a next
 * step asks whether to keep it, unless the move closes the application (which ends it).
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
  const [asking, setAsking] = useState<{ at: string | null } | null>(null);
  const error = badWhen ?? update.error?.message ?? null;
  const step = application.next_step;

  const move = (at: string | null, clearStep: boolean) =>
    update.mutate(
      { stage, ...(at === null ? {} : { at }), ...(clearStep ? { next_step: null } : {}) },
      { onSuccess: () => setWhen('') },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const at = fromLocalInput(when);
    if (when.trim() !== '' && at === null) {
      setBadWhen('Enter the date and time of the move, or leave it empty for now.');
      return;
    }
    setBadWhen(null);
    if (step && !isClosingStage(stage)) setAsking({ at });
    else move(at, false);
  };

  const answer = (choice: NextStepChoice) => {
    const at = asking?.at ?? null;
    setAsking(null);
    if (choice !== 'cancel') move(at, choice === 'clear');
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
      {asking && step ? (
        <LazyNextStepQuestion title={application.title} step={step} to={stage} onChoose={answer} />
      ) : null}
    </Part>
  );
}
