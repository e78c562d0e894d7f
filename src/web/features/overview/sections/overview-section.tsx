import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';

interface OverviewSectionProps<T> {
  title: string;
  description?: ReactNode;
  result: UseQueryResult<T>;
  /**
   * A section that is one chart: once loaded, the chart's own frame carries the title (and its
   * table and CSV buttons beside it), so the card draws no heading of its own.
   */
  single?: boolean;
  children: (data: T) => ReactNode;
}

/**
 * One of the Overview's five sections, on its own call: a spinner while it first loads, the
 * error in place if it fails (the figures it had stay), dimmed while a new range loads.
 */
export function OverviewSection<T>({
  title,
  description,
  result,
  single = false,
  children,
}: OverviewSectionProps<T>) {
  const headingId = useId();
  const data = result.data;
  const busy = result.isPending || result.isPlaceholderData;
  const body = (
    <>
      {result.isError ? (
        <ErrorAlert>{`Error loading ${title.toLowerCase()}: ${result.error.message}`}</ErrorAlert>
      ) : null}
      {result.isPending ? (
        <div role="status" className="flex items-center justify-center gap-3 py-10 text-fg-muted">
          <Spinner />
          <span className="text-sm">Loading...</span>
        </div>
      ) : null}
      {data !== undefined ? (
        <div className={cn('min-w-0', result.isPlaceholderData && 'opacity-60 transition-opacity')}>
          {children(data)}
        </div>
      ) : null}
    </>
  );
  if (single && data !== undefined) {
    return (
      <Card className="flex min-w-0 flex-col gap-3 p-4 sm:p-5" aria-busy={busy || undefined}>
        {body}
      </Card>
    );
  }
  return (
    <Card
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
      className="flex min-w-0 flex-col gap-4 p-4 sm:p-5"
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-base font-semibold text-fg">
          {title}
        </h2>
        {description ? <p className="text-xs text-fg-muted">{description}</p> : null}
      </div>
      {body}
    </Card>
  );
}
