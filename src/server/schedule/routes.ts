import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  DEFAULT_SCRIPT_TIME,
  dailyScheduleSchema,
  scriptTimeSchema,
  type DailyScheduleWire,
} from '../../contract';
import { nextDailyBatch, SCHEDULE_SINCE_SETTING } from '../../runner';
import { BatchStore } from '../../runner/batch-store';
import type { AppContext } from '../context';

const countSchema = z.object({ n: z.number() });

/**
 * GET /schedule (issue 12): when the daily batch starts next, computed by the schedule's own
 * rules (src/runner/daily-schedule.ts) from what the database holds, so the line on /batches
 * cannot promise what the schedule will not do.
 */
export const scheduleRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const store = new BatchStore(ctx.sqlite);
  const activeQueries = ctx.sqlite.prepare(
    "SELECT COUNT(*) AS n FROM queries WHERE status = 'active'",
  );
  app.get(
    '/schedule',
    {
      schema: {
        summary: 'When the next daily batch starts',
        response: { 200: dailyScheduleSchema },
      },
    },
    async (): Promise<DailyScheduleWire> => {
      const now = ctx.now();
      const stored = scriptTimeSchema.safeParse(store.setting('script_time'));
      const scriptTime = stored.success ? stored.data : DEFAULT_SCRIPT_TIME;
      const since = Number(store.setting(SCHEDULE_SINCE_SETTING) ?? now);
      const next = nextDailyBatch({
        now,
        timeZone: ctx.config.timeZone,
        scriptTime,
        since: Number.isFinite(since) ? since : now,
        isClaimed: (day) => store.isDailyClaimed(day),
        activeQueries: countSchema.parse(activeQueries.get()).n,
      });
      return {
        script_time: scriptTime,
        time_zone: ctx.config.timeZone,
        next:
          next.kind === 'at'
            ? {
                at: new Date(next.at).toISOString(),
                day: next.day,
                when: next.when,
                time: next.time,
              }
            : null,
        reason: next.kind === 'none' ? next.reason : null,
      };
    },
  );
};
