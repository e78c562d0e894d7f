import { APPLICATION_STAGE_LABELS } from '../../../contract/pipeline';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { useAddToPipeline, useApplication } from './application-api';
import { formatWhen } from './dates';
import { ServerError } from './parts';

/**
 * A job's application in one line, for the Jobs panel: its stage, since when, and the next step,
 * with "Show application" opening the whole panel (timeline, notes, contacts, editing). The panel
 * is loaded on demand: the Jobs screen opened on a job (a reminder's link) stays within its
 * first-visit budget (bench/pipeline.bench.ts). Both read the same query, so opening it asks for
 * nothing again.
 */
export function ApplicationSummary({ jobId, onOpen }: { jobId: number; onOpen: () => void }) {
  const application = useApplication(jobId);
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
      <ServerError id={`add-${jobId}-error`} message={add.error?.message} />
    </div>
  );
}
