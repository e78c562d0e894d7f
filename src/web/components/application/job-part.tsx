import { useQuery } from '@tanstack/react-query';
import { ChevronDown, ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { jobDescriptionPartSchema, type ApplicationDetail } from '../../../contract/pipeline';
import { apiRequest } from '../../lib/api-client';
import { ClosedBadge } from '../job-facts/closed-badge';
import { CompanyApplyLink } from '../job-facts/company-apply-link';
import { siteName } from '../../lib/site-name';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { TEXT_LINK_CLASS } from '../ui/text-link';
import { Part, type HeadingLevel } from './parts';

// The job behind an application (issue 39), for the panel opened from the Pipeline: the posting
// on the site, the employer's own apply address and a closed posting's day (issue 41), the job's
// own panel on Jobs, and its description, collapsed. The description is asked for only when
// shown (GET /jobs/{id}), so opening an application costs no description's bytes; its own key,
// as it reads a part of that answer the Jobs screen reads whole.

const descriptionKey = (jobId: number) => ['application-job-description', jobId] as const;

function useJobDescription(jobId: number) {
  return useQuery({
    queryKey: descriptionKey(jobId),
    queryFn: ({ signal }) => apiRequest(`/jobs/${jobId}`, jobDescriptionPartSchema, { signal }),
    // A description changes only when a batch fetches the job's details again.
    staleTime: 5 * 60_000,
  });
}

/** The posting, the Jobs panel, and the description on demand. */
export function JobPart({
  application,
  level,
}: {
  application: ApplicationDetail;
  level: HeadingLevel;
}) {
  const descriptionId = useId();
  const [shown, setShown] = useState(false);
  return (
    <Part title="Job" level={level}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <ClosedBadge closedAt={application.closed_at} />
        <a
          href={application.url}
          target="_blank"
          rel="noopener noreferrer"
          className={`${TEXT_LINK_CLASS} inline-flex items-center gap-1`}
        >
          <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
          Open the posting on {siteName()}
        </a>
        <CompanyApplyLink applyUrl={application.apply_url} />
        <Link to={`/jobs?job=${application.job_id}`} className={TEXT_LINK_CLASS}>
          Open in Jobs
        </Link>
      </div>
      <div>
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={shown}
          aria-controls={descriptionId}
          onClick={() => setShown(!shown)}
        >
          {/* One icon turned, not a second one: the Jobs screen's chunk keeps its own. */}
          <ChevronDown aria-hidden="true" className={shown ? undefined : '-rotate-90'} />
          Description
        </Button>
      </div>
      <div id={descriptionId} hidden={!shown}>
        {shown ? <Description jobId={application.job_id} /> : null}
      </div>
    </Part>
  );
}

function Description({ jobId }: { jobId: number }) {
  const job = useJobDescription(jobId);
  if (job.isPending) {
    return (
      <div role="status" className="flex items-center gap-3 py-2 text-sm text-fg-muted">
        <Spinner />
        Loading the description...
      </div>
    );
  }
  if (job.isError) {
    return <ErrorAlert>{`Error loading the description: ${job.error.message}`}</ErrorAlert>;
  }
  if (!job.data.description_html) {
    return (
      <p className="text-sm text-fg-subtle">
        No description stored yet: a batch fetches it when it enriches the job.
      </p>
    );
  }
  return (
    <div
      className="job-description rounded-md border border-line-soft px-3 py-1 text-sm leading-relaxed text-fg-soft [overflow-wrap:anywhere] [&_a]:text-accent-fg [&_a]:underline [&_b]:font-semibold [&_li]:my-1 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_strong]:font-semibold [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6"
      // The server sanitises description_html with sanitize-html before it is stored or sent
      // (an allow-list of text tags and http(s) links: no scripts, styles, handlers or images),
      // as the Jobs panel relies on too.
      dangerouslySetInnerHTML={{ __html: job.data.description_html }}
    />
  );
}
