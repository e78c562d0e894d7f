import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError, Input, Label } from '../../../components/ui/input';

/** One group's spellings typed as a comma-separated line, checked before it is taken. */
export function GroupInput({
  label,
  hint,
  initial = '',
  placeholder,
  action,
  icon,
  problemOf,
  onSubmit,
  onCancel,
}: {
  label: string;
  hint?: string;
  initial?: string;
  placeholder?: string;
  action: string;
  icon?: ReactNode;
  problemOf: (text: string) => string | null;
  onSubmit: (text: string) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const found = problemOf(text);
    setProblem(found);
    if (found) return;
    onSubmit(text);
    setText('');
  };
  const describedBy = [hint ? hintId : '', problem ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {hint ? (
        <p id={hintId} className="text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          className="min-w-48 flex-1"
          placeholder={placeholder}
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              submit();
            } else if (e.key === 'Escape' && onCancel) {
              e.preventDefault();
              onCancel();
            }
          }}
        />
        <Button variant="secondary" size="md" onClick={submit}>
          {icon}
          {action}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
      <FieldError id={errorId}>{problem}</FieldError>
    </div>
  );
}
