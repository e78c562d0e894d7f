import type { FastifyPluginAsync } from 'fastify';
import {
  DEFAULT_SCRIPT_TIME,
  dailyScheduleSchema,
  scriptTimeSchema,
  type DailyScheduleWire,
} from '../../contract';
import { nextDailyBatch, type SCHEDULE_SINCE_SETTING } from '../../runner';
import { countActiveQueries, isDailyClaimed } from '../../db/searches/daily-claims';
import type { AppContext } from '../context';
import { readSetting, SETTING_KEYS } from '../../db/settings';

// The runner writes when its schedule first ran under this key; the server's list of keys names it
// too, and `satisfies` keeps the two from drifting apart.
const SCHEDULE_SINCE_KEY = SETTING_KEYS.scheduleSince satisfies typeof SCHEDULE_SINCE_SETTING;

/**
 * GET /schedule (issue 12): when the daily batch starts next, computed by the schedule's own
 * rules (src/runner/daily-schedule.ts) from what the database holds, so the line on /batches
 * cannot promise what the schedule will not do.
 */
export const scheduleRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
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
      const stored = scriptTimeSchema.safeParse(await readSetting(ctx.db, SETTING_KEYS.scriptTime));
      const scriptTime = stored.success ? stored.data : DEFAULT_SCRIPT_TIME;
      const since = Number((await readSetting(ctx.db, SCHEDULE_SINCE_KEY)) ?? now);
      const next = nextDailyBatch({
        now,
        timeZone: ctx.config.timeZone,
        scriptTime,
        since: Number.isFinite(since) ? since : now,
        isClaimed: (day) => isDailyClaimed(ctx.connection, day),
        activeQueries: countActiveQueries(ctx.connection),
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
