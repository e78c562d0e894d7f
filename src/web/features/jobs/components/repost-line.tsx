import { Repeat } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../../../components/ui/date-time';
import { timeAgo } from '../../../lib/relative-time';
import type { JobListItem } from '../api/jobs-schema';
import { STATE_LABELS } from '../job-filters';

/**
 * A repost's line under its title: "Reposted · first seen 23 days ago", what the operator did
 * with the earlier job, and "applied before" when one of the chain was marked applied.
 */
export function RepostLine({ repost }: { repost: JobListItem['repost'] }) {
  // The clock when the row was drawn: "23 days ago" need not tick while the list is open.
  const [now] = useState(() => Date.now());
  if (!repost) return null;
  const earlier =
    repost.applied_before || repost.earlier_state === 'new' || repost.earlier_state === 'seen'
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
      {repost.applied_before ? <AppliedBefore /> : null}
    </div>
  );
}

/** A role the operator has applied to under an earlier job ID. */
export function AppliedBefore() {
  return (
    <span className="rounded-full bg-tone-green-bg px-2 py-px font-medium text-tone-green-fg ring-1 ring-tone-green-ring ring-inset">
      applied before
    </span>
  );
}
