import { Gauge, ListFilter } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const LINK_CLASS =
  'inline-flex h-9 items-center justify-center gap-2 whitespace-nowrap rounded-md border border-line-strong bg-surface px-4 text-sm font-medium text-fg shadow-sm transition-colors hover:bg-surface-hover [&_svg]:size-4';

function HeaderLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={LINK_CLASS}>
      {children}
    </Link>
  );
}

/** "Rules", beside "Export this view": the rules that hide, flag and mute jobs (issue 17). */
export function RulesLink() {
  return (
    <HeaderLink to="/jobs/rules">
      <ListFilter aria-hidden="true" />
      Rules
    </HeaderLink>
  );
}

/** "Fit": the profiles every job's fit is scored against (issue 40). */
export function FitLink() {
  return (
    <HeaderLink to="/jobs/fit">
      <Gauge aria-hidden="true" />
      Fit
    </HeaderLink>
  );
}
