import { describe, expect, it } from 'vitest';
import { FIT_PROFILES } from '../../simulator';
import {
  FIT_QUALITY_FLOORS,
  measureFitQuality,
  rocAuc,
  storedFitJobs,
} from '../../test/fit-quality';

// The fit bench's measurement (bench/fit.bench.ts) on 300 simulated postings with the same floors:
// a change that makes the scorer worse at telling strong fits from poor ones fails here.
describe('the fit scorer against the simulator’s truth', () => {
  it('ranks strong postings over poor ones, first 20 strong, no dealbreaker in the first 50', () => {
    const jobs = storedFitJobs(2, 300);
    const bodies = {
      backend: FIT_PROFILES.backend.body,
      data: FIT_PROFILES.data.body,
      finance: FIT_PROFILES.finance.body,
    };
    const quality = measureFitQuality(jobs, bodies);
    for (const p of quality.profiles) {
      expect(p.strong, p.key).toBeGreaterThanOrEqual(20);
      expect(p.poor, p.key).toBeGreaterThanOrEqual(20);
      expect(p.auc, p.key).toBeGreaterThanOrEqual(FIT_QUALITY_FLOORS.auc);
      expect(p.strongInTop20, p.key).toBeGreaterThanOrEqual(FIT_QUALITY_FLOORS.strongInTop20);
      expect(p.dealbreakersInTop50, p.key).toBeLessThanOrEqual(
        FIT_QUALITY_FLOORS.dealbreakersInTop50,
      );
    }
  });

  it('measures ROC AUC as the chance a strong posting outscores a poor one', () => {
    expect(rocAuc([90, 80], [10, 20])).toBe(1);
    expect(rocAuc([10], [90])).toBe(0);
    expect(rocAuc([50, 90], [50, 10])).toBe(0.875);
  });
});
