import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE_PATH } from '../contract';
import { createSiteClient, SiteTally, type SiteClient, type SiteObserver } from '../runner';
import { apiRoutes } from './api';
import type { Config } from './config';
import type { AppContext } from './context';
import type { OpenedDatabase } from '../db/database';
import { healthRoutes } from './health';
import { registerOpenApi } from './api-reference/openapi';
import { registerReferencePage } from './api-reference/reference-page';
import { AccessLogController } from './logger';
import { closeIdleSocketsOnClose } from './plugins/connections';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security';
import { loadIndexPage, registerWebApp } from './plugins/web-app';
import { createCookieStateStore, createRunnerService } from '../runner';
import { onSettingsChanged } from './settings/settings-events';
import { createNotificationWorker } from './notifications/worker';
import { createReminderSweep } from './pipeline-reminders/sweep';
import { metricsRoutes } from './metrics/routes';
import { createNoAnswerSweeper } from './pipeline/no-answer-sweeper';
import { calendarFeedRoute } from './calendar/feed-route';
import { BackgroundJobs } from './background/background-jobs';
import { addServerJobs, SERVER_JOBS } from './background/server-jobs';
import { createFitRescoring } from './fit/rescoring';
import { onFitChanged } from './fit/fit-events';
import {
  createSecondOpinionWorker,
  type SecondOpinionWorkerOptions,
} from './fit-llm/opinion-worker';

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Left out of the API reference on purpose (the dashboard's files, the reference's own pages). */
  hidden: boolean;
}

export interface BuildAppOptions {
  config: Config;
  database: OpenedDatabase;
  now?: () => number;
  /** Fastify's logger setting; tests pass false, the server a pino config. */
  logger?: FastifyServerOptions['logger'];
  webRoot?: string;
  /** The site client; by default one built from the configuration. */
  site?: SiteClient;
  /**
   * When the background jobs start: when the app is ready (the default: tests through inject),
   * or once the listening server has answered /healthz, or STARTUP_GRACE_MS after it listens if
   * nobody asks (`npm start`: work that can wait starts after the server answers, decision 058).
   */
  backgroundStart?: 'ready' | 'answering';
  /**
   * Settles once the operator's password is set up (`ensurePassword`, which may revoke every
   * session): every /api/v1 request waits for it, /healthz does not. Already done by default.
   */
  signInReady?: Promise<void>;
  /** The second opinion's waits and timeout (tests shorten them). */
  secondOpinion?: Pick<SecondOpinionWorkerOptions, 'retryDelaysMs' | 'timeoutMs' | 'lookMs'>;
}

/** How long a listening server waits for a first /healthz before starting its background jobs. */
export const STARTUP_GRACE_MS = 2_000;

/** The LinkedIn client as the configuration describes it, told to `observer` (metrics, tally). */
export function siteClientFromConfig(config: Config, observer?: SiteObserver): SiteClient {
  return createSiteClient({
    observer,
    baseUrl: config.linkedinBaseUrl,
    siteName: config.siteName,
    minIntervalMs: config.scrapeMinIntervalMs,
    stallMs: config.scrapeStallMs,
    maxResultsPerQuery: config.scrapeMaxResultsPerQuery,
    proxyUrl: config.scrapeProxyUrl,
  });
}

/** One observer that tells each of `observers` (the metrics and the runner's tally). */
function allOf(...observers: Array<SiteObserver | undefined>): SiteObserver {
  const present = observers.filter((o) => o !== undefined);
  return {
    request: (endpoint, outcome) => present.forEach((o) => o.request(endpoint, outcome)),
    pause: (endpoint, reason, ms) => present.forEach((o) => o.pause(endpoint, reason, ms)),
  };
}

// Large enough for 64 KB of cookies plus JSON overhead, small enough to refuse junk early.
const BODY_LIMIT_BYTES = 256 * 1024;

