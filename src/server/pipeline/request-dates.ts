import { APPLICATION_DATE_FUTURE_SLACK_MS } from '../../contract';
import { PipelineError } from '../../db/pipeline/pipeline';
import { HttpError } from '../plugins/errors';

/**
 * When a stage change happened, as the operator logs it: any time up to now (and a few minutes
 * past, for a client's clock a little ahead); now when left out.
 */
export function loggedAt(text: string | undefined, now: number, name = 'at'): number {
  if (text === undefined) return now;
  const at = Date.parse(text);
  if (!Number.isFinite(at))
    throw new HttpError(400, `${name} must be an ISO 8601 date-time such as 2027-01-31T09:30:00Z`);
  if (at > now + APPLICATION_DATE_FUTURE_SLACK_MS)
    throw new HttpError(400, `${name} must not be in the future`);
  return at;
}

/** A date-time the schema took as ISO 8601 (a next step may be any time). */
export function anyAt(text: string, name: string): number {
  const at = Date.parse(text);
  if (!Number.isFinite(at))
    throw new HttpError(400, `${name} must be an ISO 8601 date-time such as 2027-01-31T09:30:00Z`);
  return at;
}

/** The pipeline module's refusals as the API's answers. */
export function answering<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof PipelineError) throw new HttpError(error.statusCode, error.message);
    throw error;
  }
}
