import { useId, type FormEvent } from 'react';
import { APPLICATION_NOTES_MAX, type ApplicationDetail } from '../../../contract/pipeline';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { fieldClasses } from '../ui/input';
import { useUpdateApplication } from './application-api';
import { LinkedText } from './linked-text';
import {
  EditForm,
  focusOnOpen,
  Part,
  SaveOrCancel,
  ServerError,
  useEditDraft,
  type HeadingLevel,
} from './parts';

const count = new Intl.NumberFormat();

/** Notes: plain text with its web addresses linked; edited in a textarea and saved explicitly. */
export function NotesField({
  application,
  level,
}: {
  application: ApplicationDetail;
  level: HeadingLevel;
}) {
  const id = useId();
  const update = useUpdateApplication(application.job_id);
  const { draft, setDraft, openerRef, close, cancel } = useEditDraft<string>(update.reset);
  const over = draft !== null && draft.length > APPLICATION_NOTES_MAX;
  const error = update.error?.message ?? null;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (draft === null || over) return;
    update.mutate({ notes: draft }, { onSuccess: close });
  };

  return (
    <Part
      title="Notes"
      level={level}
      actions={
        draft === null ? (
          <Button
            ref={openerRef}
            size="sm"
            variant="secondary"
            onClick={() => setDraft(application.notes)}
          >
            Edit notes
          </Button>
        ) : null
      }
    >
      {draft === null ? (
        application.notes.trim() === '' ? (
          <p className="text-sm text-fg-subtle">No notes yet.</p>
        ) : (
          <p className="whitespace-pre-wrap break-words text-sm text-fg-soft">
            <LinkedText text={application.notes} />
          </p>
        )
      ) : (
        <EditForm
          onSubmit={save}
          onCancel={cancel}
          aria-label="Edit notes"
          className="flex flex-col gap-2"
        >
          <label htmlFor={`${id}-notes`} className="sr-only">
            Notes
          </label>
          <textarea
            ref={focusOnOpen}
            id={`${id}-notes`}
            value={draft}
            rows={6}
            onChange={(e) => setDraft(e.target.value)}
            aria-invalid={over || error ? true : undefined}
            aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
            className={cn(fieldClasses, 'min-h-32 text-sm')}
          />
          <p
            id={`${id}-count`}
            className={cn('text-xs tabular-nums', over ? 'text-danger-fg' : 'text-fg-subtle')}
          >
            {`${count.format(draft.length)} / ${count.format(APPLICATION_NOTES_MAX)} characters`}
            {over ? ` (${count.format(draft.length - APPLICATION_NOTES_MAX)} too many)` : ''}
          </p>
          <ServerError id={`${id}-error`} message={error} />
          <SaveOrCancel
            label="Save notes"
            pending={update.isPending}
            disabled={over}
            onCancel={cancel}
          />
        </EditForm>
      )}
    </Part>
  );
}
