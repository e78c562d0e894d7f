import { ApiError } from '../../lib/api-client';

const UNEXPECTED = 'An unexpected error occurred. Please try again.';
const FALLBACK = 'Failed to save query. Please try again.';

/** SPEC.md §8 "Query save": the first matching rule applies. */
export function saveErrorMessage(error: unknown): string {
  if (typeof error !== 'object' || error === null) return UNEXPECTED;
  const body = error instanceof ApiError ? error.body : null;
  if (body && body.current_count !== undefined && body.max_allowed !== undefined) {
    return `Maximum query limit reached. You have ${String(body.current_count)} queries out of ${String(body.max_allowed)} allowed.`;
  }
  if (body && typeof body.error === 'string' && body.error !== '') return body.error;
  return FALLBACK;
}
