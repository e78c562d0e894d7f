import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useJobGroup } from '../api/get-job-group';
import type { JobListItem } from '../api/jobs-schema';
import { StateBadge } from './job-cells';

/**
 * "+6 locations" under a row's location: the same role elsewhere. Expanded, it lists the
 * group's jobs by place, each opening its own panel (each is still its own job to triage).
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
  group: NonNullable<JobListItem['group']>;
  onOpen: (job: JobListItem) => void;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const members = useJobGroup(group.key, open);
  const others = group.size - 1;
  const label = `+${others} ${others === 1 ? 'location' : 'locations'}`;
  const items = members.data?.items.filter((m) => m.id !== job.id);
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
              Could not load the other locations: {members.error.message}
            </p>
          ) : items === undefined ? (
            <p className="flex items-center gap-2 text-xs text-fg-muted" aria-busy="true">
              <Spinner className="size-3" />
              {group.locations.filter((l) => l !== job.location).join(' · ')}
            </p>
          ) : (
            <ul
              aria-label={`Other locations of ${job.title}`}
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
                  <StateBadge state={member.state} />
                </li>
              ))}
              {items.length < others ? (
                <li className="text-xs text-fg-subtle">
                  {others - items.length} more hidden or not listed
                </li>
              ) : null}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
