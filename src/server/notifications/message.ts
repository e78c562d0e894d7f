import { z } from 'zod';
import {
  APPLICATION_STAGE_LABELS,
  APPLICATION_STAGES,
  CHANNEL_FIT_BANDS,
  type ChannelFitBand,
  NOTIFICATION_EVENTS,
  NOTIFICATION_JOBS_LISTED,
  OVERVIEW_FIELD_LABELS,
  OVERVIEW_FIELDS,
  type ApplicationStage,
} from '../../contract';
import { FIT_BAND_FLOORS, FIT_BAND_LABELS, FIT_BANDS, fitBand } from '../../contract/fit';
import type { BatchFinished } from '../../runner';
import { readBatchMessageRows } from '../../db/notifications/batch-message';
import type { ConnectionLike } from '../../db/connection';
import { countBatchReposts } from '../../db/jobs/repost-rows';

// The channel-neutral message: built once, stored in the outbox row as JSON, and turned into
// each service's shape only when it is sent. It is also, as it stands, the generic webhook's
// documented payload (README "Notifications"), so its fields only ever grow: `version` moves
// when one changes meaning.

export const MESSAGE_VERSION = 1;

const isoOrNull = z.string().nullable();

export const notificationMessageSchema = z.object({
  version: z.literal(MESSAGE_VERSION),
  event: z.enum([...NOTIFICATION_EVENTS, 'test']),
  /** SITE_NAME, e.g. "LinkedIn". */
  site: z.string(),
  batch: z
    .object({
      id: z.number(),
      kind: z.enum(['daily', 'manual']),
      status: z.enum(['running', 'enriching', 'completed', 'failed']),
      started_at: isoOrNull,
      finished_at: isoOrNull,
      error: z.string().nullable(),
    })
    .nullable(),
  /** Jobs first seen in this batch, blocked companies left out (reposts and hidden ones included). */
  new_jobs_count: z.number(),
  /** Issue 17: how many of them repost an earlier job (counted apart: "8 new jobs · 3 reposts"). */
  reposts_count: z.number().default(0),
  /** Issue 17: how many of them a rule hid ("(5 hidden by rules)"). */
  hidden_by_rules_count: z.number().default(0),
  /**
   * Issue 17: how many of them the message may name: neither hidden (by a rule or a repost's
   * carried-over triage) nor muted by a rule, nor already closed when first read (issue 41). Rows
   * queued before issue 17 had no such jobs.
   */
  listed_jobs_count: z.number().optional(),
  /**
   * The first NOTIFICATION_JOBS_LISTED of those it may name: the strong fits first, best first
   * (issue 40), then the rest as they were found.
   */
  new_jobs: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      company: z.string(),
      location: z.string(),
      url: z.string(),
      /**
       * Issue 40: the job's fit (best score, 0–100) and its band; null without a profile
       * (absent in messages queued before issue 40).
       */
      fit_score: z.number().nullable().optional(),
      fit_band: z.enum(FIT_BANDS).nullable().optional(),
    }),
  ),
  /** Issue 40: how many of the jobs it may name are strong fits. */
  strong_fits_count: z.number().default(0),
  /**
   * Issue 40: the channel's least fit band when the message was built for one: it names (and
   * counts in listed_jobs_count) only the jobs of that band or better. Null: every job.
   */
  min_fit_band: z.enum(CHANNEL_FIT_BANDS).nullable().default(null),
  failed_runs: z.array(
    z.object({
      query_id: z.number(),
      search_term: z.string(),
      location: z.string(),
      error: z.string().nullable(),
    }),
  ),
  /** `${PUBLIC_URL}/jobs?batch=ID`, or null without PUBLIC_URL. */
  jobs_url: z.string().nullable(),
  /** `${PUBLIC_URL}/settings` for the cookie message, or null. */
  settings_url: z.string().nullable(),
  /**
   * Issue 32's `markup_drift`: the fields whose drift started with this batch, each with the
   * batch's fill and the recent level it fell from (rates 0 to 1). Empty in other messages.
   */
  drift: z
    .array(
      z.object({
        field: z.enum(OVERVIEW_FIELDS),
        /** How the dashboard names it ("Salary"). */
        label: z.string(),
        filled: z.number(),
        total: z.number(),
        rate: z.number(),
        level: z.number(),
      }),
    )
    .default([]),
  /** Issue 32: `${PUBLIC_URL}/overview`, where the site's health is shown, or null. */
  overview_url: z.string().nullable().default(null),
  /**
   * Issue 33's `reminder`: an application's next step, `lead` (ahead of it, by the setting) or
   * `due` (at its time). `at_text` is `at` in the server's zone (TZ), as the message words it.
   * Null in other messages.
   */
  reminder: z
    .object({
      kind: z.enum(['lead', 'due']),
      job_id: z.number(),
      title: z.string(),
      company: z.string(),
      stage: z.enum(APPLICATION_STAGES),
      /** How the dashboard names the stage ("Interviewing"). */
      stage_label: z.string(),
      /** What the step is ("phone screen"). */
      what: z.string(),
      at: z.string(),
      at_text: z.string(),
      time_zone: z.string(),
      /** `${PUBLIC_URL}/jobs?job=ID`, the job and its application in the dashboard, or null. */
      job_url: z.string().nullable(),
    })
    .nullable()
    .default(null),
  /**
   * Issue 41's `batch_finished`: the jobs on the Pipeline board or flagged that were found closed
   * since the last completed batch before this one (the re-checks run after a batch's end).
   */
  closed_jobs_count: z.number().default(0),
  /**
   * Issue 41's `job_closed`: a job at Saved whose posting a re-check found closed (`closed`: its
   * page says so; `gone`: its page was missing on two days). Null in other messages.
   */
  closed_job: z
    .object({
      job_id: z.number(),
      title: z.string(),
      company: z.string(),
      location: z.string(),
      reason: z.enum(['closed', 'gone']),
      /** When a re-check found it closed, and that time in the server's zone. */
      closed_at: z.string(),
      closed_at_text: z.string(),
      stage: z.enum(APPLICATION_STAGES),
      stage_label: z.string(),
      /** The posting on the site. */
      url: z.string(),
      /** The employer's own address, as the page last gave it (http(s) only), or null. */
      apply_url: z.string().nullable(),
      /** `${PUBLIC_URL}/jobs?job=ID`, the job in the dashboard, or null. */
      job_url: z.string().nullable(),
    })
    .nullable()
    .default(null),
});
export type NotificationMessage = z.infer<typeof notificationMessageSchema>;

