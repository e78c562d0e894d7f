import type { JobDetail } from '../../contract';
import { BatchStore } from '../../runner/batch-store';
import { isSiteError } from '../../runner';
import type { AppContext } from '../context';
import { JobRepository } from '../jobs/job-repository';
import { HttpError } from '../plugins/errors';

// `POST /jobs/{id}/details`: a job hidden on its card before its details were fetched (a rule
// spared that request, docs/decisions/036) gets them when the operator asks. The request goes
// through the shared site client, so it waits its turn behind a running batch's requests and
// keeps the same pace.

const stores = new WeakMap<AppContext, { store: BatchStore; jobs: JobRepository }>();

function parts(ctx: AppContext) {
  let made = stores.get(ctx);
  if (!made) {
    made = { store: new BatchStore(ctx.connection), jobs: new JobRepository(ctx.connection) };
    stores.set(ctx, made);
  }
  return made;
}

/** The site's refusals in words the operator can act on; nothing from a request is echoed. */
export function siteFailure(error: unknown): HttpError {
  if (!isSiteError(error)) throw error;
  switch (error.kind) {
    case 'session-expired':
    case 'needs-cookies':
      return new HttpError(
        502,
        'The site asked to sign in: the stored cookies were rejected. Paste new cookies in Settings and try again.',
      );
    case 'rate-limited':
      return new HttpError(
        503,
        'The site refused the request for now (too many requests): try again in a few minutes.',
      );
    case 'http':
      if (error.status === 404 || error.status === 410) {
        return new HttpError(410, 'The site no longer has this job: it was taken down.');
      }
      return new HttpError(502, `The site refused the request: ${error.message}`);
    default:
      return new HttpError(502, `Could not get the job's details from the site: ${error.message}`);
  }
}

export async function fetchJobDetailsNow(ctx: AppContext, id: number): Promise<JobDetail> {
  const { store, jobs } = parts(ctx);
  if (!jobs.find(id)) throw new HttpError(404, `Job ${id} not found`);
  let details;
  try {
    details = await ctx.site.getJobDetails(String(id));
  } catch (error) {
    throw siteFailure(error);
  }
  await store.saveDetails(null, details, ctx.now());
  const job = jobs.find(id);
  if (!job) throw new HttpError(404, `Job ${id} not found`);
  return job;
}
