import { parseJobDetails } from './parse-job-details';
import { SiteError } from './site-error';
import { pageHeaders, siteUrl, type SiteContext } from './site-context';
import type { JobDetails } from './types';

export const JOB_DETAILS_PATH = '/jobs-guest/jobs/api/jobPosting/';

/** The guest details page of one job. A removed job is a SiteError of kind 'http' with status 404. */
export async function fetchJobDetails(
  context: SiteContext,
  jobId: string,
  signal?: AbortSignal,
): Promise<JobDetails> {
  if (!/^\d+$/.test(jobId))
    throw new SiteError('http', `Not a ${context.siteName} job id: ${jobId.slice(0, 40)}`);
  const url = siteUrl(context, `${JOB_DETAILS_PATH}${jobId}`);
  const res = await context.requester.send(
    {
      endpoint: 'job-details',
      method: 'GET',
      url,
      headers: pageHeaders(context, `/jobs/view/${jobId}`),
      signal,
    },
    context.batch,
  );
  if (res.status !== 200) {
    throw new SiteError(
      'http',
      `${context.siteName} answered HTTP ${res.status} for ${url.pathname}`,
      { status: res.status, path: url.pathname },
    );
  }
  return parseJobDetails(res.body, jobId, {
    baseUrl: context.baseUrl,
    siteName: context.siteName,
    path: url.pathname,
  });
}
