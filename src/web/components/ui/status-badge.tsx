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
}

export function StatusBadge({ status, reason = null, detail = null }: StatusBadgeProps) {
  const badge = <Badge tone={TONES[status]}>{status}</Badge>;
  return (
    <div className="flex flex-col items-start gap-1">
      {/* Only a failure has a reason to reveal; other badges stay out of the tab order. */}
      {status === 'failed' && reason ? <Tooltip content={reason}>{badge}</Tooltip> : badge}
      {detail ? <span className="text-xs whitespace-nowrap text-fg-subtle">{detail}</span> : null}
    </div>
  );
}