export async function buildApp(
  options: BuildAppOptions,
): Promise<{ app: FastifyInstance; ctx: AppContext; routes: RegisteredRoute[] }> {
  const routes: RegisteredRoute[] = [];
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new AccessLogController(),
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every route as registered, for the test that walks them all (no hand-kept list to drift).
  app.addHook('onRoute', (route) => {
    const hidden = route.schema?.hide === true;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, hidden });
  });
  // Metrics (issue 18) only with METRICS_TOKEN: prom-client is loaded on demand, so a server
  // without them neither loads it nor counts anything.
  const metrics = options.config.metricsToken
    ? (await import('./metrics/metrics')).createMetrics({
        outboxBacklog: () => notifications.backlog(),
      })
    : undefined;
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern (/api/v1/jobs/:id), never the URL: ids would make a series each.
      const route = request.routeOptions.url ?? '(unmatched)';
      metrics.httpRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });
  }

  // Issue 32: each batch's requests, refusals, retries and pauses, stored with the batch. The
  // client reports to the tally, the runner reads it: neither knows the other (site-tally.ts).
  const siteTally = options.site ? undefined : new SiteTally();
  const background = new BackgroundJobs({
    log: app.log,
    now: options.now ?? Date.now,
    onRun: metrics?.backgroundRun,
  });
  // After a batch's end or a reminder queued messages: delivered now, as a recorded run.
  const deliverNow = () => void background.runNow(SERVER_JOBS.outbox);
  const base: Omit<
    AppContext,
    | 'runner'
    | 'notifications'
    | 'noAnswer'
    | 'reminders'
    | 'fitRescoring'
    | 'secondOpinion'
    | 'background'
  > = {
    config: options.config,
    db: options.database.db,
    connection: options.database.connection,
    signInReady: options.signInReady ?? Promise.resolve(),
    now: options.now ?? Date.now,
    log: app.log,
    // A client handed in is not observed: its owner built it (the metrics count the app's own).
    site: options.site ?? siteClientFromConfig(options.config, allOf(metrics?.site, siteTally)),
  };
  // Notifications (issue 11): queued by the runner in the write that ends a batch, delivered
  // in the background by the worker.
  const notifications = createNotificationWorker({
    connection: base.connection,
    now: base.now,
    log: base.log,
    context: { siteName: options.config.siteName, publicUrl: options.config.publicUrl },
    timeZone: options.config.timeZone,
    onDelivery: metrics?.delivery,
    onQueued: deliverNow,
  });
  // Issue 33: next-step reminders, queued in the same outbox and delivered by the same worker.
  const reminders = createReminderSweep({
    connection: base.connection,
    now: base.now,
    log: base.log,
    context: {
      siteName: options.config.siteName,
      publicUrl: options.config.publicUrl,
      timeZone: options.config.timeZone,
    },
    onQueued: deliverNow,
  });
  // A batch that met the sign-in wall says the same as a failed "Check cookies" (issue 12).
  const cookieState = createCookieStateStore(base.connection);
  const secondOpinion = createSecondOpinionWorker({
    ...options.secondOpinion,
    connection: base.connection,
    now: base.now,
    log: base.log,
    timeZone: options.config.timeZone,
  });
  const ctx: AppContext = {
    ...base,
    notifications,
    noAnswer: createNoAnswerSweeper({ connection: base.connection, now: base.now, log: base.log }),
    reminders,
    fitRescoring: createFitRescoring({
      connection: base.connection,
      now: base.now,
      log: base.log,
    }),
    secondOpinion,
    background,
    runner: createRunnerService({
      ...base,
      timeZone: options.config.timeZone,
      observer: metrics?.runner,
      siteTally,
      onBatchFinished: (finished) => {
        // Inside the write that ends the batch. The cookies stored now are the ones the
        // batch read for its signed-in requests unless the operator saved others meanwhile.
        if (finished.cookiesRejected) {
          cookieState.record(
            'rejected',
            cookieState.storedCookies(),
            finished.now,
            'batch',
            finished.batchId,
          );
        }
        notifications.onBatchFinished(finished);
        // Issue 40: the batch's best new jobs queued for the language model, sent off its path.
        secondOpinion.onBatchFinished(finished);
      },
      // Issue 41: a re-check found a job closed; its `job_closed` goes out with the write.
      onJobClosed: (closed) => notifications.onJobClosed(closed),
    }),
  };
  addServerJobs(background, ctx, options.database.checkpointer);
  // Issue 40: a change that can move a stored score rescores now rather than at the next look.
  onFitChanged(ctx, () => void background.runNow(SERVER_JOBS.fitRescoring));
  app.addHook('onReady', async () => {
    onSettingsChanged(ctx, () => ctx.runner.schedule.settingsChanged());
    if ((options.backgroundStart ?? 'ready') === 'ready') background.start('ready');
  });
  if (options.backgroundStart === 'answering') {
    app.addHook('onListen', async () => {
      setTimeout(() => background.start('no /healthz yet'), STARTUP_GRACE_MS).unref();
    });
  }
  app.addHook('onClose', async () => {
    // The runner first: it finishes its request in flight through the site client.
    await ctx.runner.close();
    await background.stop();
    await ctx.site.close();
  });

  registerErrorHandling(app);
  closeIdleSocketsOnClose(app);
  const indexPage = loadIndexPage(options.config.siteName, options.webRoot);
  registerSecurityHeaders(app, indexPage?.inlineScriptHashes);
  // Before every route: @fastify/swagger documents the routes registered after it.
  await registerOpenApi(app, { bodyLimitBytes: BODY_LIMIT_BYTES });
  await registerReferencePage(app);
  await app.register(healthRoutes, {
    ctx,
    onAnswered: () => background.start('/healthz answered'),
  });
  const token = options.config.metricsToken;
  await app.register(metricsRoutes, {
    metrics: metrics && token ? { figures: metrics, token } : undefined,
  });
  await app.register(apiRoutes, { ctx, prefix: API_BASE_PATH });
  // Issue 33: the calendar feed, outside /api/v1 and its bearer guard (its address is its secret).
  await app.register(calendarFeedRoute, { ctx });
  await registerWebApp(app, indexPage, options.webRoot);
  return { app, ctx, routes };
}
