import type { Db } from '../db/database';

// The key-value settings table holds the operator's settings and a few internal values.
export const SETTING_KEYS = {
  cookies: 'cookies',
  scriptTime: 'script_time',
  passwordHash: 'password_hash',
  /** The key that signs device cookies (auth/device-cookie.ts). */
  deviceCookieSecret: 'device_cookie_secret',
  /** When the daily schedule first ran on this database: the runner's SCHEDULE_SINCE_SETTING. */
  scheduleSince: 'daily_schedule_since',
} as const;
export type SettingKey = (typeof SETTING_KEYS)[keyof typeof SETTING_KEYS];

export async function readSetting(db: Db, key: SettingKey): Promise<string | undefined> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

export async function writeSetting(db: Db, key: SettingKey, value: string): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
