import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type LabelValues,
} from 'prom-client';
import type { RunnerObserver } from '../../runner';
import type { SiteObserver } from '../../runner';
import type { BackgroundJobRecord } from '../background/background-jobs';
import type { DeliveryOutcome } from '../notifications/worker';

// What GET /metrics shows (issue 18), in Prometheus' text format through prom-client. One
// registry per app, never prom-client's global one: tests build many apps in one process, and
// each app's figures are its own. Built only when METRICS_TOKEN is set, so a server without
// metrics pays nothing for them (app.ts loads this module on demand).

export interface MetricsOptions {
  /** Messages waiting in the notification outbox, read when Prometheus scrapes. */
  outboxBacklog: () => number;
}

export interface Metrics {
  readonly registry: Registry;
  /** Hung on the site client: its requests, retries and pauses. */
  readonly site: SiteObserver;
  /** Hung on the runner: jobs stored and new, batches by outcome and their duration. */
  readonly runner: RunnerObserver;
  /** Hung on the notification worker: each delivery attempt's outcome. */
  readonly delivery: (outcome: DeliveryOutcome, channelKind: string) => void;
  /** One answered HTTP request: its route pattern (never the raw URL), status and time. */
  httpRequest(method: string, route: string, status: number, seconds: number): void;
  /** Hung on the background jobs (src/server/background): each run, its time and outcome. */
  readonly backgroundRun: (record: BackgroundJobRecord, failed: boolean) => void;
}

/** Batches run from minutes to hours (the site allows a request every ~3 s). */
const BATCH_SECONDS_BUCKETS = [30, 60, 300, 900, 1_800, 3_600, 7_200, 14_400, 28_800];
/** A refusal's wait is 1 s to 60 s (longer with Retry-After); a failure's 1 s to 30 s. */
const PAUSE_SECONDS_BUCKETS = [1, 2, 5, 10, 30, 60, 120, 300];
const HTTP_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** A sweep takes milliseconds; the outbox's run lasts as long as its sends (10 s each at most). */
const BACKGROUND_SECONDS_BUCKETS = [0.001, 0.01, 0.1, 1, 10, 60, 300];

