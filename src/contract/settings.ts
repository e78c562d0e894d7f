import { z } from 'zod/mini';
import { COOKIES_MAX_BYTES } from './constants';

export const scriptTimeSchema = z
  .string({ error: 'script_time must be a string in HH:MM form' })
  .check(
    z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
      error: 'script_time must be HH:MM between 00:00 and 23:59',
    }),
  );

export const settingsSchema = z.object({
  cookies: z.string(),
  script_time: scriptTimeSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

export const settingsWriteSchema = z.object({
  cookies: z.string({ error: 'cookies must be a string' }).check(
    z.refine((v) => new TextEncoder().encode(v).length <= COOKIES_MAX_BYTES, {
      error: 'cookies must be at most 64 KB',
    }),
  ),
  script_time: scriptTimeSchema,
});
export type SettingsWrite = z.infer<typeof settingsWriteSchema>;
