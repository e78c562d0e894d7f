import { CloudDownload } from 'lucide-react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { siteName } from '../../../lib/site-name';
import { useFetchJobDetails } from '../api/fetch-job-details';
import type { JobDetail } from '../api/jobs-schema';

/**
 * A job a rule hid on its search card never had its detail page fetched (that saved a request);
 * the panel says so and fetches it when asked.
 */
export function FetchDetails({ job }: { job: JobDetail }) {
  const fetchDetails = useFetchJobDetails();
  if (job.details_fetched) return null;
  return (
    <div className="mb-5 flex flex-col gap-2 rounded-md border border-line bg-surface-muted px-4 py-3 text-sm">
      <p className="text-fg-soft">
        {job.hidden_by_rule
          ? `Rule “${job.hidden_by_rule.name}” hid this job on its search card, so its details were not fetched.`
          : 'This job’s details have not been fetched yet.'}
      </p>
      <div>
        <Button
          size="sm"
          variant="secondary"
          disabled={fetchDetails.isPending}
          aria-busy={fetchDetails.isPending || undefined}
          onClick={() => fetchDetails.mutate(job.id)}
        >
          <CloudDownload aria-hidden="true" />
          {fetchDetails.isPending ? 'Fetching details...' : `Fetch details from ${siteName()}`}
        </Button>
      </div>
      {fetchDetails.isError ? (
        <ErrorAlert>{`Could not fetch the details: ${fetchDetails.error.message}`}</ErrorAlert>
      ) : null}
    </div>
  );
}
