import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationDetailSchema, type ApplicationStage } from '../../../contract/pipeline';
import { apiRequest } from '../../lib/api-client';
import { refreshAfterApplicationChange } from '../application/application-query';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { closedDay } from './closed-badge';

// Issue 41 (decision 065): a job at Saved whose posting closed leaves the board's open stages in
// one click, as Withdrawn: the closing stage that means "I did not go on with it". The job's
// closed_at says why; no stage of its own.

/** PATCH /applications/{job_id} to Withdrawn, dated now; what shows the application is asked again. */
function useWithdrawClosed(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/applications/${jobId}`, applicationDetailSchema, {
        method: 'PATCH',
        body: { stage: 'withdrawn' },
      }),
    onSuccess: () => refreshAfterApplicationChange(queryClient),
  });
}

/**
 * The closed posting in words and, for a job still at Saved, "Closed before I applied". Nothing
 * for a job not found closed.
 */
export function ClosedNotice({
  jobId,
  closedAt,
  stage,
  onWithdrawn,
}: {
  jobId: number;
  closedAt: string | null | undefined;
  /** The job's stage on the board; null when it is not on it. */
  stage: ApplicationStage | null | undefined;
  /** Told once the job is at Withdrawn (the screen's announcement). */
  onWithdrawn?: () => void;
}) {
  const withdraw = useWithdrawClosed(jobId);
  if (!closedAt) return null;
  return (
    <div className="mb-5 flex flex-col gap-2 rounded-lg border border-line-soft bg-surface-muted p-3 text-sm">
      <p className="text-fg-soft">
        This posting no longer takes applications: it was found closed on{' '}
        <time dateTime={closedAt}>{closedDay(closedAt)}</time>.
      </p>
      {stage === 'saved' ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Button
            variant="secondary"
            size="sm"
            disabled={withdraw.isPending}
            aria-describedby={`closed-before-applied-${jobId}`}
            onClick={() => withdraw.mutate(undefined, { onSuccess: () => onWithdrawn?.() })}
          >
            {withdraw.isPending ? 'Moving...' : 'Closed before I applied'}
          </Button>
          <span id={`closed-before-applied-${jobId}`} className="text-xs text-fg-muted">
            Moves it to Withdrawn, a closing stage.
          </span>
        </div>
      ) : null}
      {withdraw.isError ? (
        <ErrorAlert>{`Could not move it to Withdrawn: ${withdraw.error.message}`}</ErrorAlert>
      ) : null}
    </div>
  );
}
