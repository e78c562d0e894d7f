import { APPLICATION_STAGE_LABELS, type ApplicationStage } from '../../../contract/pipeline';

const DAY_MS = 86_400_000;

/** Whole days between two instants, counted in the operator's own calendar (midnight to midnight). */
export function calendarDaysBetween(from: number, to: number): number {
  const start = new Date(from);
  const end = new Date(to);
  const a = Date.UTC(start.getFullYear(), start.getMonth(), start.getDate());
  const b = Date.UTC(end.getFullYear(), end.getMonth(), end.getDate());
  return Math.round((b - a) / DAY_MS);
}

/** "3 days in Applied", "1 day in Screening", "In Offer since today". */
export function daysInStage(stage: ApplicationStage, since: string, now: number): string {
  const label = APPLICATION_STAGE_LABELS[stage];
  const days = Math.max(0, calendarDaysBetween(Date.parse(since), now));
  if (days === 0) return `In ${label} since today`;
  return `${days} ${days === 1 ? 'day' : 'days'} in ${label}`;
}

const TIME = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const DAY = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const FULL = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' });
const SHORT_DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** When a next step is: "today at 10:00", "tomorrow at 09:30", "in 3 days", "2 weeks ago". */
export function nextStepWhen(at: string, now: number): string {
  const then = Date.parse(at);
  const days = calendarDaysBetween(now, then);
  if (Math.abs(days) <= 1) return `${DAY.format(days, 'day')} at ${TIME.format(then)}`;
  if (Math.abs(days) < 14) return DAY.format(days, 'day');
  if (Math.abs(days) < 60) return DAY.format(Math.trunc(days / 7), 'week');
  return DAY.format(Math.trunc(days / 30), 'month');
}

/** A next step whose time has passed. */
export const isOverdue = (at: string, now: number): boolean => Date.parse(at) < now;

/**
 * A job at Saved whose posting closed: its next step is over, as the server has it
 * (src/db/pipeline/closed-posting.ts: no reminder, not in the calendar feed).
 */
export const stepEnded = (a: { stage: ApplicationStage; closed_at?: string | null }): boolean =>
  a.stage === 'saved' && a.closed_at != null;

/** The date and time written out in full, for a hover text and a screen reader. */
export const fullDateTime = (iso: string): string => FULL.format(Date.parse(iso));

/** A day as a table cell shows it: "4 Mar 2025". */
export const shortDate = (iso: string): string => SHORT_DATE.format(Date.parse(iso));