export function createMetrics(options: MetricsOptions): Metrics {
  const registry = new Registry();
  // The process' own figures: CPU, memory, event-loop lag, GC, handles (their usual names).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const siteRequests = new Counter({
    name: 'jobscout_site_requests_total',
    help: "Requests to the site by endpoint and outcome: the HTTP status (429 and 999 are the site's refusals), or timeout/network when no answer came",
    labelNames: ['endpoint', 'status'] as const,
    registers,
  });
  const siteRetries = new Counter({
    name: 'jobscout_site_retries_total',
    help: 'Requests to the site tried again, by endpoint and reason (refused, server-error, timeout, network)',
    labelNames: ['endpoint', 'reason'] as const,
    registers,
  });
  const sitePauses = new Histogram({
    name: 'jobscout_site_pause_seconds',
    help: 'Waits before a retry (back-off after a refusal or a failure), by reason',
    labelNames: ['reason'] as const,
    buckets: PAUSE_SECONDS_BUCKETS,
    registers,
  });
  const batches = new Counter({
    name: 'jobscout_batches_total',
    help: 'Batches ended, by outcome (completed, failed, cancelled)',
    labelNames: ['outcome'] as const,
    registers,
  });
  // Every outcome is shown from the start (at 0), so a rate over them works before the first end.
  for (const outcome of ['completed', 'failed', 'cancelled']) batches.inc({ outcome }, 0);
  const batchSeconds = new Histogram({
    name: 'jobscout_batch_duration_seconds',
    help: 'How long batches took from start to end, by outcome',
    labelNames: ['outcome'] as const,
    buckets: BATCH_SECONDS_BUCKETS,
    registers,
  });
  const jobsStored = new Counter({
    name: 'jobscout_jobs_stored_total',
    help: 'Jobs stored from search results (each sighting; a job found by two runs counts twice)',
    registers,
  });
  const jobsNew = new Counter({
    name: 'jobscout_jobs_new_total',
    help: 'Jobs stored for the first time',
    registers,
  });
  // Issue 41: the re-checks are job-details requests too (jobscout_site_requests_total counts
  // them with the rest); this tells what they found.
  const rechecks = new Counter({
    name: 'jobscout_rechecks_total',
    help: 'Re-checks of saved, applied and flagged jobs by what the page said (open, closed, gone: a 404 or 410; failed)',
    labelNames: ['outcome'] as const,
    registers,
  });
  for (const outcome of ['open', 'closed', 'gone', 'failed']) rechecks.inc({ outcome }, 0);
  const deliveries = new Counter({
    name: 'jobscout_notification_deliveries_total',
    help: 'Notification delivery attempts by channel kind and outcome (delivered, retrying, failed)',
    labelNames: ['channel', 'outcome'] as const,
    registers,
  });
  new Gauge({
    name: 'jobscout_notification_outbox_backlog',
    help: 'Notifications waiting to be delivered (due now or after a retry wait)',
    registers,
    collect() {
      this.set(options.outboxBacklog());
    },
  });
  const http = new Histogram({
    name: 'jobscout_http_request_duration_seconds',
    help: 'HTTP requests answered, by method, route pattern and status code, with their time',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_SECONDS_BUCKETS,
    registers,
  });

  const backgroundRuns = new Counter({
    name: 'jobscout_background_runs_total',
    help: 'Runs of the background jobs (notification-outbox, reminder-sweep, no-answer-sweep, fit-rescoring, daily-schedule), by job and outcome (ok, failed)',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });
  const backgroundSeconds = new Histogram({
    name: 'jobscout_background_run_duration_seconds',
    help: 'How long the background jobs ran, by job',
    labelNames: ['job'] as const,
    buckets: BACKGROUND_SECONDS_BUCKETS,
    registers,
  });
  const backgroundLastRun = new Gauge({
    name: 'jobscout_background_last_run_timestamp_seconds',
    help: 'When each background job last started a run (Unix time)',
    labelNames: ['job'] as const,
    registers,
  });

  // Label objects are made once per distinct set: the HTTP hook runs on every request.
  const httpLabels = new Map<string, LabelValues<'method' | 'route' | 'status_code'>>();

  return {
    registry,
    site: {
      request(endpoint, outcome) {
        siteRequests.inc({ endpoint, status: String(outcome) });
      },
      pause(endpoint, reason, ms) {
        siteRetries.inc({ endpoint, reason });
        sitePauses.observe({ reason }, ms / 1000);
      },
    },
    runner: {
      jobsStored(stored, fresh) {
        jobsStored.inc(stored);
        jobsNew.inc(fresh);
      },
      batchEnded(outcome, durationMs) {
        batches.inc({ outcome });
        batchSeconds.observe({ outcome }, durationMs / 1000);
      },
      rechecked(outcome) {
        rechecks.inc({ outcome });
      },
    },
    delivery(outcome, channelKind) {
      deliveries.inc({ channel: channelKind, outcome });
    },
    backgroundRun(record, failed) {
      backgroundRuns.inc({ job: record.name, outcome: failed ? 'failed' : 'ok' });
      backgroundSeconds.observe({ job: record.name }, (record.lastDurationMs ?? 0) / 1000);
      if (record.lastStartedAt !== null)
        backgroundLastRun.set({ job: record.name }, record.lastStartedAt / 1000);
    },
    httpRequest(method, route, status, seconds) {
      const key = `${method} ${status} ${route}`;
      let labels = httpLabels.get(key);
      if (!labels) {
        labels = { method, route, status_code: String(status) };
        httpLabels.set(key, labels);
      }
      http.observe(labels, seconds);
    },
  };
}
