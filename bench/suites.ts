import { bundleSuite } from './bundle.bench';
import { exportSuite } from './export.bench';
import { fitSuite } from './fit.bench';
import { fitRescoreSuite } from './fit-rescore.bench';
import { incrementalSuite } from './incremental.bench';
import { jobsSuite } from './jobs.bench';
import { overviewSuite } from './overview.bench';
import { pipelineBoardSuite } from './pipeline-board.bench';
import { pipelineSuite } from './pipeline.bench';
import { rechecksSuite } from './rechecks.bench';
import type { BenchSuite } from './report';
import { repostsSuite } from './reposts.bench';
import { rulesRequestsSuite, rulesSuite } from './rules.bench';
import { runnerSuite } from './runner.bench';
import { scraperSuite } from './scraper.bench';
import { serverSuite } from './server.bench';

// Each bench module registers here; keep the list in the order the figures should print.
export const suites: BenchSuite[] = [
  bundleSuite,
  serverSuite,
  exportSuite,
  scraperSuite,
  runnerSuite,
  incrementalSuite,
  rechecksSuite,
  jobsSuite,
  repostsSuite,
  rulesSuite,
  rulesRequestsSuite,
  overviewSuite,
  pipelineSuite,
  fitSuite,
  pipelineBoardSuite,
  fitRescoreSuite,
];
