import type { FastifyRequest } from 'fastify';
import { APPLICATION_STAGE_LABELS } from '../../contract';
import type { CalendarStep } from '../../db/pipeline/calendar-steps';
import type { Config } from '../config';

// Issue 33's calendar: next steps as iCalendar (RFC 5545) events, written by ical-generator.
// Times are UTC (…Z), so no VTIMEZONE is needed and every calendar app places them right.
// ical-generator is loaded by the first calendar asked for, not parsed with the server at every
// start (decision 058).

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8';
/** A step is a 30-minute event: long enough to see, short enough not to block a day. */
export const STEP_DURATION_MS = 30 * 60_000;

/**
 * The dashboard's address for links: PUBLIC_URL, as the notifications use it, else the address
 * this request came to (a calendar app fetches the feed from where the dashboard is).
 */
export function publicBaseUrl(config: Config, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

/** One UID per application and step time: a step moved to another time is another event. */
export function stepUid(step: Pick<CalendarStep, 'jobId' | 'at'>): string {
  return `jobscout-job-${step.jobId}-step-${step.at}@jobscout`;
}

/** "Phone screen — Data Engineer at Acme". */
export function stepSummary(step: CalendarStep): string {
  const what = step.what.charAt(0).toUpperCase() + step.what.slice(1);
  return `${what} — ${step.title} at ${step.company}`;
}

/** The steps as a calendar; `now` is each event's DTSTAMP. */
export async function stepsCalendar(
  steps: readonly CalendarStep[],
  options: { now: number; baseUrl: string; name: string },
): Promise<string> {
  const { default: ical } = await import('ical-generator');
  const calendar = ical({
    name: options.name,
    prodId: { company: 'jobscout', product: 'jobscout', language: 'EN' },
    // Calendar apps that honour it look again hourly.
    ttl: 3600,
  });
  for (const step of steps) {
    const url = `${options.baseUrl}/jobs?job=${step.jobId}`;
    calendar.createEvent({
      id: stepUid(step),
      stamp: new Date(options.now),
      start: new Date(step.at),
      end: new Date(step.at + STEP_DURATION_MS),
      summary: stepSummary(step),
      description: `Stage: ${APPLICATION_STAGE_LABELS[step.stage]}\n${url}`,
      url,
    });
  }
  return calendar.toString();
}

/**
 * `phone-screen-acme.ics`: the step and the company in ASCII letters, digits and dashes, so the
 * name is safe in a header and on any file system; `next-step-ID.ics` when nothing is left.
 */
export function stepFileName(step: CalendarStep): string {
  const slug = `${step.what} ${step.company}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 60)
    .replace(/^-+|-+$/g, '');
  return `${slug === '' ? `next-step-${step.jobId}` : slug}.ics`;
}
