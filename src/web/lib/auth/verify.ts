import { apiRequest } from '../api-client';

/** Called only when a token is held; its schema (and zod) load then, not with the page. */
export async function verifySession(signal?: AbortSignal): Promise<boolean> {
  const { verifyResponseSchema } = await import('../../../contract/auth');
  const answer = await apiRequest('/auth/verify', verifyResponseSchema, {
    signal,
    handleUnauthorized: false,
  });
  return answer.authenticated;
}
