import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TEXT_LINK_CLASS } from '../../../components/ui/text-link';

/** No application at all: how jobs come in (decision 056: saving or applying on Jobs). */
export function NothingInPipeline() {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-12 text-center">
      <p className="text-base font-medium text-fg">Nothing in the pipeline yet</p>
      <p className="max-w-prose text-sm text-fg-muted">
        Save or apply to a job on the{' '}
        <Link to="/jobs" className={TEXT_LINK_CLASS}>
          Jobs screen
        </Link>{' '}
        and it comes in here as Saved or Applied; from there, move it along as the hunt goes on.
      </p>
    </div>
  );
}

/** The filters leave nothing. */
export function NoMatchingApplications({ onClear }: { onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
      <p className="text-sm text-fg-muted">No application matches these filters.</p>
      <Button variant="secondary" size="sm" onClick={onClear}>
        Clear filters
      </Button>
    </div>
  );
}