export interface MessageContext {
  siteName: string;
  publicUrl: string | undefined;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/**
 * The message for a batch's end, read synchronously (it runs inside the runner's finishing
 * transaction, so it sees exactly what that transaction commits).
 */
export function buildBatchMessage(
  connection: ConnectionLike,
  batchId: number,
  event: 'batch_finished' | 'batch_failed' | 'cookies_rejected',
  context: MessageContext,
  minFitBand: ChannelFitBand | null = null,
): NotificationMessage {
  const { batch, counts, jobs, failed, closed } = readBatchMessageRows(
    connection,
    batchId,
    NOTIFICATION_JOBS_LISTED,
    {
      least: minFitBand === null ? null : FIT_BAND_FLOORS[minFitBand],
      strong: FIT_BAND_FLOORS.strong,
    },
  );
  const base = context.publicUrl;
  return {
    version: MESSAGE_VERSION,
    event,
    site: context.siteName,
    batch: {
      ...batch,
      started_at: iso(batch.started_at),
      finished_at: iso(batch.finished_at),
    },
    new_jobs_count: counts.n,
    reposts_count: Math.min(countBatchReposts(connection, batchId), counts.n),
    hidden_by_rules_count: counts.hidden,
    listed_jobs_count: counts.listed,
    new_jobs: jobs.map((j) => ({
      id: j.id,
      title: j.title,
      company: j.company_name,
      location: j.location,
      url: j.url,
      fit_score: j.fit_score,
      fit_band: j.fit_score === null ? null : fitBand(j.fit_score),
    })),
    strong_fits_count: counts.strong,
    min_fit_band: minFitBand,
    failed_runs: failed.map((r) => ({
      query_id: r.query_id,
      search_term: r.job_title,
      location: r.location,
      error: r.error,
    })),
    jobs_url: base === undefined ? null : `${base}/jobs?batch=${batch.id}`,
    settings_url: base === undefined ? null : `${base}/settings`,
    drift: [],
    overview_url: base === undefined ? null : `${base}/overview`,
    reminder: null,
    closed_jobs_count: closed,
    closed_job: null,
  };
}

/** The fields whose drift started with a batch, as `markup_drift` names them. */
export type DriftStart = Extract<
  NonNullable<BatchFinished['drift']>[number],
  { change: 'started' }
>;

/**
 * Issue 32's `markup_drift` for a completed batch: the batch, and each field whose drift started
 * with it, against its usual level. Read in the batch's finishing transaction, like the others.
 */
export function buildDriftMessage(
  connection: ConnectionLike,
  batchId: number,
  started: readonly DriftStart[],
  context: MessageContext,
): NotificationMessage {
  const batchMessage = buildBatchMessage(connection, batchId, 'batch_finished', context);
  const base = context.publicUrl;
  return {
    ...batchMessage,
    event: 'markup_drift',
    // The batch's jobs are batch_finished's news; this message is about the site.
    new_jobs: [],
    strong_fits_count: 0,
    failed_runs: [],
    drift: OVERVIEW_FIELDS.flatMap((field) => {
      const start = started.find((s) => s.field === field);
      return start === undefined
        ? []
        : [
            {
              field,
              label: OVERVIEW_FIELD_LABELS[field],
              filled: start.filled,
              total: start.total,
              rate: start.rate,
              level: start.level,
            },
          ];
    }),
    overview_url: base === undefined ? null : `${base}/overview`,
    reminder: null,
    closed_jobs_count: 0,
  };
}

/** A next step as the reminder sweep reads it (src/db/pipeline/reminders.ts). */
export interface ReminderStep {
  jobId: number;
  title: string;
  company: string;
  stage: ApplicationStage;
  what: string;
  at: number;
}

/**
 * "Wed 3 Feb 2027, 10:00 (Europe/Berlin)": a step's time in the server's zone. Assembled from
 * its parts, so ICU versions (which differ on the comma after the weekday) write it the same.
 */
export function stepTimeText(at: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} (${timeZone})`;
}

/** Issue 33's `reminder`: the step, its time in `timeZone`, the job and a link to it. */
export function buildReminderMessage(
  step: ReminderStep,
  kind: 'lead' | 'due',
  context: MessageContext & { timeZone: string },
): NotificationMessage {
  const base = context.publicUrl;
  const jobUrl = base === undefined ? null : `${base}/jobs?job=${step.jobId}`;
  return {
    ...buildTestMessage(context),
    event: 'reminder',
    jobs_url: jobUrl,
    reminder: {
      kind,
      job_id: step.jobId,
      title: step.title,
      company: step.company,
      stage: step.stage,
      stage_label: APPLICATION_STAGE_LABELS[step.stage],
      what: step.what,
      at: new Date(step.at).toISOString(),
      at_text: stepTimeText(step.at, context.timeZone),
      time_zone: context.timeZone,
      job_url: jobUrl,
    },
  };
}

export function buildTestMessage(context: MessageContext): NotificationMessage {
  return {
    version: MESSAGE_VERSION,
    event: 'test',
    site: context.siteName,
    batch: null,
    new_jobs_count: 0,
    reposts_count: 0,
    hidden_by_rules_count: 0,
    listed_jobs_count: 0,
    new_jobs: [],
    strong_fits_count: 0,
    min_fit_band: null,
    failed_runs: [],
    jobs_url: context.publicUrl === undefined ? null : `${context.publicUrl}/jobs`,
    settings_url: context.publicUrl === undefined ? null : `${context.publicUrl}/settings`,
    drift: [],
    overview_url: context.publicUrl === undefined ? null : `${context.publicUrl}/overview`,
    reminder: null,
    closed_jobs_count: 0,
    closed_job: null,
  };
}

/** A job at Saved found closed, as the re-check's write reads it (src/db/notifications). */
export interface ClosedJob {
  jobId: number;
  title: string;
  company: string;
  location: string;
  url: string;
  applyUrl: string | null;
  closedAt: number;
  stage: ApplicationStage;
  reason: 'closed' | 'gone';
}

/** Issue 41's `job_closed`: the job, when it was found closed, and links to it and its posting. */
export function buildClosedJobMessage(
  job: ClosedJob,
  context: MessageContext & { timeZone: string },
): NotificationMessage {
  const base = context.publicUrl;
  const jobUrl = base === undefined ? null : `${base}/jobs?job=${job.jobId}`;
  return {
    ...buildTestMessage(context),
    event: 'job_closed',
    jobs_url: jobUrl,
    closed_job: {
      job_id: job.jobId,
      title: job.title,
      company: job.company,
      location: job.location,
      reason: job.reason,
      closed_at: new Date(job.closedAt).toISOString(),
      closed_at_text: stepTimeText(job.closedAt, context.timeZone),
      stage: job.stage,
      stage_label: APPLICATION_STAGE_LABELS[job.stage],
      url: job.url,
      apply_url: job.applyUrl,
      job_url: jobUrl,
    },
  };
}

/** One link in a rendered message: what it points to and its label. */
export interface RenderedLink {
  label: string;
  url: string;
}

/** A line of text, optionally with a link the richer formats turn into a hyperlink. */
export interface RenderedLine {
  text: string;
  link?: RenderedLink;
}

/** The message in words, shared by every format so they all say the same thing. */
export interface RenderedMessage {
  title: string;
  /** Short summary for previews (Discord's content, Slack's fallback, e-mail's first line). */
  summary: string;
  sections: Array<{ heading: string | null; lines: RenderedLine[] }>;
  /** Where a click on the notification should go, when PUBLIC_URL is set. */
  link: RenderedLink | null;
  /** Severity, for services with tags or colours. */
  tone: 'good' | 'bad' | 'info';
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "12 new jobs", "8 new jobs · 3 reposts (5 hidden by rules)": new jobs and reposts apart, what
 * rules hid in brackets, parts that are zero left out (but "0 new jobs" when nothing was found).
 */
export function newJobsPhrase(message: NotificationMessage): string {
  const reposts = message.reposts_count;
  const fresh = message.new_jobs_count - reposts;
  const parts = [
    fresh > 0 || reposts === 0 ? plural(fresh, 'new job', 'new jobs') : null,
    reposts > 0 ? plural(reposts, 'repost', 'reposts') : null,
  ].filter((p) => p !== null);
  const hidden = message.hidden_by_rules_count;
  return `${parts.join(' · ')}${hidden > 0 ? ` (${hidden} hidden by rules)` : ''}`;
}

/** The new jobs the message may name: all of them in messages queued before rules existed. */
export function listedJobsCount(message: NotificationMessage): number {
  return message.listed_jobs_count ?? message.new_jobs_count;
}

export function renderMessage(message: NotificationMessage): RenderedMessage {
  const batch = message.batch;
  switch (message.event) {
    case 'test':
      return {
        title: 'jobscout test notification',
        summary: 'This is a test from jobscout: this channel works.',
        sections: [],
        link: message.jobs_url === null ? null : { label: 'Open jobscout', url: message.jobs_url },
        tone: 'info',
      };
    case 'batch_finished': {
      const id = batch?.id ?? 0;
      const line = (j: NotificationMessage['new_jobs'][number], parts: string[]) => ({
        text: [j.title, ...parts].filter((part) => part !== '').join(' · '),
        link: { label: j.title, url: j.url },
      });
      // Issue 40: the strong fits lead, with their score.
      const strong = message.new_jobs.filter((j) => j.fit_band === 'strong');
      const jobLines: RenderedLine[] = message.new_jobs
        .filter((j) => j.fit_band !== 'strong')
        .map((j) => line(j, [j.company, j.location]));
      const more = listedJobsCount(message) - message.new_jobs.length;
      if (more > 0) jobLines.push({ text: `…and ${more} more` });
      const sections: RenderedMessage['sections'] = [];
      if (strong.length > 0) {
        sections.push({
          heading: 'Strong fits',
          lines: strong.map((j) => line(j, [j.company, `fit ${j.fit_score ?? 0}`])),
        });
      }
      const least = message.min_fit_band;
      const heading =
        least === null
          ? strong.length > 0
            ? 'Other new jobs'
            : 'New jobs'
          : `New jobs of ${FIT_BAND_LABELS[least]} fit or better`;
      if (jobLines.length > 0) sections.push({ heading, lines: jobLines });
      if (message.failed_runs.length > 0) {
        sections.push({
          heading: 'Failed query runs',
          lines: message.failed_runs.map((r) => ({
            text: `${r.search_term} (${r.location}): ${r.error ?? 'no reason recorded'}`,
          })),
        });
      }
      const closed = message.closed_jobs_count;
      const strongCount = message.strong_fits_count;
      const summary = `Batch #${id} finished with ${newJobsPhrase(message)}${
        message.failed_runs.length > 0
          ? ` and ${plural(message.failed_runs.length, 'failed query run', 'failed query runs')}`
          : ''
      }.${strongCount > 0 ? ` ${plural(strongCount, 'strong fit', 'strong fits')}.` : ''}${
        closed > 0 ? ` ${closedJobsPhrase(closed)}.` : ''
      }`;
      return {
        title: `Batch #${id} finished: ${newJobsPhrase(message)}`,
        summary,
        sections,
        link:
          message.jobs_url === null ? null : { label: 'View the new jobs', url: message.jobs_url },
        tone: message.failed_runs.length > 0 ? 'info' : 'good',
      };
    }
    case 'batch_failed':
      return {
        title: `Batch #${batch?.id ?? 0} failed`,
        summary: `Batch #${batch?.id ?? 0} failed: ${batch?.error ?? 'no reason recorded'}`,
        sections: [],
        link: message.jobs_url === null ? null : { label: 'Open jobscout', url: message.jobs_url },
        tone: 'bad',
      };
    case 'markup_drift':
      return renderDrift(message);
    case 'reminder':
      return renderReminder(message);
    case 'job_closed':
      return renderClosedJob(message);
    case 'cookies_rejected':
      return {
        title: `${message.site} cookies rejected`,
        summary: `${message.site} asked to sign in during batch #${batch?.id ?? 0}. Paste new cookies in Settings.`,
        sections: [],
        link:
          message.settings_url === null
            ? null
            : { label: 'Open Settings', url: message.settings_url },
        tone: 'bad',
      };
  }
}

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** "Markup drift: Salary no longer parsed": the fields its drift started with, in words. */
function renderDrift(message: NotificationMessage): RenderedMessage {
  const id = message.batch?.id ?? 0;
  const names = message.drift.map((d) => d.label);
  const listed =
    names.length <= 1
      ? (names[0] ?? 'a field')
      : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
  const lines = message.drift.map((d) => ({
    text: `${d.label}: ${percent(d.rate)} of ${plural(d.total, 'job', 'jobs')} (usually ${percent(d.level)})`,
  }));
  return {
    title: `Markup drift: ${listed} no longer parsed`,
    summary: `Batch #${id} parsed ${listed} from far fewer of its new jobs than usual: ${message.site}'s pages may have changed. The jobs are stored without ${names.length === 1 ? 'it' : 'them'} until the parser is updated.`,
    sections: lines.length > 0 ? [{ heading: 'Fill rate in this batch', lines }] : [],
    link:
      message.overview_url === null
        ? null
        : { label: 'Open the Overview', url: message.overview_url },
    tone: 'bad',
  };
}

