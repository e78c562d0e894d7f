import { logoutResponseSchema } from '../../../contract/auth';
import { apiRequest } from '../api-client';

export function logout(): Promise<unknown> {
  return apiRequest('/auth/logout', logoutResponseSchema, {
    method: 'POST',
    handleUnauthorized: false,
  });
}
