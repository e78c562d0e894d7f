// zod/mini here, not classic zod: these schemas are the only ones the sign-in page loads, and
// classic zod alone would cost a fifth of its 100 kB budget (see docs/decisions/003).
import { z } from 'zod/mini';

export const loginRequestSchema = z.object({
  password: z
    .string({ error: 'password is required' })
    .check(z.minLength(1, { error: 'password is required' })),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginSuccessSchema = z.object({
  success: z.literal(true),
  token: z.string().check(z.minLength(1)),
});
export const loginFailureSchema = z.object({ success: z.literal(false), error: z.string() });
export const loginResponseSchema = z.discriminatedUnion('success', [
  loginSuccessSchema,
  loginFailureSchema,
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** A 4xx body that is not a login answer, e.g. 400 for a missing password. */
export const plainErrorSchema = z.object({ error: z.string() });

export const verifyResponseSchema = z.object({ authenticated: z.boolean() });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

export const logoutResponseSchema = z.object({ success: z.literal(true) });
