import { useId, type FormEvent } from 'react';
import {
  APPLICATION_REFERENCE_MAX,
  APPLICATION_SALARY_MAX,
  isWebAddress,
  type ApplicationDetail,
} from '../../../contract/pipeline';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { TEXT_LINK_CLASS } from '../ui/text-link';
import { useUpdateApplication } from './application-api';
import {
  EditForm,
  errorFor,
  Field,
  focusOnOpen,
  Part,
  SaveOrCancel,
  ServerError,
  useEditDraft,
  type HeadingLevel,
} from './parts';

const FIELDS = [
  { name: 'reference', label: 'Reference', max: APPLICATION_REFERENCE_MAX },
  { name: 'salary_asked', label: 'Salary asked', max: APPLICATION_SALARY_MAX },
  { name: 'salary_offered', label: 'Salary offered', max: APPLICATION_SALARY_MAX },
] as const;
type Name = (typeof FIELDS)[number]['name'];
type Values = Record<Name, string>;

/** The application's own reference (text or address) and the salaries asked and offered. */
export function DetailsField({
  application,
  level,
}: {
  application: ApplicationDetail;
  level: HeadingLevel;
}) {
  const id = useId();
  const update = useUpdateApplication(application.job_id);
  const { draft, setDraft, openerRef, close, cancel } = useEditDraft<Values>(update.reset);
  const error = errorFor(
    update.error,
    FIELDS.map((f) => f.name),
  );

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (draft) update.mutate(draft, { onSuccess: close });
  };

  return (
    <Part
      title="Application"
      level={level}
      actions={
        draft === null ? (
          <Button
            ref={openerRef}
            size="sm"
            variant="secondary"
            onClick={() =>
              setDraft({
                reference: application.reference ?? '',
                salary_asked: application.salary_asked ?? '',
                salary_offered: application.salary_offered ?? '',
              })
            }
          >
            Edit details
          </Button>
        ) : null
      }
    >
      {draft === null ? (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          {FIELDS.map((f) => (
            <div key={f.name} className="flex min-w-0 flex-col gap-0.5">
              <dt className="text-xs font-medium uppercase tracking-wide text-fg-subtle">
                {f.label}
              </dt>
              <dd className="break-words text-fg-soft">
                <Shown name={f.name} value={application[f.name]} />
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <EditForm
          onSubmit={save}
          onCancel={cancel}
          aria-label="Edit details"
          className="flex flex-col gap-3"
        >
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {FIELDS.map((f) => {
              const mine = error?.field === f.name;
              return (
                <Field key={f.name} label={f.label} htmlFor={`${id}-${f.name}`}>
                  <Input
                    ref={f.name === 'reference' ? focusOnOpen : undefined}
                    id={`${id}-${f.name}`}
                    value={draft[f.name]}
                    maxLength={f.max}
                    placeholder={f.name === 'reference' ? 'REQ-123 or https://…' : undefined}
                    onChange={(e) => setDraft({ ...draft, [f.name]: e.target.value })}
                    aria-invalid={mine ? true : undefined}
                    aria-describedby={mine ? `${id}-${f.name}-error` : undefined}
                  />
                  {mine ? (
                    <ServerError id={`${id}-${f.name}-error`} message={error.message} />
                  ) : null}
                </Field>
              );
            })}
          </div>
          {error && error.field === null ? (
            <ServerError id={`${id}-error`} message={error.message} />
          ) : null}
          <SaveOrCancel label="Save details" pending={update.isPending} onCancel={cancel} />
        </EditForm>
      )}
    </Part>
  );
}

function Shown({ name, value }: { name: Name; value: string | null }) {
  if (!value) return <>-</>;
  if (name === 'reference' && isWebAddress(value))
    return (
      <a
        href={value}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className={`${TEXT_LINK_CLASS} break-all`}
      >
        {value}
      </a>
    );
  return <>{value}</>;
}
