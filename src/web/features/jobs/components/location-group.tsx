import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useJobGroup } from '../api/get-job-group';
import type { JobListItem } from '../api/jobs-schema';
import { parseJobFilters } from '../job-filters';
import { StateBadge } from './job-cells';

type JobGroup = NonNullable<JobListItem['group']>;

/** What a group's row stands for: "3 jobs in 2 places" (a place may hold a repost too). */
export function groupLabel(group: JobGroup): string {
  return `${group.jobs} jobs in ${group.size} places`;
}

/**
 * "3 jobs in 2 places" under a row's location: the same role elsewhere. Expanded, it lists the
 * group's other jobs by place, each opening its own panel (each is still its own job to triage).
 */
export function LocationGroup({
  job,
  onOpen,
}: {
  job: JobListItem;
  onOpen: (job: JobListItem) => void;
}) {
  // Most rows have no group: they render nothing and hold no query of their own.
  const group = job.group;
  if (!group || group.size < 2) return null;
  return <GroupedLocations job={job} group={group} onOpen={onOpen} />;
}

function GroupedLocations({
  job,
  group,
  onOpen,
}: {
  job: JobListItem;
  group: JobGroup;
  onOpen: (job: JobListItem) => void;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  // The list's own filters, from the screen's URL: while it shows hidden jobs, so does the group.
  const [params] = useSearchParams();
  const withHidden = parseJobFilters(params).state.includes('hidden');
  const members = useJobGroup(group.key, withHidden, open);
  const label = groupLabel(group);
  const items = members.data?.pages.flatMap((p) => p.items).filter((m) => m.id !== job.id);
  // Without hidden jobs listed, the group's hidden ones are left out, as from the list.
  const hidden = items && !withHidden ? Math.max(0, group.jobs - 1 - items.length) : 0;
  return (
    // Above the card's stretched title target on a phone (issue 19), so its own buttons work.
    <div className="relative z-10 mt-1">
      <button
        type="button"
        className="inline-flex items-center gap-0.5 rounded text-xs font-medium text-accent-fg hover:underline"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${label}: ${job.title}`}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? (
          <ChevronDown className="size-3.5" aria-hidden="true" />
        ) : (
          <ChevronRight className="size-3.5" aria-hidden="true" />
        )}
        {label}
      </button>
      {open ? (
        <div id={listId} className="mt-1">
          {members.isError ? (
            <p className="text-xs text-danger-fg" role="alert">
              Could not load the group’s other jobs: {members.error.message}
            </p>
          ) : items === undefined ? (
            <p className="flex items-center gap-2 text-xs text-fg-muted" aria-busy="true">
              <Spinner className="size-3" />
              {group.locations.filter((l) => l !== job.location).join(' · ')}
            </p>
          ) : (
            <ul
              aria-label={`Other jobs of ${job.title}`}
              className="flex flex-col gap-1 border-l-2 border-line pl-2"
            >
              {items.map((member) => (
                <li key={member.id} className="flex flex-wrap items-center gap-1.5">
                  <button
                    type="button"
                    className="break-words text-left text-xs text-fg-soft hover:text-accent-soft-fg hover:underline"
                    onClick={() => onOpen(member)}
                  >
                    {member.location ?? '-'}
                  </button>
                  {/* A repost in the same place may carry another title: it tells them apart. */}
                  {member.title !== job.title ? (
                    <span className="break-words text-xs text-fg-muted">{member.title}</span>
                  ) : null}
                  <StateBadge job={member} />
                </li>
              ))}
              {members.hasNextPage ? (
                <li>
                  <button
                    type="button"
                    className="text-xs font-medium text-accent-fg hover:underline"
                    disabled={members.isFetchingNextPage}
                    onClick={() => void members.fetchNextPage()}
                  >
                    {members.isFetchingNextPage ? 'Loading…' : 'Show more'}
                  </button>
                </li>
              ) : hidden > 0 ? (
                <li className="text-xs text-fg-subtle">
                  {hidden} hidden, listed when State › Hidden is ticked
                </li>
              ) : null}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
