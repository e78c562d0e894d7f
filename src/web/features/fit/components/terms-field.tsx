import { Plus, X } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { FIT_TERM_MAX, FIT_TERMS_MAX } from '../../../../contract/fit';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';

/** The words of a typed or pasted entry: commas and new lines part them. */
export function termsIn(text: string): string[] {
  return text
    .split(/[,\n;]/)
    .map((t) => t.trim().replace(/\s+/g, ' '))
    .filter((t) => t !== '');
}

/** Whether `list` already holds `term`, case aside. */
export const holds = (list: readonly string[], term: string) =>
  list.some((t) => t.toLocaleLowerCase() === term.toLocaleLowerCase());

interface TermsFieldProps {
  label: string;
  hint: ReactNode;
  /** Says one entry in a sentence: "a must-have skill". */
  noun: string;
  values: string[];
  onChange: (values: string[]) => void;
  placeholder?: string;
  error?: string;
}

/**
 * Words or phrases as chips: typed and added with Enter, a comma or the Add button (a pasted
 * list is split), each removed by its own button. Every change is said in a live region.
 */
export function TermsField({
  label,
  hint,
  noun,
  values,
  onChange,
  placeholder,
  error,
}: TermsFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [said, setSaid] = useState('');

  const add = (entry: string) => {
    const terms = termsIn(entry);
    if (terms.length === 0) return;
    const added: string[] = [];
    const next = [...values];
    const refused: string[] = [];
    for (const term of terms) {
      if (holds(next, term)) refused.push(`${term} is already there`);
      else if (term.length > FIT_TERM_MAX) refused.push(`${term.slice(0, 20)}… is too long`);
      else if (next.length >= FIT_TERMS_MAX) refused.push(`at most ${FIT_TERMS_MAX} entries`);
      else {
        next.push(term);
        added.push(term);
      }
    }
    if (added.length > 0) onChange(next);
    setText('');
    setSaid(
      [added.length > 0 ? `Added ${added.join(', ')}` : '', ...refused].filter(Boolean).join('; '),
    );
  };

  const remove = (term: string) => {
    onChange(values.filter((t) => t !== term));
    setSaid(`Removed ${term}`);
    // The removed chip's button is gone: the field keeps the focus.
    input.current?.focus();
  };

  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <p id={hintId} className="text-xs text-fg-muted">
        {hint}
      </p>
      {values.length > 0 ? (
        <ul aria-label={label} className="flex flex-wrap gap-1.5">
          {values.map((term) => (
            <li
              key={term}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-accent-soft py-0.5 pl-3 pr-1 text-xs font-medium text-accent-soft-fg ring-1 ring-focus-ring"
            >
              <span className="[overflow-wrap:anywhere]">{term}</span>
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-surface-hover"
                aria-label={`Remove ${term}`}
                onClick={() => remove(term)}
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <Input
          ref={input}
          id={inputId}
          value={text}
          placeholder={placeholder}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            const typed = e.target.value;
            // A comma ends an entry as Enter does; a pasted list is split at once.
            if (/[,\n;]/.test(typed)) add(typed);
            else setText(typed);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            // Enter adds the entry; it must not also submit the form.
            e.preventDefault();
            add(text);
          }}
        />
        <Button
          variant="secondary"
          aria-label={`Add ${noun}`}
          disabled={text.trim() === ''}
          onClick={() => add(text)}
        >
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
