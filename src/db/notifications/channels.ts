import { sqliteOf, type ConnectionLike } from '../connection';
import { z } from 'zod';
import {
  CHANNEL_FIT_BANDS,
  NOTIFICATION_EVENTS,
  type ChannelFitBand,
  type NotificationChannelWrite,
  type NotificationEvent,
} from '../../contract';
import type { Db } from '../database';
import type { NotificationChannelsTable } from '../schema';
import type { Selectable } from 'kysely';

// Channels as stored: the common columns, plus one JSON text with the kind's own settings,
// secrets included. The secrets leave this module only towards the senders; the API's
// answer is built by toWire() (server/notifications/channel-wire.ts), which replaces them with a
// hint.

const emailSettings = z.object({
  kind: z.literal('email'),
  smtp_host: z.string(),
  smtp_port: z.number(),
  smtp_tls: z.enum(['none', 'starttls', 'tls']),
  smtp_user: z.string(),
  smtp_password: z.string().nullable(),
  email_from: z.string(),
  email_to: z.string(),
});
const urlSettings = z.object({
  kind: z.enum(['webhook', 'slack', 'discord', 'ntfy']),
  url: z.string(),
});
export const channelSettingsSchema = z.discriminatedUnion('kind', [emailSettings, urlSettings]);
export type ChannelSettings = z.infer<typeof channelSettingsSchema>;

const eventsSchema = z.array(z.enum(NOTIFICATION_EVENTS));

export interface StoredChannel {
  id: number;
  name: string;
  enabled: boolean;
  events: NotificationEvent[];
  onlyNewJobs: boolean;
  /** Issue 40: the least fit band of the jobs its messages name; null, every job. */
  minFitBand: ChannelFitBand | null;
  settings: ChannelSettings;
  createdAt: number;
  updatedAt: number;
}

type ChannelRow = Selectable<NotificationChannelsTable>;

const rowSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(['email', 'webhook', 'slack', 'discord', 'ntfy']),
  enabled: z.number(),
  events: z.string(),
  only_new_jobs: z.number(),
  settings: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
  min_fit_band: z.enum(CHANNEL_FIT_BANDS).nullable(),
});

export function channelFromRow(row: unknown): StoredChannel {
  const r = rowSchema.parse(row);
  return {
    id: r.id,
    name: r.name,
    enabled: r.enabled === 1,
    events: eventsSchema.parse(JSON.parse(r.events)),
    onlyNewJobs: r.only_new_jobs === 1,
    minFitBand: r.min_fit_band,
    settings: channelSettingsSchema.parse(JSON.parse(r.settings)),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** Thrown when a write cannot be stored as asked (the route answers 400 with the message). */
export class ChannelWriteError extends Error {
  override name = 'ChannelWriteError';
}

/**
 * The settings a write describes. On update (`previous` given) an omitted secret keeps the
 * stored one; a new channel must bring its webhook URL.
 */
export function settingsFromWrite(
  write: NotificationChannelWrite,
  previous?: ChannelSettings,
): ChannelSettings {
  if (previous !== undefined && previous.kind !== write.kind) {
    throw new ChannelWriteError(
      "A channel's kind cannot change: delete it and add a new one instead",
    );
  }
  if (write.kind === 'email') {
    const kept = previous?.kind === 'email' ? previous.smtp_password : null;
    const password = write.smtp_password === undefined ? kept : write.smtp_password || null;
    return {
      kind: 'email',
      smtp_host: write.smtp_host,
      smtp_port: write.smtp_port,
      smtp_tls: write.smtp_tls,
      smtp_user: write.smtp_user,
      smtp_password: password,
      email_from: write.email_from,
      email_to: write.email_to,
    };
  }
  const url = write.url ?? (previous?.kind === write.kind ? previous.url : undefined);
  if (url === undefined) throw new ChannelWriteError('url is required');
  if (write.kind === 'ntfy') {
    const segments = new URL(url).pathname.split('/').filter((s) => s !== '');
    if (segments.length === 0) {
      throw new ChannelWriteError('url must be an ntfy topic URL such as https://ntfy.sh/my-topic');
    }
  }
  return { kind: write.kind, url };
}

export async function listChannels(db: Db): Promise<StoredChannel[]> {
  const rows: ChannelRow[] = await db
    .selectFrom('notification_channels')
    .selectAll()
    .orderBy('id')
    .execute();
  return rows.map(channelFromRow);
}

export async function findChannel(db: Db, id: number): Promise<StoredChannel | undefined> {
  const row = await db
    .selectFrom('notification_channels')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? undefined : channelFromRow(row);
}

export async function insertChannel(
  db: Db,
  write: NotificationChannelWrite,
  now: number,
): Promise<StoredChannel> {
  const settings = settingsFromWrite(write);
  const row = await db
    .insertInto('notification_channels')
    .values({
      name: write.name,
      kind: write.kind,
      enabled: write.enabled ? 1 : 0,
      events: JSON.stringify(write.events),
      only_new_jobs: write.only_new_jobs ? 1 : 0,
      min_fit_band: write.min_fit_band ?? null,
      settings: JSON.stringify(settings),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return channelFromRow(row);
}

export async function updateChannel(
  db: Db,
  existing: StoredChannel,
  write: NotificationChannelWrite,
  now: number,
): Promise<StoredChannel> {
  const settings = settingsFromWrite(write, existing.settings);
  const row = await db
    .updateTable('notification_channels')
    .set({
      name: write.name,
      enabled: write.enabled ? 1 : 0,
      events: JSON.stringify(write.events),
      only_new_jobs: write.only_new_jobs ? 1 : 0,
      min_fit_band: write.min_fit_band === undefined ? existing.minFitBand : write.min_fit_band,
      settings: JSON.stringify(settings),
      updated_at: now,
    })
    .where('id', '=', existing.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return channelFromRow(row);
}

/** Deletes the channel and (by the foreign key's cascade) its deliveries; false when absent. */
export async function deleteChannel(db: Db, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('notification_channels')
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Enabled channels, read synchronously (inside the runner's finishing transaction). */
export function enabledChannelsSync(connection: ConnectionLike): StoredChannel[] {
  const sqlite = sqliteOf(connection);
  return sqlite
    .prepare('SELECT * FROM notification_channels WHERE enabled = 1 ORDER BY id')
    .all()
    .map(channelFromRow);
}

/** Reads one channel by id, synchronously (the worker, between its sends); undefined when gone. */
export function prepareChannelById(
  connection: ConnectionLike,
): (id: number) => StoredChannel | undefined {
  const sqlite = sqliteOf(connection);
  const channelStatement = sqlite.prepare('SELECT * FROM notification_channels WHERE id = ?');
  return (id) => {
    const row: unknown = channelStatement.get(id);
    return row === undefined ? undefined : channelFromRow(row);
  };
}
