import { API_ROOT } from '../api-client';

/** Thrown with SPEC.md §8's texts: the server's error, else "Login failed", or "Network error". */
export class LoginError extends Error {
  override name = 'LoginError';
}

export async function login(password: string): Promise<string> {
  // The answer's schemas (and zod) load when the operator signs in, alongside the request, not
  // with the page: the sign-in page must stay within its 100 kB budget (docs/decisions/003).
  const schemas = import('../../../contract/auth');
  schemas.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
  let response: Response;
  try {
    response = await fetch(`${API_ROOT}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ password }),
      // Sends back and keeps the device cookie that gives this browser its own sign-in allowance
      // (decision 047); the default already, written out so it is not changed by accident.
      credentials: 'same-origin',
    });
  } catch {
    throw new LoginError('Network error');
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new LoginError('Login failed');
  }
  let loginResponseSchema, plainErrorSchema;
  try {
    ({ loginResponseSchema, plainErrorSchema } = await schemas);
  } catch {
    // The code could not be fetched: to the operator that is the network failing.
    throw new LoginError('Network error');
  }
  const answer = loginResponseSchema.safeParse(json);
  if (answer.success) {
    if (answer.data.success) return answer.data.token;
    if (answer.data.error) throw new LoginError(answer.data.error);
  }
  // A 400 answers {error} without success; the server's text is shown whenever there is one.
  const plain = plainErrorSchema.safeParse(json);
  throw new LoginError(plain.success && plain.data.error ? plain.data.error : 'Login failed');
}
