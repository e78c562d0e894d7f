import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deliveryListSchema,
  errorBodySchema,
  idParamSchema,
  notificationChannelDeletedSchema,
  notificationChannelListSchema,
  notificationChannelSchema,
  notificationChannelWriteSchema,
  RECENT_DELIVERIES_LIMIT,
  testResultSchema,
  type Delivery,
} from '../../contract';
import {
  ChannelWriteError,
  deleteChannel,
  findChannel,
  insertChannel,
  listChannels,
  updateChannel,
} from '../../db/notifications/channels';
import { listRecentDeliveries } from '../../db/notifications/outbox';
import type { AppContext } from '../context';
import { HttpError } from '../plugins/errors';
import { toWire } from './channel-wire';
import { buildTestMessage } from './message';
import { Outbox } from './outbox';
import { sendToChannel } from './send';

export const CHANNEL_NOT_FOUND_MESSAGE = 'Notification channel not found';

/** /notifications/…: channels (CRUD and "Send test") and the recent deliveries. */
export const notificationRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (
  fastify,
  { ctx },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const outbox = new Outbox(ctx.connection);
  const messageContext = { siteName: ctx.config.siteName, publicUrl: ctx.config.publicUrl };

  const existing = async (id: number) => {
    const channel = await findChannel(ctx.db, id);
    if (channel === undefined) throw new HttpError(404, CHANNEL_NOT_FOUND_MESSAGE);
    return channel;
  };
  const asHttp = (error: unknown): never => {
    if (error instanceof ChannelWriteError) throw new HttpError(400, error.message);
    throw error;
  };

  app.get(
    '/notifications/channels',
    {
      schema: {
        summary: 'The notification channels',
        response: { 200: notificationChannelListSchema },
      },
    },
    async () => (await listChannels(ctx.db)).map(toWire),
  );

  app.post(
    '/notifications/channels',
    {
      schema: {
        summary: 'Add a notification channel',
        body: notificationChannelWriteSchema,
        response: { 201: notificationChannelSchema, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const channel = await insertChannel(ctx.db, request.body, ctx.now()).catch(asHttp);
      request.log.info({ channelId: channel.id, kind: channel.settings.kind }, 'channel added');
      return reply.code(201).send(toWire(channel));
    },
  );

  app.put(
    '/notifications/channels/:id',
    {
      schema: {
        summary: 'Replace a notification channel',
        params: idParamSchema,
        body: notificationChannelWriteSchema,
        response: { 200: notificationChannelSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const channel = await existing(request.params.id);
      const updated = await updateChannel(ctx.db, channel, request.body, ctx.now()).catch(asHttp);
      return toWire(updated);
    },
  );

  app.delete(
    '/notifications/channels/:id',
    {
      schema: {
        summary: 'Delete a notification channel',
        params: idParamSchema,
        response: {
          200: notificationChannelDeletedSchema,
          400: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      if (!(await deleteChannel(ctx.db, request.params.id))) {
        throw new HttpError(404, CHANNEL_NOT_FOUND_MESSAGE);
      }
      return { success: true as const };
    },
  );

  // Sends at once, outside the outbox (the operator waits for the answer), and records the
  // outcome in the Recent notifications list. A failure is an answer, not an error: 200.
  app.post(
    '/notifications/channels/:id/test',
    {
      schema: {
        summary: 'Send a test notification through a channel',
        params: idParamSchema,
        response: { 200: testResultSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const channel = await existing(request.params.id);
      const message = buildTestMessage(messageContext);
      const result = await sendToChannel(channel, message);
      if (!result.delivered) {
        request.log.warn({ channel: channel.name, code: result.code }, 'test notification failed');
      }
      await ctx.connection.write(() => outbox.recordTest(channel.id, message, result, ctx.now()));
      return { delivered: result.delivered, detail: result.detail };
    },
  );

  app.get(
    '/notifications/deliveries',
    {
      schema: {
        summary: 'The most recent notification deliveries',
        response: { 200: deliveryListSchema },
      },
    },
    async (): Promise<Delivery[]> => {
      const rows = await listRecentDeliveries(ctx.db, RECENT_DELIVERIES_LIMIT);
      return rows.map((r) => ({
        ...r,
        created_at: new Date(r.created_at).toISOString(),
        delivered_at: r.delivered_at === null ? null : new Date(r.delivered_at).toISOString(),
      }));
    },
  );
};
