import { z } from 'zod/mini';
import { dateTimeSchema } from './common';

// Operating it day to day (issue 12): the stored cookies' last verdict and the daily schedule.

/**
 * What the site last said about the cookies. `current` is false when other cookies were saved
 * since: the verdict was about cookies that are no longer stored.
 */
export const cookieCheckSchema = z.object({
  state: z.enum(['valid', 'rejected']),
  checked_at: dateTimeSchema,
  /** "Check cookies", or a batch that met the sign-in wall (then its id). */
  source: z.enum(['check', 'batch']),
  batch_id: z.nullable(z.int()),
  current: z.boolean(),
});
export type CookieCheck = z.infer<typeof cookieCheckSchema>;

/** GET /settings/cookies/status and the answer of POST /settings/cookies/check. */
export const cookieStatusSchema = z.object({
  /** The saved cookies: none, without li_at or JSESSIONID, or a session to check. */
  cookies: z.enum(['none', 'incomplete', 'present']),
  last_check: z.nullable(cookieCheckSchema),
});
export type CookieStatus = z.infer<typeof cookieStatusSchema>;

/** GET /backup's file name for a day (YYYY-MM-DD in the server's time zone). */
export function backupFileName(day: string): string {
  return `jobscout-${day}.sqlite`;
}

/**
 * GET /schedule: when the next daily batch starts (issue 12), as the server's schedule sees it.
 * `next` is null when nothing would run (`reason` says why). `when` is relative to today in the
 * server's time zone; `time` is the start's wall-clock time there.
 */
export const dailyScheduleSchema = z.object({
  script_time: z.string(),
  time_zone: z.string(),
  next: z.nullable(
    z.object({
      at: dateTimeSchema,
      day: z.string(),
      when: z.enum(['today', 'tomorrow', 'later']),
      time: z.string(),
    }),
  ),
  reason: z.nullable(z.enum(['no-active-queries'])),
});
export type DailyScheduleWire = z.infer<typeof dailyScheduleSchema>;

/** GET /healthz (outside /api/v1, no token): whether the database answers, and nothing more. */
export const healthSchema = z.object({ ok: z.boolean() });
export type Health = z.infer<typeof healthSchema>;
