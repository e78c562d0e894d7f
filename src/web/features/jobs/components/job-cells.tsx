import {
  APPLICATION_STAGE_LABELS,
  CLOSING_STAGES,
  type ApplicationStage,
} from '../../../../contract/pipeline';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import type { JobListItem } from '../api/jobs-schema';
import { fullDay, relativeDay } from '../relative-date';
import { STATE_LABELS, WORKPLACE_LABELS, WORKPLACES, type TriageState } from '../job-filters';

const STATE_TONES: Record<TriageState, BadgeTone> = {
  new: 'blue',
  seen: 'neutral',
  saved: 'amber',
  applied: 'green',
  hidden: 'neutral',
};

/**
 * A stage in its triage state's colour (Saved amber, the stages after it green, as `applied`),
 * but an outcome that closed the application without the job (Rejected, Withdrawn, No answer)
 * is neutral: green would read as good news.
 */
function stageTone(stage: ApplicationStage): BadgeTone {
  if (CLOSING_STAGES.includes(stage)) return 'neutral';
  return stage === 'saved' ? STATE_TONES.saved : STATE_TONES.applied;
}

/**
 * The triage state, except "seen", which is what an opened job simply is; for a job on the
 * pipeline's board, its stage ("Interviewing" rather than "Applied", issue 39). Only saved and
 * applied jobs are on the board: a stage beside another state is a row not yet fetched again.
 */
export function StateBadge({ job }: { job: Pick<JobListItem, 'state' | 'pipeline_stage'> }) {
  const { state } = job;
  const stage = state === 'saved' || state === 'applied' ? job.pipeline_stage : null;
  if (stage) {
    return (
      <Badge tone={stageTone(stage)} className="whitespace-nowrap" title="Pipeline stage">
        {APPLICATION_STAGE_LABELS[stage]}
      </Badge>
    );
  }
  if (state === 'seen') return null;
  if (state === 'new') return <NewMarker />;
  return (
    <Badge tone={STATE_TONES[state]} className="whitespace-nowrap">
      {STATE_LABELS[state]}
    </Badge>
  );
}

/** A job the operator has not opened yet. */
export function NewMarker() {
  return (
    <Badge
      tone="blue"
      className="px-1.5 py-0 text-[10px] whitespace-nowrap uppercase tracking-wide"
    >
      new
    </Badge>
  );
}

/** "3 days ago", with the full date on hover and in the `<time>` element. */
export function PostedDate({ value }: { value: string | null }) {
  if (!value) return <span className="text-fg-subtle">-</span>;
  return (
    <time dateTime={value} title={fullDay(value)} className="whitespace-nowrap">
      {relativeDay(value)}
    </time>
  );
}

export function EasyApplyBadge({ easyApply }: { easyApply: boolean }) {
  return easyApply ? (
    <Badge tone="violet" className="whitespace-nowrap">
      Easy Apply
    </Badge>
  ) : null;
}

/** "Remote", "Hybrid", "On-site" for the words the API knows; anything else as sent. */
export function workplaceLabel(workplace: string): string {
  const known = WORKPLACES.find((w) => w === workplace);
  return known ? WORKPLACE_LABELS[known] : workplace;
}
