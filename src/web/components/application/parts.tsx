import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';

export type HeadingLevel = 3 | 4;

/** One part of the application (stage, timeline, notes…), named by its heading. */
export function Part({
  title,
  level,
  actions,
  children,
}: {
  title: string;
  level: HeadingLevel;
  /** Buttons beside the heading (Edit, Add). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={id} className="text-sm font-semibold text-fg">
          {title}
        </Heading>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** The server's `{error}` for a field, beside it; the field names it in aria-describedby. */
export function ServerError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-danger-fg">
      {message}
    </p>
  );
}

/** A label above its field, the field's error under it. */
export function Field({
  label,
  htmlFor,
  hint,
  className,
  children,
}: {
  label: string;
  htmlFor: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <label htmlFor={htmlFor} className="text-xs font-medium text-fg-soft">
        {label}
      </label>
      {children}
      {hint ? <div className="text-xs text-fg-subtle">{hint}</div> : null}
    </div>
  );
}

/** Which field a server error is about: its messages start with the field's name. */
export function errorFor(
  error: Error | null,
  fields: readonly string[],
): { field: string | null; message: string } | null {
  if (!error) return null;
  const field = fields.find((name) => error.message.startsWith(`${name} `)) ?? null;
  return { field, message: error.message };
}

/**
 * A ref that focuses its element once, when an edit form opens in place of the button that
 * opened it (whose focus would otherwise fall back to the page). Stable, so React calls it on
 * mount only, never while the operator moves on to another field.
 */
export const focusOnOpen = (element: HTMLElement | null): void => element?.focus();

/** An edit form's buttons: save (reading "Saving..." while the write is under way) and cancel. */
export function SaveOrCancel({
  label,
  pending,
  disabled = false,
  size = 'sm',
  onCancel,
}: {
  label: string;
  pending: boolean;
  disabled?: boolean;
  size?: 'sm' | 'md';
  onCancel: () => void;
}) {
  return (
    <div className="flex gap-2">
      <Button type="submit" size={size} disabled={disabled || pending}>
        {pending ? 'Saving...' : label}
      </Button>
      <Button size={size} variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

/**
 * An edit form (next step, notes, details, a contact, a date) where Escape cancels the edit and
 * nothing else. The side sheet around the panel (a Radix dialog) hears Escape on the document in
 * the capture phase, before any handler of the form: the form listens on the window, a step
 * earlier, and marks the key handled, which Radix reads as "leave the sheet open". A second
 * Escape, outside any form, closes the sheet.
 */
export function EditForm({
  onCancel,
  ...props
}: Omit<ComponentProps<'form'>, 'ref'> & { onCancel: () => void }) {
  const form = useRef<HTMLFormElement>(null);
  const cancel = useRef(onCancel);
  useEffect(() => {
    cancel.current = onCancel;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (!(event.target instanceof Node) || !form.current?.contains(event.target)) return;
      event.preventDefault();
      cancel.current();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
  return <form ref={form} {...props} />;
}

/**
 * The button that opens an edit form, given the focus back when the form closes (saved or
 * cancelled) instead of leaving it on the removed form: call `refocusOpener()` as it closes.
 */
export function useOpener() {
  const ref = useRef<HTMLButtonElement>(null);
  const pending = useRef(false);
  useLayoutEffect(() => {
    if (!pending.current || !ref.current) return;
    pending.current = false;
    ref.current.focus();
  });
  return {
    openerRef: ref,
    refocusOpener: () => {
      pending.current = true;
    },
  };
}

/**
 * An edit in place: its draft (null while not editing), the button that opened it (the focus goes
 * back to it), and how the edit ends: `close` once saved, `cancel` (which also calls `onCancel`,
 * the field's own clearing of its errors) by the Cancel button or Escape.
 */
export function useEditDraft<T>(onCancel: () => void) {
  const [draft, setDraft] = useState<T | null>(null);
  const { openerRef, refocusOpener } = useOpener();
  const close = () => {
    refocusOpener();
    setDraft(null);
  };
  const cancel = () => {
    close();
    onCancel();
  };
  return { draft, setDraft, openerRef, close, cancel };
}
