import { sqliteOf, type ConnectionLike } from './connection';
import { z } from 'zod';
import {
  DEFAULT_SCRIPT_TIME,
  PIPELINE_SETTINGS_DEFAULT,
  pipelineSettingsSchema,
  RECHECK_SETTINGS_DEFAULT,
  recheckSettingsSchema,
  type PipelineSettings,
  type RecheckSettings,
  type Settings,
} from '../contract';
import {
  FIT_LLM_SETTINGS_DEFAULT,
  fitLlmStoredSettingsSchema,
  type FitLlmStoredSettings,
} from '../contract/fit-llm';
import type { Db } from './database';

// The key-value settings table holds the operator's settings and a few internal values.
export const SETTING_KEYS = {
  cookies: 'cookies',
  scriptTime: 'script_time',
  passwordHash: 'password_hash',
  /** The key that signs device cookies (server/auth/device-cookie.ts). */
  deviceCookieSecret: 'device_cookie_secret',
  /** Whether triage carries over to a repost (runner/reposts.ts, CARRY_OVER_SETTING). */
  repostsCarryOverTriage: 'reposts.carry_over_triage',
  /** When the daily schedule first ran on this database: the runner's SCHEDULE_SINCE_SETTING. */
  scheduleSince: 'daily_schedule_since',
  /** The pipeline's settings as one JSON object (GET/PUT /pipeline/settings, decision 056). */
  pipeline: 'pipeline',
  /** The re-checks' settings as one JSON object (GET/PUT /rechecks/settings, decision 065). */
  rechecks: 'rechecks',
  /** The fit scorer's alias groups as JSON (issue 40, decision 063); absent: the built-in list. */
  fitAliases: 'fit_aliases',
  /**
   * The second opinion's endpoint as one JSON object, its key with it (GET/PUT
   * /fit/llm/settings, decision 067): never answered, only whether a key is set.
   */
  fitLlm: 'fit_llm',
  /** The fit scorer's version the stored scores were made by (decision 063); absent: 1. */
  fitScorerVersion: 'fit_scorer_version',
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

/**
 * Stores `value` under `key` unless the key exists, then answers the stored value: the first of
 * two racing writers wins, and both read its value.
 */
export async function writeSettingOnce(
  db: Db,
  key: SettingKey,
  value: string,
): Promise<string | undefined> {
  await db
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return readSetting(db, key);
}

const settingSchema = z.object({ value: z.string() });

/**
 * Settings kept as one JSON value, from their stored text: the default for a missing or unreadable
 * value (a hand-edited row must not stop the No answer sweep, the reminders or the re-checks).
 */
function parseJsonSetting<T>(
  stored: string | undefined,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  fallback: T,
): T {
  if (stored === undefined) return fallback;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return fallback;
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

export function parsePipelineSettings(stored: string | undefined): PipelineSettings {
  return parseJsonSetting(stored, pipelineSettingsSchema, PIPELINE_SETTINGS_DEFAULT);
}

export function parseRecheckSettings(stored: string | undefined): RecheckSettings {
  return parseJsonSetting(stored, recheckSettingsSchema, RECHECK_SETTINGS_DEFAULT);
}

export async function readPipelineSettings(db: Db): Promise<PipelineSettings> {
  return parsePipelineSettings(await readSetting(db, SETTING_KEYS.pipeline));
}

export async function writePipelineSettings(db: Db, settings: PipelineSettings): Promise<void> {
  await writeSetting(db, SETTING_KEYS.pipeline, JSON.stringify(settings));
}

export async function readRecheckSettings(db: Db): Promise<RecheckSettings> {
  return parseRecheckSettings(await readSetting(db, SETTING_KEYS.rechecks));
}

export async function writeRecheckSettings(db: Db, settings: RecheckSettings): Promise<void> {
  await writeSetting(db, SETTING_KEYS.rechecks, JSON.stringify(settings));
}

export function parseFitLlmSettings(stored: string | undefined): FitLlmStoredSettings {
  return parseJsonSetting(stored, fitLlmStoredSettingsSchema, FIT_LLM_SETTINGS_DEFAULT);
}

/** The second opinion's settings, read synchronously (the worker, the batch's end). */
export function readFitLlmSettingsSync(connection: ConnectionLike): FitLlmStoredSettings {
  return parseFitLlmSettings(prepareSettingStatements(connection).read(SETTING_KEYS.fitLlm));
}

export async function readFitLlmSettings(db: Db): Promise<FitLlmStoredSettings> {
  return parseFitLlmSettings(await readSetting(db, SETTING_KEYS.fitLlm));
}

export async function writeFitLlmSettings(db: Db, settings: FitLlmStoredSettings): Promise<void> {
  await writeSetting(db, SETTING_KEYS.fitLlm, JSON.stringify(settings));
}

/** The settings read and written synchronously, inside the runner's transactions. */
export interface SettingStatements {
  read(key: string): string | undefined;
  /** Stores `value` under `key` unless the key exists; answers the stored value either way. */
  setOnce(key: string, value: string): string;
}

export function prepareSettingStatements(connection: ConnectionLike): SettingStatements {
  const sqlite = sqliteOf(connection);
  const setting = sqlite.prepare('SELECT value FROM settings WHERE key = ?');
  const insertSettingIfAbsent = sqlite.prepare(
    'INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)',
  );
  const read = (key: string): string | undefined => {
    const row: unknown = setting.get(key);
    return row === undefined ? undefined : settingSchema.parse(row).value;
  };
  return {
    read,
    setOnce(key, value) {
      insertSettingIfAbsent.run(key, value);
      return read(key) ?? value;
    },
  };
}

const UPSERT_SETTING_SQL =
  'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value';

/** The fit alias list's setting, read and written synchronously (inside a write). */
export interface FitAliasesSetting {
  /** The stored JSON; undefined while the built-in list stands. */
  read(): string | undefined;
  write(json: string): void;
  /** Back to the built-in list. */
  reset(): void;
}

export function prepareFitAliasesSetting(connection: ConnectionLike): FitAliasesSetting {
  const sqlite = sqliteOf(connection);
  const settings = prepareSettingStatements(sqlite);
  const upsert = sqlite.prepare(UPSERT_SETTING_SQL);
  const remove = sqlite.prepare('DELETE FROM settings WHERE key = ?');
  return {
    read: () => settings.read(SETTING_KEYS.fitAliases),
    write: (json) => void upsert.run(SETTING_KEYS.fitAliases, json),
    reset: () => void remove.run(SETTING_KEYS.fitAliases),
  };
}

/** The version of the fit scorer the stored scores were made by (decision 063), inside a write. */
export interface FitScorerSetting {
  /** The stored text; undefined on a database that never had it written (the first scorer). */
  read(): string | undefined;
  write(version: number): void;
}

export function prepareFitScorerSetting(connection: ConnectionLike): FitScorerSetting {
  const sqlite = sqliteOf(connection);
  const settings = prepareSettingStatements(sqlite);
  const upsert = sqlite.prepare(UPSERT_SETTING_SQL);
  return {
    read: () => settings.read(SETTING_KEYS.fitScorerVersion),
    write: (version) => void upsert.run(SETTING_KEYS.fitScorerVersion, String(version)),
  };
}

/**
 * The pipeline's settings as stored, read synchronously (the reminder sweep, in its
 * transaction); the defaults when none were saved or the stored text does not parse.
 */
export function readPipelineSettingsSync(connection: ConnectionLike): PipelineSettings {
  const sqlite = sqliteOf(connection);
  return parsePipelineSettings(prepareSettingStatements(sqlite).read(SETTING_KEYS.pipeline));
}

// What the site last said about the stored cookies (runner/cookie-state.ts): one row, with a
// SHA-256 of the cookies it was about. The cookies themselves are never copied here
// (docs/decisions/024).

const cookieStatusRowSchema = z.object({
  state: z.enum(['valid', 'rejected']),
  source: z.enum(['check', 'batch']),
  batch_id: z.number().nullable(),
  checked_at: z.number(),
  cookies_sha256: z.string(),
});
export type CookieStatusRow = z.infer<typeof cookieStatusRowSchema>;

export interface CookieStatusStatements {
  /** The cookies stored now ('' when none). */
  storedCookies(): string;
  /** The last verdict, whichever cookies it was about; undefined when there was none. */
  read(): CookieStatusRow | undefined;
  write(row: CookieStatusRow): void;
}

export function prepareCookieStatusStatements(connection: ConnectionLike): CookieStatusStatements {
  const sqlite = sqliteOf(connection);
  const select = sqlite.prepare('SELECT * FROM cookie_status WHERE id = 1');
  const cookiesSetting = sqlite.prepare(`SELECT value FROM settings WHERE key = 'cookies'`);
  const upsert = sqlite.prepare(
    `INSERT INTO cookie_status (id, state, source, batch_id, checked_at, cookies_sha256)
     VALUES (1, @state, @source, @batchId, @at, @hash)
     ON CONFLICT (id) DO UPDATE SET state = excluded.state, source = excluded.source,
       batch_id = excluded.batch_id, checked_at = excluded.checked_at,
       cookies_sha256 = excluded.cookies_sha256`,
  );
  return {
    storedCookies() {
      const setting: unknown = cookiesSetting.get();
      return setting === undefined ? '' : settingSchema.parse(setting).value;
    },
    read() {
      const raw: unknown = select.get();
      return raw === undefined ? undefined : cookieStatusRowSchema.parse(raw);
    },
    write(row) {
      upsert.run({
        state: row.state,
        source: row.source,
        batchId: row.batch_id,
        at: row.checked_at,
        hash: row.cookies_sha256,
      });
    },
  };
}

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
