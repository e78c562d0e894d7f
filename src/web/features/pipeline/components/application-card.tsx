import { CalendarClock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Application } from '../../../../contract/pipeline';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import type { MoveHandler } from '../moving';
import { daysInStage, fullDateTime, isOverdue, nextStepWhen } from '../stage-time';
import { StageMenu } from './stage-menu';

export interface ApplicationCardProps {
  application: Application;
  now: number;
  /** Where the title leads: this screen with the application's panel open. */
  openTo: string;
  onMove: MoveHandler;
  /** The board's drag handle, before the title; none on a phone. */
  handle?: ReactNode;
  className?: string;
}

/** One application: what it is, how long it has waited, what comes next, and where it can go. */
export function ApplicationCard({
  application: a,
  now,
  openTo,
  onMove,
  handle,
  className,
}: ApplicationCardProps) {
  return (
    <article
      data-job-id={a.job_id}
      aria-label={a.title}
      className={cn(
        'flex min-w-0 flex-col gap-1.5 rounded-md border border-line bg-surface p-3 text-sm shadow-sm',
        className,
      )}
    >
      <div className="flex min-w-0 items-start gap-1.5">
        {handle}
        <h3 className="min-w-0 flex-1 font-medium leading-snug [overflow-wrap:anywhere]">
          {/* Not the browser's own link drag: a card held by its title moves as a card. */}
          <Link
            to={openTo}
            draggable={false}
            className="text-fg hover:text-accent-fg hover:underline"
          >
            {a.title}
          </Link>
        </h3>
      </div>
      <p className="text-fg-soft [overflow-wrap:anywhere]">
        {a.company_name}
        {a.location ? <span className="text-fg-muted"> · {a.location}</span> : null}
      </p>
      <p className="text-xs text-fg-muted">
        <time dateTime={a.stage_since} title={fullDateTime(a.stage_since)}>
          {daysInStage(a.stage, a.stage_since, now)}
        </time>
      </p>
      {a.next_step ? <NextStepLine step={a.next_step} now={now} /> : null}
      <StageMenu application={a} onMove={onMove} className="mt-1 self-start" />
    </article>
  );
}

export function NextStepLine({
  step,
  now,
  className,
}: {
  step: NonNullable<Application['next_step']>;
  now: number;
  className?: string;
}) {
  const overdue = isOverdue(step.at, now);
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
