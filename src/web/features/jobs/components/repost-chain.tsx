import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../components/ui/date-time';
import type { JobDetail } from '../api/jobs-schema';
import { STATE_LABELS } from '../job-filters';
import { fullDay } from '../relative-date';

/**
 * The panel's "Reposts" section: every job of the chain, oldest first, with the day it was first
 * seen, its posting day and its triage state; each opens in this panel.
 */
export function RepostChain({ job }: { job: JobDetail }) {
  const [params] = useSearchParams();
  if (job.repost_chain.length < 2) return null;
  const linkTo = (id: number) => {
    const next = new URLSearchParams(params);
    next.set('job', String(id));
    return { search: `?${next.toString()}` };
  };
  return (
    <section aria-labelledby="job-reposts-heading" className="mt-6">
      <h3 id="job-reposts-heading" className="mb-2 text-sm font-semibold text-fg">
        Reposts
      </h3>
      <ol className="flex flex-col gap-2 border-l-2 border-line pl-3 text-sm">
        {job.repost_chain.map((entry, index) => {
          const current = entry.id === job.id;
          return (
            <li key={entry.id} className="flex flex-col">
              <span className="flex flex-wrap items-baseline gap-x-2">
                {current ? (
                  <span className="font-medium text-fg" aria-current="true">
                    {entry.title} (this job)
                  </span>
                ) : (
                  <Link
                    to={linkTo(entry.id)}
                    replace
                    className="font-medium text-accent-fg hover:underline"
                  >
                    {entry.title}
                  </Link>
                )}
                <span className="text-xs text-fg-muted">{STATE_LABELS[entry.state]}</span>
              </span>
              <span className="text-xs text-fg-subtle">
                {index === 0 ? 'First seen ' : 'Seen again '}
                <time dateTime={entry.first_seen_at}>{formatDateTime(entry.first_seen_at)}</time>
                {entry.location ? ` · ${entry.location}` : ''}
                {entry.posted_at ? (
                  <>
                    {' · posted '}
                    <time dateTime={entry.posted_at}>{fullDay(entry.posted_at)}</time>
                  </>
                ) : null}
                {` · job ${entry.id}`}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
