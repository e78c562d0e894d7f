import Fastify from 'fastify';
import { buildApp } from './app';
import { ensurePassword } from './auth/password';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type OpenedDatabase } from '../db/database';
import { NewerDatabaseError } from '../db/newer-database';
import { loggerOptions } from './logger';

/** How long a graceful shutdown may take; the runner itself gives its request 10 s. */
const SHUTDOWN_GRACE_MS = 15_000;

function announceGeneratedPassword(password: string): void {
  // Printed straight to the terminal, once, and never through the logger (logs are kept).
  const bar = '='.repeat(72);
  process.stdout.write(
    `\n${bar}\n  ADMIN PASSWORD (generated on first start, shown only this once):\n\n      ${password}\n\n` +
      `  Sign in with it now. Change it any time with: npm run set-password\n${bar}\n\n`,
  );
}

async function start(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  // The app's logger exists once the database is open; the migrations log as they run, through
  // a logger set up as the app's is (Fastify's pino, with the same options).
  const startupLog = Fastify({ logger: loggerOptions(config) }).log;
  let database: OpenedDatabase;
  try {
    database = await openDatabase(config.dataDir, undefined, {
      // Its thread starts with the other background jobs, once the server answers.
      backgroundCheckpoints: 'when-started',
      onMigrated: (migration, ms) =>
        startupLog.info({ migration, ms }, `database migration ${migration} ran in ${ms} ms`),
      onCreated: (migration, ms) =>
        startupLog.info(
          { created: migration, ms },
          `database created at migration ${migration} in ${ms} ms`,
        ),
    });
  } catch (err) {
    if (err instanceof NewerDatabaseError) {
      // One line and nothing written: the operator's next step is another version or a backup.
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    startupLog.fatal({ err }, 'the database could not be opened');
    process.exit(1);
  }
  // Hashing or checking ADMIN_PASSWORD (argon2: tens of milliseconds of CPU, on another thread)
  // starts once the server listens, so it takes nothing from the start: /healthz answers without
  // it, the API waits for it (decision 058).
  let listened!: () => void;
  const listening = new Promise<void>((resolve) => (listened = resolve));
  const passwordSetup = listening.then(() =>
    ensurePassword(database.db, config.adminPassword, Date.now()),
  );
  passwordSetup.catch((err: unknown) => {
    startupLog.fatal({ err }, 'the password could not be set up');
    process.exit(1);
  });

  const { app } = await buildApp({
    config,
    database,
    logger: loggerOptions(config),
    backgroundStart: 'answering',
    signInReady: passwordSetup.then(() => undefined),
  });
  database.checkpointer?.onFallback((reason) =>
    app.log.warn({ reason }, 'WAL checkpoints moved back into the commits'),
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      // A second Ctrl+C means "now": the runner's state is resumable whatever it was doing.
      app.log.warn({ signal }, 'second signal: exiting at once');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A graceful close waits for requests in flight and the runner's current request; never
    // longer than this, so a stuck connection cannot keep the process alive.
    const deadline = setTimeout(() => {
      app.log.error(`shutdown did not finish within ${SHUTDOWN_GRACE_MS} ms; exiting`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    // Fastify's close runs every onClose hook (runner, scheduler, site client) in order.
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.error({ err }, 'could not listen');
    await database.close();
    process.exit(1);
  }
  listened();
  const outcome = await passwordSetup;
  if (outcome.kind === 'generated') announceGeneratedPassword(outcome.password);
  if (outcome.kind === 'from-env')
    app.log.info('password set from ADMIN_PASSWORD; earlier sessions revoked');
  const shownHost = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  // The port actually bound: PORT=0 asks the system for a free one.
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  app.log.info(`dashboard at http://${shownHost}:${port}/`);
}

await start();
