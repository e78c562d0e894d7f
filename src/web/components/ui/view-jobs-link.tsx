import { ListFilter } from 'lucide-react';
import { Link } from 'react-router';

/**
 * "View jobs" beside a completed row's Export (DESIGN.md "Beyond SPEC.md"): the Jobs screen
 * filtered on that batch or query run. Styled as Export's sibling button.
 */
export function ViewJobsLink({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="inline-flex h-8 items-center justify-center gap-2 whitespace-nowrap rounded-md border border-line-strong bg-surface px-3 text-xs font-medium text-fg-soft shadow-sm transition-colors hover:bg-surface-hover [&_svg]:size-4"
    >
      <ListFilter aria-hidden="true" />
      View jobs
    </Link>
  );
}
