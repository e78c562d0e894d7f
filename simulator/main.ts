import { parseArgs } from 'node:util';
import type { DroppedField } from './faults';
import { startSimulator } from './server';

// `npm run simulator -- --port 4010 [--seed N]`: the simulated site on 127.0.0.1, with faults
// switchable from the command line for demos and manual testing.
const usage = `Usage: tsx simulator/main.ts [--port 4010] [--seed 1] [--jobs-per-query N]
  [--latency MS] [--rate-limit N [--retry-after S]] [--deny N] [--server-error N]
  [--drop N] [--authwall] [--changed-markup] [--drop-field FIELD ...] [--path-prefix /jobs-guest]
  [--expired-session]
  [--daily-growth 0.05] [--repost-share 0.08] [--lookalike-share 0.04] [--close-share 0]
  [--clock-control] [--fit-jobs N]
  FIELD: salary, posted, location, company-link, criteria, applicants`;

const DROPPABLE: readonly DroppedField[] = [
  'salary',
  'posted',
  'location',
  'company-link',
  'criteria',
  'applicants',
];

function droppedField(value: string): DroppedField {
  const field = DROPPABLE.find((name) => name === value);
  if (field === undefined) {
    console.log(`--drop-field needs one of ${DROPPABLE.join(', ')}\n${usage}`);
    process.exit(2);
  }
  return field;
}

function count(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    console.log(`--${name} needs a whole number\n${usage}`);
    process.exit(2);
  }
  return n;
}

function share(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) {
    console.log(`--${name} needs a share of 0 or more, e.g. 0.05\n${usage}`);
    process.exit(2);
  }
  return n;
}

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    seed: { type: 'string', default: '1' },
    'jobs-per-query': { type: 'string' },
    latency: { type: 'string' },
    'rate-limit': { type: 'string' },
    'retry-after': { type: 'string' },
    deny: { type: 'string' },
    'server-error': { type: 'string' },
    drop: { type: 'string' },
    authwall: { type: 'boolean', default: false },
    'changed-markup': { type: 'boolean', default: false },
    'drop-field': { type: 'string', multiple: true },
    'path-prefix': { type: 'string' },
    'expired-session': { type: 'boolean', default: false },
    'daily-growth': { type: 'string' },
    'repost-share': { type: 'string' },
    'lookalike-share': { type: 'string' },
    'close-share': { type: 'string' },
    'clock-control': { type: 'boolean', default: false },
    'fit-jobs': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(usage);
  process.exit(0);
}

const sim = await startSimulator({
  port: count(values.port, 'port'),
  seed: count(values.seed, 'seed'),
  jobsPerQuery: count(values['jobs-per-query'], 'jobs-per-query'),
  dailyGrowth: share(values['daily-growth'], 'daily-growth'),
  repostShare: share(values['repost-share'], 'repost-share'),
  lookalikeShare: share(values['lookalike-share'], 'lookalike-share'),
  closeShare: share(values['close-share'], 'close-share'),
  controlEndpoint: values['clock-control'],
  fitJobs: count(values['fit-jobs'], 'fit-jobs'),
});
const scope = values['path-prefix'] ? { pathPrefix: values['path-prefix'] } : {};
const latency = count(values.latency, 'latency');
if (latency) sim.faults.latency(latency, scope);
const rateLimit = count(values['rate-limit'], 'rate-limit');
const retryAfter = count(values['retry-after'], 'retry-after');
if (rateLimit)
  sim.faults.rateLimit(rateLimit, {
    ...scope,
    ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
  });
const deny = count(values.deny, 'deny');
if (deny) sim.faults.rateLimit(deny, { ...scope, status: 999 });
const serverError = count(values['server-error'], 'server-error');
if (serverError) sim.faults.serverError(serverError, scope);
const drop = count(values.drop, 'drop');
if (drop) sim.faults.drop(drop, scope);
if (values.authwall) sim.faults.authWall(scope);
if (values['changed-markup']) sim.faults.changedMarkup(scope);
for (const field of values['drop-field'] ?? []) sim.faults.dropField(droppedField(field), scope);
if (values['expired-session']) sim.expireSession();

console.log(
  `Simulated LinkedIn listening on ${sim.url} (seed ${sim.catalogue.seed}, ${sim.catalogue.jobs.length} jobs, ${sim.catalogue.companies.length} companies)`,
);

const stop = (): void => {
  void sim.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
