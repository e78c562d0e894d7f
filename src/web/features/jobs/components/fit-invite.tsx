import { useQueryClient } from '@tanstack/react-query';
import { Gauge } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useFitStatus } from '../../../components/fit/fit-queries';
import { TEXT_LINK_CLASS } from '../../../components/ui/text-link';
import { jobsQueryKey } from '../api/get-jobs';

/**
 * Without a fit profile no job has a fit: one line invites the operator to make one (issue 40).
 * While stored jobs are scored again (the status polls itself then), the list is asked for once
 * more when the scoring ends, so its bands are the new ones.
 */
export function FitInvite() {
  const status = useFitStatus().data;
  const queryClient = useQueryClient();
  const wasRescoring = useRef(false);
  useEffect(() => {
    if (!status) return;
    if (wasRescoring.current && !status.rescoring)
      void queryClient.invalidateQueries({ queryKey: jobsQueryKey });
    wasRescoring.current = status.rescoring;
  }, [status, queryClient]);
  if (!status || status.has_profiles) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-fg-muted">
      <Gauge className="size-4 shrink-0 text-fg-subtle" aria-hidden="true" />
      <span>
        See how well each job fits what you look for:{' '}
        <Link to="/jobs/fit" className={TEXT_LINK_CLASS}>
          make a fit profile
        </Link>
        .
      </span>
    </p>
  );
}
