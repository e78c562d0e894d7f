import { Repeat } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { APPLICATION_STAGE_LABELS } from '../../../../contract/pipeline';
import { formatDateTime } from '../../../components/ui/date-time';
import { timeAgo } from '../../../lib/relative-time';
import type { JobListItem } from '../api/jobs-schema';
import { STATE_LABELS } from '../job-filters';

type Repost = NonNullable<JobListItem['repost']>;

/**
 * A repost's line under its title: "Reposted · first seen 23 days ago", what the operator did
 * with the earlier job, and "applied before" when one of the chain was marked applied; when one
 * of the chain is in the application pipeline, "applied before · Interviewing" opens it.
 */
export function RepostLine({ repost }: { repost: JobListItem['repost'] }) {
  // The clock when the row was drawn: "23 days ago" need not tick while the list is open.
  const [now] = useState(() => Date.now());
  if (!repost) return null;
  // Past Saved only: a chain's job at Saved keeps issue 17's "earlier saved".
  const pipeline = repost.pipeline && repost.pipeline.stage !== 'saved' ? repost.pipeline : null;
  const earlier =
    repost.applied_before ||
    pipeline !== null ||
    repost.earlier_state === 'new' ||
    repost.earlier_state === 'seen'
      ? null
      : `earlier ${STATE_LABELS[repost.earlier_state].toLowerCase()}`;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-1.5 text-xs text-fg-muted">
      <Repeat className="size-3.5 shrink-0" aria-hidden="true" />
      <span>
        Reposted · first seen{' '}
        <time dateTime={repost.first_seen_at} title={formatDateTime(repost.first_seen_at)}>
          {timeAgo(repost.first_seen_at, now)}
        </time>
      </span>
      {earlier ? <span>· {earlier}</span> : null}
      {repost.confirmed ? null : (
        <span title="Decided on the search card: confirmed or undone once its description is compared">
          · unconfirmed
        </span>
      )}
      {pipeline ? (
        <InPipelineBefore pipeline={pipeline} />
      ) : repost.applied_before ? (
        <AppliedBefore />
      ) : null}
    </div>
  );
}

const BADGE =
  'rounded-full bg-tone-green-bg px-2 py-px font-medium text-tone-green-fg ring-1 ring-tone-green-ring ring-inset';

/** A role the operator has applied to under an earlier job ID. */
export function AppliedBefore() {
  return <span className={BADGE}>applied before</span>;
}

/**
 * The chain's job in the pipeline and its stage, opening that job's panel on this screen (the
 * `job` search param, as the panel's repost chain does), the view's filters kept.
 */
function InPipelineBefore({ pipeline }: { pipeline: NonNullable<Repost['pipeline']> }) {
  const [params] = useSearchParams();
  const next = new URLSearchParams(params);
  next.set('job', String(pipeline.job_id));
  return (
    <Link
      to={{ search: `?${next.toString()}` }}
      className={`${BADGE} hover:underline`}
      title={`Open job ${pipeline.job_id}, in the pipeline`}
    >
      applied before · {APPLICATION_STAGE_LABELS[pipeline.stage]}
    </Link>
  );
}
