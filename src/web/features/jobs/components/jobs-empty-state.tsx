import { Briefcase, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TEXT_LINK_CLASS } from '../../../components/ui/text-link';

/** No job stored yet: tell a new operator how jobs get here. */
export function NoJobsYet() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 text-center">
      <Briefcase className="size-8 text-fg-subtle" aria-hidden="true" />
      <h2 className="text-base font-semibold text-fg">No jobs yet</h2>
      <p className="text-sm text-fg-muted">
        Jobs appear here as soon as a batch finds them. To get the first ones:
      </p>
      <ol className="list-decimal space-y-1 pl-5 text-left text-sm text-fg-soft">
        <li>
          add a search on{' '}
          <Link to="/queries" className={TEXT_LINK_CLASS}>
            Queries
          </Link>
          ;
        </li>
        <li>
          run a batch on{' '}
          <Link to="/batches" className={TEXT_LINK_CLASS}>
            Batches
          </Link>{' '}
          (or wait for the daily one).
        </li>
      </ol>
    </div>
  );
}

export function NoMatchingJobs({ onClear }: { onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-2 text-center">
      <SearchX className="size-8 text-fg-subtle" aria-hidden="true" />
      <p className="text-sm text-fg-muted">No jobs match this search and these filters.</p>
      <Button variant="secondary" size="sm" onClick={onClear}>
        Clear filters
      </Button>
    </div>
  );
}
