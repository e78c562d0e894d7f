import { FIT_PROFILES } from '../simulator';
import {
  FIT_QUALITY_FLOORS,
  HIDDEN_CRITERIA,
  measureFitQuality,
  measureSuggestions,
  storedFitJobs,
} from '../test/fit-quality';
import {
  atLeast,
  atMost,
  context,
  machinePaceMs,
  round,
  type BenchFigure,
  type BenchSuite,
} from './report';

// Issue 40: the fit scorer against the simulator's truth, on 2,000 postings read back as a batch
// stores them, for each of the simulator's three profiles (docs/decisions/061): ROC AUC of the
// score (strong against poor), strong postings among the first 20, postings with a dealbreaker
// among the first 50; how many postings a second one thread scores; and how many of the 5
// criteria an operator saves by come back among the first 10 profile suggestions.

const POSTINGS = 2_000;
/**
 * What the product needs, with room: storing ≥ 1,000 jobs/s with scoring, and rescoring 200,000
 * stored jobs within 60 s (3,333 a second with their reads and writes). At 5,000 a second the
 * scorer takes a fifth of a store's time and two thirds of a rescore's; on an idle machine it
 * scores two to three times as many (decision 061).
 */
const SCORED_FLOOR_PER_S = 5_000;

export const fitSuite: BenchSuite = {
  name: 'fit',
  run: async () => {
    const jobs = storedFitJobs(1, POSTINGS);
    const bodies = {
      backend: FIT_PROFILES.backend.body,
      data: FIT_PROFILES.data.body,
      finance: FIT_PROFILES.finance.body,
    };
    const pace = machinePaceMs();
    const quality = measureFitQuality(jobs, bodies);
    const figures: BenchFigure[] = quality.profiles.flatMap((p) => [
      context(`${p.key}: strong postings (of ${quality.jobs}; ${p.poor} poor)`, p.strong, 'jobs'),
      atLeast(`${p.key}: ROC AUC, strong against poor`, round(p.auc), '', FIT_QUALITY_FLOORS.auc),
      atLeast(
        `${p.key}: strong among the first 20`,
        p.strongInTop20,
        'of 20',
        FIT_QUALITY_FLOORS.strongInTop20,
      ),
      atMost(
        `${p.key}: with a dealbreaker among the first 50`,
        p.dealbreakersInTop50,
        'of 50',
        FIT_QUALITY_FLOORS.dealbreakersInTop50,
      ),
    ]);
    const suggested = measureSuggestions(jobs, FIT_PROFILES.backend.body);
    return [
      ...figures,
      atLeast(
        `an operator's ${HIDDEN_CRITERIA.length} hidden criteria among the first 10 suggestions (${suggested.saved} saved, ${suggested.hidden} hidden)`,
        suggested.found.length,
        `of ${HIDDEN_CRITERIA.length}`,
        3,
      ),
      context('descriptions, mean length', quality.meanChars, 'chars'),
      atLeast(
        'postings scored a second, one profile, one thread (CPU time)',
        Math.round(quality.jobsPerCpuSecond),
        'jobs/s',
        SCORED_FLOOR_PER_S,
      ),
      context('  the same by the clock', Math.round(quality.jobsPerSecond), 'jobs/s'),
      context('  machine pace before (a fixed workload)', pace, 'ms'),
    ];
  },
};
