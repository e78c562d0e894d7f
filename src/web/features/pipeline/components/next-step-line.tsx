import { CalendarClock } from 'lucide-react';
import type { Application } from '../../../../contract/pipeline';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { fullDateTime, isOverdue, nextStepWhen } from '../stage-time';

// Apart from the card: the table shows it too, and must not bring the card's menu with it (the
// table and an empty board stay within their first-visit budget).

/**
 * "Follow up · in 2 days", marked Overdue in words once its time has passed; never when the step
 * has `ended` (a job at Saved whose posting closed: the server reminds of it no more either).
 */
export function NextStepLine({
  step,
  now,
  ended = false,
  className,
}: {
  step: NonNullable<Application['next_step']>;
  now: number;
  ended?: boolean;
  className?: string;
}) {
  const overdue = !ended && isOverdue(step.at, now);
  return (
    <p
      className={cn(
        'flex min-w-0 items-start gap-1.5 text-xs',
        overdue ? 'text-danger-fg' : 'text-fg-soft',
        className,
      )}
    >
      <CalendarClock className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span className="min-w-0 [overflow-wrap:anywhere]">
        <span className="sr-only">Next step: </span>
        {step.what} ·{' '}
        <time dateTime={step.at} title={fullDateTime(step.at)}>
          {nextStepWhen(step.at, now)}
        </time>
        {/* Said in words, not by the red alone. */}
        {overdue ? (
          <>
            {' '}
            <Badge tone="red" className="px-2 align-middle">
              Overdue
            </Badge>
          </>
        ) : null}
      </span>
    </p>
  );
}
