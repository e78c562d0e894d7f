import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Application } from '../../../../contract/pipeline';
import { FitBadge } from '../../../components/fit/fit-band';
import { ClosedBadge } from '../../../components/job-facts/closed-badge';
import { cn } from '../../../lib/cn';
import type { MoveHandler, UndoOffer } from '../moving';
import { daysInStage, fullDateTime, stepEnded } from '../stage-time';
import { NextStepLine } from './next-step-line';
import { StageMenu } from './stage-menu';

export interface ApplicationCardProps {
  application: Application;
  now: number;
  /** Where the title leads: this screen with the application's panel open. */
  openTo: string;
  onMove: MoveHandler;
  /** The board's drag handle, before the title; none on a phone. */
  handle?: ReactNode;
  /** This card's latest move, which its menu offers to undo. */
  undo?: UndoOffer | null;
  className?: string;
}

/** One application: what it is, how long it has waited, what comes next, and where it can go. */
export function ApplicationCard({
  application: a,
  now,
  openTo,
  onMove,
  handle,
  undo,
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
      {/* The job's facts as Jobs shows them: its fit (issue 40), a closed posting (issue 41). */}
      {a.fit || a.closed_at ? (
        <div className="flex flex-wrap items-center gap-1.5">
          {a.fit ? <FitBadge fit={a.fit} /> : null}
          <ClosedBadge closedAt={a.closed_at} />
        </div>
      ) : null}
      {/* The days and the menu share a line: a column shows more cards (issue 39). */}
      <div className="flex min-w-0 items-center justify-between gap-2">
        <p className="min-w-0 text-xs text-fg-muted">
          <time dateTime={a.stage_since} title={fullDateTime(a.stage_since)}>
            {daysInStage(a.stage, a.stage_since, now)}
          </time>
        </p>
        <StageMenu application={a} onMove={onMove} undo={undo} />
      </div>
      {a.next_step ? <NextStepLine step={a.next_step} now={now} ended={stepEnded(a)} /> : null}
    </article>
  );
}
