import { useState } from 'react';
import type { ApplicationDetail } from '../../../contract/pipeline';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { LazyConfirmDialog } from '../ui/lazy-confirm-dialog';
import { Spinner } from '../ui/spinner';
import { useApplication, useRemoveApplication } from './application-api';
import { NotInPipeline } from './application-summary';
import { ContactsField } from './contacts-field';
import { DetailsField } from './details-field';
import { JobPart } from './job-part';
import { NextStepField } from './next-step-field';
import { NotesField } from './notes-field';
import { ServerError, type HeadingLevel } from './parts';
import { StageField } from './stage-field';
import { Timeline } from './timeline';

export interface ApplicationPanelProps {
  jobId: number;
  /** After the application was removed: the Pipeline screen closes its panel. */
  onClose?: () => void;
  /** The parts' headings: h3 under a screen's h2, h4 inside the Jobs panel's Pipeline section. */
  headingLevel?: HeadingLevel;
  /**
   * The job itself (its posting, its panel on Jobs, its description): where the panel stands
   * alone, the Pipeline's side sheet; the Jobs panel around it shows the job already.
   */
  showJob?: boolean;
}

/**
 * One job's application (issue 33): its stage and timeline, next step, notes, reference and
 * salaries, and contacts, each edited in place and saved on its own; or, for a job not in the
 * pipeline, the button that puts it there. Shared by the Jobs panel and the Pipeline screen.
 */
export function ApplicationPanel({
  jobId,
  onClose,
  headingLevel = 3,
  showJob = false,
}: ApplicationPanelProps) {
  const application = useApplication(jobId);
  if (application.isPending) {
    return (
      <div role="status" className="flex items-center gap-3 py-4 text-sm text-fg-muted">
        <Spinner />
        Loading the application...
      </div>
    );
  }
  if (application.isError) {
    return <ErrorAlert>{`Error loading the application: ${application.error.message}`}</ErrorAlert>;
  }
  if (application.data === null) return <NotInPipeline jobId={jobId} />;
  return (
    <ApplicationParts
      application={application.data}
      level={headingLevel}
      onClose={onClose}
      showJob={showJob}
    />
  );
}

function ApplicationParts({
  application,
  level,
  onClose,
  showJob,
}: {
  application: ApplicationDetail;
  level: HeadingLevel;
  onClose?: () => void;
  showJob: boolean;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-5">
      {showJob ? <JobPart application={application} level={level} /> : null}
      {/* Keyed by the stage: a move made elsewhere (triage, the board) resets the choice. */}
      <StageField
        key={`${application.stage}-${application.stage_since}`}
        application={application}
        level={level}
      />
      <Timeline application={application} level={level} />
      <NextStepField application={application} level={level} />
      <NotesField application={application} level={level} />
      <DetailsField application={application} level={level} />
      <ContactsField application={application} level={level} />
      <RemoveFromPipeline application={application} onClose={onClose} />
    </div>
  );
}

function RemoveFromPipeline({
  application,
  onClose,
}: {
  application: ApplicationDetail;
  onClose?: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveApplication(application.job_id);
  return (
    <div className="flex flex-col gap-2 border-t border-line-soft pt-4">
      <div>
        <Button
          size="sm"
          variant="secondary"
          className="text-danger-fg"
          disabled={remove.isPending}
          onClick={() => setConfirming(true)}
        >
          {remove.isPending ? 'Removing...' : 'Remove from pipeline'}
        </Button>
      </div>
      <ServerError id={`remove-${application.job_id}-error`} message={remove.error?.message} />
      {confirming ? (
        <LazyConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Remove from pipeline"
          message={`Remove ${application.title} from the pipeline? Its stage history, notes, contacts and next step are deleted; the job itself stays.`}
          destructive
          onConfirm={() => remove.mutate(undefined, { onSuccess: () => onClose?.() })}
        />
      ) : null}
    </div>
  );
}
