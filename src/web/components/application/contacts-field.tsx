import { useId, useState, type FormEvent } from 'react';
import {
  CONTACT_EMAIL_MAX,
  CONTACT_NAME_MAX,
  CONTACT_ROLE_MAX,
  CONTACT_URL_MAX,
  CONTACTS_PER_APPLICATION_MAX,
  isWebAddress,
  type ApplicationContact,
  type ApplicationDetail,
} from '../../../contract/pipeline';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { LazyConfirmDialog } from '../ui/lazy-confirm-dialog';
import { TEXT_LINK_CLASS } from '../ui/text-link';
import {
  useAddContact,
  useDeleteContact,
  useUpdateContact,
  type ContactFields,
} from './application-api';
import {
  EditForm,
  errorFor,
  Field,
  focusOnOpen,
  Part,
  SaveOrCancel,
  ServerError,
  useOpener,
  type HeadingLevel,
} from './parts';

const FIELDS = [
  { name: 'name', label: 'Name', max: CONTACT_NAME_MAX, type: 'text' },
  { name: 'role', label: 'Role', max: CONTACT_ROLE_MAX, type: 'text' },
  { name: 'email', label: 'Email', max: CONTACT_EMAIL_MAX, type: 'email' },
  { name: 'url', label: 'Profile link', max: CONTACT_URL_MAX, type: 'url' },
] as const;

const EMPTY: ContactFields = { name: '', role: '', email: '', url: '' };

/** The people of this application: a recruiter, an interviewer. */
export function ContactsField({
  application,
  level,
}: {
  application: ApplicationDetail;
  level: HeadingLevel;
}) {
  const [adding, setAdding] = useState(false);
  const add = useAddContact(application.job_id);
  const { openerRef, refocusOpener } = useOpener();
  const full = application.contacts.length >= CONTACTS_PER_APPLICATION_MAX;
  const close = () => {
    refocusOpener();
    setAdding(false);
  };
  return (
    <Part
      title="Contacts"
      level={level}
      actions={
        adding ? null : (
          <Button
            ref={openerRef}
            size="sm"
            variant="secondary"
            disabled={full}
            title={full ? `At most ${CONTACTS_PER_APPLICATION_MAX} contacts` : undefined}
            onClick={() => setAdding(true)}
          >
            Add contact
          </Button>
        )
      }
    >
      {application.contacts.length === 0 && !adding ? (
        <p className="text-sm text-fg-subtle">No contacts yet.</p>
      ) : (
        <ul aria-label="Contacts" className="flex flex-col divide-y divide-line-soft">
          {application.contacts.map((contact) => (
            <ContactRow key={contact.id} jobId={application.job_id} contact={contact} />
          ))}
        </ul>
      )}
      {adding ? (
        <ContactForm
          title="New contact"
          initial={EMPTY}
          pending={add.isPending}
          error={add.error}
          submitLabel="Add contact"
          onSubmit={(fields) => add.mutate(fields, { onSuccess: close })}
          onCancel={() => {
            close();
            add.reset();
          }}
        />
      ) : null}
    </Part>
  );
}

function ContactRow({ jobId, contact }: { jobId: number; contact: ApplicationContact }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateContact(jobId);
  const remove = useDeleteContact(jobId);
  const { openerRef, refocusOpener } = useOpener();
  const close = () => {
    refocusOpener();
    setEditing(false);
  };
  if (editing) {
    return (
      <li className="py-2">
        <ContactForm
          title={`Edit ${contact.name}`}
          initial={{
            name: contact.name,
            role: contact.role ?? '',
            email: contact.email ?? '',
            url: contact.url ?? '',
          }}
          pending={update.isPending}
          error={update.error}
          submitLabel="Save contact"
          onSubmit={(fields) =>
            update.mutate({ contactId: contact.id, fields }, { onSuccess: close })
          }
          onCancel={() => {
            close();
            update.reset();
          }}
        />
      </li>
    );
  }
  return (
    <li aria-label={contact.name} className="flex flex-col gap-1 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="min-w-0 break-words font-medium text-fg">{contact.name}</span>
        {contact.role ? <span className="text-fg-muted">{contact.role}</span> : null}
        <span className="ml-auto flex gap-1">
          <Button
            ref={openerRef}
            size="sm"
            variant="ghost"
            aria-label={`Edit ${contact.name}`}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-danger-fg"
            aria-label={`Delete ${contact.name}`}
            disabled={remove.isPending}
            onClick={() => setConfirming(true)}
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </span>
      </div>
      {contact.email || (contact.url && isWebAddress(contact.url)) ? (
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {contact.email ? (
            <a href={`mailto:${contact.email}`} className={`${TEXT_LINK_CLASS} break-all`}>
              {contact.email}
            </a>
          ) : null}
          {contact.url && isWebAddress(contact.url) ? (
            <a
              href={contact.url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              aria-label={`Profile of ${contact.name}`}
              className={TEXT_LINK_CLASS}
            >
              Profile
            </a>
          ) : null}
        </div>
      ) : null}
      <ServerError id={`contact-${contact.id}-error`} message={remove.error?.message} />
      {confirming ? (
        <LazyConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete contact"
          message={`Delete ${contact.name} from this application's contacts?`}
          destructive
          onConfirm={() => remove.mutate(contact.id)}
        />
      ) : null}
    </li>
  );
}

function ContactForm({
  title,
  initial,
  pending,
  error,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  title: string;
  initial: ContactFields;
  pending: boolean;
  error: Error | null;
  submitLabel: string;
  onSubmit: (fields: ContactFields) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [fields, setFields] = useState(initial);
  const shown = errorFor(
    error,
    FIELDS.map((f) => f.name),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(fields);
  };
  return (
    // The server's checks speak for the fields (beside each), rather than the browser's bubbles.
    <EditForm
      noValidate
      onSubmit={submit}
      onCancel={onCancel}
      aria-label={title}
      className="flex flex-col gap-3 rounded-md border border-line-soft p-3"
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {FIELDS.map((f) => {
          const mine = shown?.field === f.name;
          return (
            <Field key={f.name} label={f.label} htmlFor={`${id}-${f.name}`}>
              <Input
                ref={f.name === 'name' ? focusOnOpen : undefined}
                id={`${id}-${f.name}`}
                type={f.type}
                value={fields[f.name]}
                maxLength={f.max}
                required={f.name === 'name'}
                onChange={(e) => setFields({ ...fields, [f.name]: e.target.value })}
                aria-invalid={mine ? true : undefined}
                aria-describedby={mine ? `${id}-${f.name}-error` : undefined}
              />
              {mine ? <ServerError id={`${id}-${f.name}-error`} message={shown.message} /> : null}
            </Field>
          );
        })}
      </div>
      {shown && shown.field === null ? (
        <ServerError id={`${id}-error`} message={shown.message} />
      ) : null}
      <SaveOrCancel label={submitLabel} pending={pending} onCancel={onCancel} />
    </EditForm>
  );
}
