import { Link } from 'react-router';
import { TEXT_LINK_CLASS } from '../ui/text-link';

// PLACEHOLDER (issue 33): the real panel (stage, timeline, notes, contacts, next step) is built
// beside this branch and replaces this file at merge. It only keeps the Pipeline screen building.

export interface ApplicationPanelProps {
  jobId: number;
  onClose?: () => void;
}

/** One application's panel; for now, a way to the job on the Jobs screen. */
export function ApplicationPanel({ jobId }: ApplicationPanelProps) {
  return (
    <div className="p-6 text-sm text-fg-soft">
      <Link to={`/jobs?job=${jobId}`} className={TEXT_LINK_CLASS}>
        Open the job on the Jobs screen
      </Link>
    </div>
  );
}
