import { DEFAULT_SCRIPT_TIME, type Settings } from '../../contract';
import type { Db } from '../../db/database';
import { readSetting, SETTING_KEYS, writeSetting } from '../../db/settings';

/** The operator's settings; before the first save, no cookies and the default script time. */
export async function readSettings(db: Db): Promise<Settings> {
  const [cookies, scriptTime] = await Promise.all([
    readSetting(db, SETTING_KEYS.cookies),
    readSetting(db, SETTING_KEYS.scriptTime),
  ]);
  return { cookies: cookies ?? '', script_time: scriptTime ?? DEFAULT_SCRIPT_TIME };
}

/** Stores both settings together: a reader never sees new cookies with an old script time. */
export async function saveSettings(db: Db, settings: Settings): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await writeSetting(trx, SETTING_KEYS.cookies, settings.cookies);
    await writeSetting(trx, SETTING_KEYS.scriptTime, settings.script_time);
  });
}