/** "Coming up: Phone screen — Engineer at Acme", when, the stage and a link to the job. */
function renderReminder(message: NotificationMessage): RenderedMessage {
  const r = message.reminder;
  if (r === null) {
    return {
      title: 'Reminder',
      summary: 'A next step is due.',
      sections: [],
      link: null,
      tone: 'info',
    };
  }
  const what = r.what.charAt(0).toUpperCase() + r.what.slice(1);
  const job = `${r.title} at ${r.company}`;
  return {
    title: `${r.kind === 'lead' ? 'Coming up' : 'Now'}: ${what} — ${job}`,
    summary:
      r.kind === 'lead'
        ? `Next step for ${job}: ${r.what}, ${r.at_text}.`
        : `Next step for ${job} is due now: ${r.what}, ${r.at_text}.`,
    sections: [
      {
        heading: 'Next step',
        lines: [
          { text: `What: ${r.what}` },
          { text: `When: ${r.at_text}` },
          r.job_url === null
            ? { text: `Job: ${job}` }
            : { text: `${r.title} at ${r.company}`, link: { label: r.title, url: r.job_url } },
          { text: `Stage: ${r.stage_label}` },
        ],
      },
    ],
    link: r.job_url === null ? null : { label: 'Open the application', url: r.job_url },
    tone: 'info',
  };
}

