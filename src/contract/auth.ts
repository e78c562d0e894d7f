import { z } from 'zod';

export const loginRequestSchema = z.object({
  password: z.string({ error: 'password is required' }).min(1, { error: 'password is required' }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginSuccessSchema = z.object({ success: z.literal(true), token: z.string().min(1) });
export const loginFailureSchema = z.object({ success: z.literal(false), error: z.string() });
export const loginResponseSchema = z.discriminatedUnion('success', [
  loginSuccessSchema,
  loginFailureSchema,
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const verifyResponseSchema = z.object({ authenticated: z.boolean() });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

export const logoutResponseSchema = z.object({ success: z.literal(true) });
