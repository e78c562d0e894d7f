import { apiRequest } from '../api-client';

export async function logout(): Promise<unknown> {
  const { logoutResponseSchema } = await import('../../../contract/auth');
  return apiRequest('/auth/logout', logoutResponseSchema, {
    method: 'POST',
    handleUnauthorized: false,
  });
}
