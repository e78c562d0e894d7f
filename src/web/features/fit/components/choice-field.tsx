import type { ReactNode } from 'react';
import { FieldError } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';

/** A set of checkboxes under one legend: the values ticked, in the options' order. */
export function ChoiceField<T extends string>({
  legend,
  hint,
  options,
  labels,
  values,
  onChange,
  error,
  errorId,
  className,
}: {
  legend: string;
  hint?: ReactNode;
  options: readonly T[];
  labels: Readonly<Record<T, string>>;
  values: readonly T[];
  onChange: (values: T[]) => void;
  error?: string;
  errorId: string;
  className?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-fg-soft">{legend}</legend>
      {hint ? <p className="text-xs text-fg-muted">{hint}</p> : null}
      <div className={cn('flex flex-wrap gap-x-4 gap-y-1.5', className)}>
        {options.map((option) => (
          <label
            key={option}
            className="inline-flex cursor-pointer items-center gap-1.5 text-sm text-fg-soft"
          >
            <input
              type="checkbox"
              className="size-4 accent-accent"
              checked={values.includes(option)}
              onChange={(e) =>
                onChange(
                  options.filter((o) => (o === option ? e.target.checked : values.includes(o))),
                )
              }
            />
            {labels[option]}
          </label>
        ))}
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </fieldset>
  );
}
