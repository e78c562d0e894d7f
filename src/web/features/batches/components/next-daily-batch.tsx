import { CalendarClock } from 'lucide-react';
import type { DailyScheduleWire } from '../../../../contract/operations';
import { Tooltip } from '../../../components/ui/tooltip';
import { useSchedule } from '../api/get-schedule';

/** SPEC.md keeps script_time out of every screen; the tooltip says where it is changed. */
export const SCRIPT_TIME_TOOLTIP =
  'The daily time (script_time) is changed only through the API: POST /api/v1/settings with {cookies, script_time}.';

/** "today at 09:00 (Europe/Berlin)", "tomorrow at …", "on 2027-03-29 at …", or why none. */
export function nextDailyBatchText(schedule: DailyScheduleWire): string {
  const next = schedule.next;
  if (next === null) return 'none: no active queries';
  const day = next.when === 'later' ? `on ${next.day}` : next.when;
  return `${day} at ${next.time} (${schedule.time_zone})`;
}

/** Issue 12: above the Batches table, when the schedule starts the next daily batch. */
export function NextDailyBatch() {
  const schedule = useSchedule();
  // Nothing to say until it is known; a failed load leaves the line out (the table still works).
  if (!schedule.data) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-fg-muted">
      <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
      <Tooltip content={SCRIPT_TIME_TOOLTIP}>
        <span data-testid="next-daily-batch">
          Next daily batch: {nextDailyBatchText(schedule.data)}
        </span>
      </Tooltip>
    </p>
  );
}