/** "2 of your saved, applied or flagged jobs were found closed since the last batch". */
export function closedJobsPhrase(count: number): string {
  return `${count} of your saved, applied or flagged jobs ${count === 1 ? 'was' : 'were'} found closed since the last batch`;
}

/** "Closed: Engineer at Acme", when it was found closed, and links to the job and the posting. */
function renderClosedJob(message: NotificationMessage): RenderedMessage {
  const c = message.closed_job;
  if (c === null) {
    return {
      title: 'A saved job closed',
      summary: 'A saved job closed.',
      sections: [],
      link: null,
      tone: 'info',
    };
  }
  const job = `${c.title} at ${c.company}`;
  const how =
    c.reason === 'gone'
      ? `is no longer on ${message.site}`
      : `no longer accepts applications on ${message.site}`;
  const lines: RenderedLine[] = [
    c.job_url === null
      ? { text: `${job}${c.location ? ` · ${c.location}` : ''}` }
      : {
          text: `${c.title} at ${c.company}${c.location ? ` · ${c.location}` : ''}`,
          link: { label: c.title, url: c.job_url },
        },
    { text: `Found closed: ${c.closed_at_text}` },
    { text: `Stage: ${c.stage_label}` },
    {
      text: `The posting on ${message.site}`,
      link: { label: `The posting on ${message.site}`, url: c.url },
    },
  ];
  if (c.apply_url !== null)
    lines.push({
      text: "The company's own page",
      link: { label: "The company's own page", url: c.apply_url },
    });
  return {
    title: `Closed: ${job}`,
    summary: `${job}, which you saved, ${how} (found ${c.closed_at_text}).`,
    sections: [{ heading: 'Saved job closed', lines }],
    link: c.job_url === null ? null : { label: 'Open the job', url: c.job_url },
    tone: 'info',
  };
}

/** The message as plain text: the e-mail's text part and ntfy's body. */
export function renderText(rendered: RenderedMessage): string {
  const out: string[] = [rendered.summary];
  for (const section of rendered.sections) {
    out.push('');
    if (section.heading) out.push(`${section.heading}:`);
    for (const line of section.lines) {
      out.push(`- ${line.text}`);
      if (line.link) out.push(`  ${line.link.url}`);
    }
  }
  if (rendered.link) out.push('', `${rendered.link.label}: ${rendered.link.url}`);
  return out.join('\n');
}
