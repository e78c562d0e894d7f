import path from 'node:path';
import { z } from 'zod';

/** Thrown for a bad environment variable; its message is the one line printed at start. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const integer = (name: string, accepts: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: `${name} must be ${accepts}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `${name} must be ${accepts}` });

const url = (name: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          const u = new URL(v);
          return u.protocol === 'http:' || u.protocol === 'https:';
        } catch {
          return false;
        }
      },
      { error: `${name} must be an http(s) URL` },
    )
    .transform((v) => v.replace(/\/+$/, ''));

const timeZone = z
  .string()
  .trim()
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'TZ must be an IANA time zone such as Europe/Berlin or UTC' },
  );

// Empty strings count as unset: `PORT= npm start` should mean "the default", not an error.
const envSchema = z.object({
  PORT: integer('PORT', 'a port number from 0 to 65535', 0, 65535).default(3000),
  HOST: z
    .string()
    .trim()
    .min(1, { error: 'HOST must be an address such as 127.0.0.1 or 0.0.0.0' })
    .default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  ADMIN_PASSWORD: z
    .string()
    .min(8, { error: 'ADMIN_PASSWORD must be at least 8 characters' })
    .max(1024, { error: 'ADMIN_PASSWORD must be at most 1024 characters' })
    .optional(),
  SITE_NAME: z
    .string()
    .trim()
    .min(1)
    .max(60, { error: 'SITE_NAME must be at most 60 characters' })
    .default('LinkedIn'),
  LINKEDIN_BASE_URL: url('LINKEDIN_BASE_URL').default('https://www.linkedin.com'),
  SCRAPE_MIN_INTERVAL_MS: integer(
    'SCRAPE_MIN_INTERVAL_MS',
    'a whole number of milliseconds from 0 to 600000',
    0,
    600_000,
  ).default(3000),
  TZ: timeZone.optional(),
  SCRAPE_MAX_RESULTS_PER_QUERY: integer(
    'SCRAPE_MAX_RESULTS_PER_QUERY',
    'a whole number from 1 to 1000',
    1,
    1000,
  ).default(1000),
  SCRAPE_STALL_MS: integer(
    'SCRAPE_STALL_MS',
    'a whole number of milliseconds from 1000 to 86400000',
    1000,
    86_400_000,
  ).default(900_000),
  SCRAPE_PROXY_URL: url('SCRAPE_PROXY_URL').optional(),
  // Where the operator opens the dashboard; notifications link to it (issue 11).
  PUBLIC_URL: url('PUBLIC_URL').optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  // GET /metrics (issue 18): off unless set, then only with this bearer token. Printable ASCII
  // without spaces, as a bearer token is sent; long enough not to be guessed.
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{24,512}$/, {
      error:
        'METRICS_TOKEN must be 24 to 512 characters, without spaces (e.g. openssl rand -hex 24)',
    })
    .optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  adminPassword: string | undefined;
  siteName: string;
  linkedinBaseUrl: string;
  scrapeMinIntervalMs: number;
  timeZone: string;
  scrapeMaxResultsPerQuery: number;
  scrapeStallMs: number;
  scrapeProxyUrl: string | undefined;
  /** The dashboard's public address without a trailing slash, for links in notifications. */
  publicUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** The bearer token GET /metrics asks for; undefined leaves metrics off (404). */
  metricsToken: string | undefined;
}

/** Parses the environment once; the rest of the server receives the resulting object. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const relevant: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') relevant[key] = value;
  }
  const parsed = envSchema.safeParse(relevant);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    // Never echo the value: ADMIN_PASSWORD's would end up in the log.
    const message = issue?.message ?? 'is invalid';
    throw new ConfigError(message.startsWith(variable) ? message : `${variable}: ${message}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    adminPassword: e.ADMIN_PASSWORD,
    siteName: e.SITE_NAME,
    linkedinBaseUrl: e.LINKEDIN_BASE_URL,
    scrapeMinIntervalMs: e.SCRAPE_MIN_INTERVAL_MS,
    timeZone: e.TZ ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    scrapeMaxResultsPerQuery: e.SCRAPE_MAX_RESULTS_PER_QUERY,
    scrapeStallMs: e.SCRAPE_STALL_MS,
    scrapeProxyUrl: e.SCRAPE_PROXY_URL,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
  };
}
