import type { ReactNode } from 'react';
import { Badge, type BadgeTone } from './badge';
import { Tooltip } from './tooltip';

/** The statuses a batch or a query run can be in (SPEC.md §4). */
export type JobStatus = 'running' | 'enriching' | 'completed' | 'failed';

// Each status its own colour, so a glance down the column tells them apart.
const TONES: Record<JobStatus, BadgeTone> = {
  running: 'blue',
  enriching: 'violet',
  completed: 'green',
  failed: 'red',
};

interface StatusBadgeProps {
  status: JobStatus;
  /** Why it failed: shown on hover and keyboard focus, so the table keeps its columns. */
  reason?: string | null;
  /** Small muted text under the badge, e.g. the progress of a running job. */
  detail?: string | null;
  /** Shown beside the badge, wrapping under it on a narrow screen (issue 32's "parsed partly"). */
  aside?: ReactNode;
}

export function StatusBadge({
  status,
  reason = null,
  detail = null,
  aside = null,
}: StatusBadgeProps) {
  const badge = <Badge tone={TONES[status]}>{status}</Badge>;
  // Only a failure has a reason to reveal; other badges stay out of the tab order.
  const shown = status === 'failed' && reason ? <Tooltip content={reason}>{badge}</Tooltip> : badge;
  return (
    <div className="flex flex-col items-start gap-1">
      {aside ? (
        <div className="flex flex-wrap items-center gap-1.5">
          {shown}
          {aside}
        </div>
      ) : (
        shown
      )}
      {detail ? <span className="text-xs whitespace-nowrap text-fg-subtle">{detail}</span> : null}
    </div>
  );
}
