import { verifyResponseSchema } from '../../../contract/auth';
import { apiRequest } from '../api-client';

export function verifySession(signal?: AbortSignal): Promise<boolean> {
  return apiRequest('/auth/verify', verifyResponseSchema, {
    signal,
    handleUnauthorized: false,
  }).then((r) => r.authenticated);
}
