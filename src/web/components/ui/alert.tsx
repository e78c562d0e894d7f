import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** An error message a screen shows in place (SPEC.md §8's loading and action errors). */
export function ErrorAlert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="alert"
      className={cn(
        'rounded-md border border-danger-line bg-danger-soft px-4 py-3 text-sm text-danger-soft-fg',
        className,
      )}
    >
      {children}
    </div>
  );
}
