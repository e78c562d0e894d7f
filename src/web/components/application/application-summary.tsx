import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APPLICATION_STAGE_LABELS, applicationLineSchema } from '../../../contract/pipeline-stages';
import { apiRequest } from '../../lib/api-client';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { getApplicationQueryOptions, refreshAfterApplicationChange } from './application-query';
import { formatWhen } from './dates';

/** POST /applications: the job in as Saved; the lists, the jobs and the Overview asked again. */
function useAddToPipeline(jobId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/applications', applicationLineSchema, {
        method: 'POST',
        body: { job_id: jobId },
      }),
    onSuccess: () => refreshAfterApplicationChange(queryClient),
  });
}

/**
 * A job's application in one line, for the Jobs panel: its stage, since when, and the next step,
 * with "Show application" opening the whole panel (timeline, notes, contacts, editing). The panel
 * is loaded on demand: the Jobs screen opened on a job (a reminder's link) stays within its
 * first-visit budget (bench/pipeline.bench.ts). Both read the same query, so opening it asks for
 * nothing again. A job the caller knows is not on the board (`onBoard` false: the job's
 * `pipeline_stage` is null) is asked nothing: "not in the pipeline" is an answer already.
 */
export function ApplicationSummary({
  jobId,
  onBoard,
  onOpen,
}: {
  jobId: number;
  onBoard: boolean;
  onOpen: () => void;
}) {
  const application = useQuery({ ...getApplicationQueryOptions(jobId), enabled: onBoard });
  if (!onBoard) return <NotInPipeline jobId={jobId} onAdded={onOpen} />;
  if (application.isPending) {
    return (
      <div role="status" className="flex items-center gap-3 py-2 text-sm text-fg-muted">
        <Spinner />
        Loading the application...
      </div>
    );
  }
  if (application.isError) {
    return <ErrorAlert>{`Error loading the application: ${application.error.message}`}</ErrorAlert>;
  }
  const found = application.data;
  if (found === null) return <NotInPipeline jobId={jobId} onAdded={onOpen} />;
  return (
    <div className="flex flex-col gap-2 text-sm text-fg-soft">
      <p>
        <span className="font-medium text-fg">{APPLICATION_STAGE_LABELS[found.stage]}</span> since{' '}
        <time dateTime={found.stage_since}>{formatWhen(found.stage_since)}</time>
      </p>
      {found.next_step ? (
        <p>
          Next: {found.next_step.what} ·{' '}
          <time dateTime={found.next_step.at}>{formatWhen(found.next_step.at)}</time>
        </p>
      ) : null}
      <div>
        <Button size="sm" variant="secondary" aria-expanded={false} onClick={onOpen}>
          Show application
        </Button>
      </div>
    </div>
  );
}

/** A job outside the pipeline: the button that puts it there (as Saved). */
export function NotInPipeline({ jobId, onAdded }: { jobId: number; onAdded?: () => void }) {
  const add = useAddToPipeline(jobId);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-fg-muted">This job is not in the pipeline.</p>
        <Button
          size="sm"
          disabled={add.isPending}
          onClick={() => add.mutate(undefined, { onSuccess: () => onAdded?.() })}
        >
          {add.isPending ? 'Adding...' : 'Add to pipeline'}
        </Button>
      </div>
      {/* Not parts.tsx's ServerError: this line loads with the Jobs panel, the parts do not. */}
      {add.error ? (
        <p id={`add-${jobId}-error`} role="alert" className="text-sm text-danger-fg">
          {add.error.message}
        </p>
      ) : null}
    </div>
  );
}
