import { cn } from '../../lib/cn';

export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block size-5 animate-spin rounded-full border-2 border-line-strong border-t-accent',
        className,
      )}
    />
  );
}

/** SPEC.md §2: while the session is being checked, a spinner with "Loading...". */
export function FullPageLoading() {
  return (
    <div
      role="status"
      className="flex min-h-screen items-center justify-center gap-3 text-fg-muted"
    >
      <Spinner />
      <span>Loading...</span>
    </div>
  );
}
