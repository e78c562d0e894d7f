import { ListFilter } from 'lucide-react';
import { Link } from 'react-router';

/** "Rules", beside "Export this view": the rules that hide, flag and mute jobs (issue 17). */
export function RulesLink() {
  return (
    <Link
      to="/jobs/rules"
      className="inline-flex h-9 items-center justify-center gap-2 whitespace-nowrap rounded-md border border-line-strong bg-surface px-4 text-sm font-medium text-fg shadow-sm transition-colors hover:bg-surface-hover [&_svg]:size-4"
    >
      <ListFilter aria-hidden="true" />
      Rules
    </Link>
  );
}
