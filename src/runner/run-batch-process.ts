import { createBatchRunner } from './batch-runner';
import { openTempDatabase, recordingLog, testSiteClient } from './runner-test-kit';

// A whole runner in a process of its own, for the recovery test: it opens the database in
// JOBSCOUT_DATA_DIR, resumes a batch left unfinished there or else starts a manual one,
// against the simulated site at JOBSCOUT_SITE_URL, and exits once the batch has ended.
// The test kills it with SIGKILL mid-batch and starts it again.

const dataDir = process.env.JOBSCOUT_DATA_DIR;
const siteUrl = process.env.JOBSCOUT_SITE_URL;
if (!dataDir || !siteUrl) {
  process.stderr.write('JOBSCOUT_DATA_DIR and JOBSCOUT_SITE_URL are required\n');
  process.exit(2);
}

const { database } = await openTempDatabase(dataDir);
const site = testSiteClient(siteUrl);
const log = recordingLog();
const runner = createBatchRunner({ connection: database.connection, site, now: Date.now, log });
runner.resume();
if (!runner.busy && !(await runner.start('manual')).claimed) {
  process.stderr.write('could not start a batch\n');
  process.exit(3);
}
await runner.idle();
await runner.close();
await site.close();
await database.close();
for (const entry of log.entries.filter((e) => e.level === 'error')) {
  process.stderr.write(`${entry.msg ?? ''} ${JSON.stringify(entry.obj)}\n`);
}
