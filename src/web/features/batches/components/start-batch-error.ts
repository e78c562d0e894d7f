import { ApiError } from '../../../lib/api-client';

const UNKNOWN_ERROR = 'An unknown error occurred';

/**
 * SPEC.md §8: "Error starting batch: {message}"; when no message is available, "An unknown
 * error occurred". We read the fallback as filling {message}, not replacing the whole text:
 * the sentence is the same "Error starting batch: …" either way, so the operator always sees
 * which action failed ("Error starting batch: An unknown error occurred").
 *
 * "A message" is one that says something about this failure: the server's `{error}` text
 * (409 → "A batch is already running"), or the client's own for a dropped connection or an
 * unreadable answer. An HTTP error whose body carries no `{error}` text has none, so the
 * generic placeholder the API client makes up ("Request failed with status 500") is not used.
 */
export function startBatchErrorMessage(error: unknown): string {
  return `Error starting batch: ${messageOf(error) ?? UNKNOWN_ERROR}`;
}

function messageOf(error: unknown): string | null {
  if (error instanceof ApiError) {
    if (error.kind === 'http') {
      const text = error.body?.error;
      return typeof text === 'string' && text.trim() ? text : null;
    }
    return error.message.trim() ? error.message : null;
  }
  if (error instanceof Error && error.message.trim()) return error.message;
  return null;
}
