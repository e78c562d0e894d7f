import type { FitStatus } from '../../contract/fit-api';
import type { ConnectionLike } from '../../db/connection';
import { FitProfiles } from '../../db/fit/fit-profiles';
import { FitState, type FitPass } from '../../db/fit/fit-state';

// GET /fit/status (issue 40): where the stored scores stand, read from the rescoring's own record
// (fit_state), so it says the same after a restart as before it.

/** How long a count of the stored jobs is kept: the screen asks every second or two. */
const TOTAL_KEPT_MS = 2_000;

/** The status a pass's record and the counts give. */
export function fitStatusOf(pass: FitPass, total: number, hasProfiles: boolean): FitStatus {
  const pending = pass.passGeneration !== pass.generation;
  const running = pending || pass.startedAt !== null;
  const jobs = hasProfiles ? total : 0;
  return {
    rescoring: running,
    done: running ? (pending ? 0 : Math.min(pass.done, jobs)) : jobs,
    total: jobs,
    started_at:
      running && !pending && pass.startedAt !== null
        ? new Date(pass.startedAt).toISOString()
        : null,
    has_profiles: hasProfiles,
  };
}

/**
 * The status now; the count of stored jobs is kept a moment (a count of 200,000 is some ms), by the
 * monotonic clock (the server's own may be a test's, standing still).
 */
export function fitStatusReader(
  connection: ConnectionLike,
  clock: () => number = () => performance.now(),
): () => FitStatus {
  const state = new FitState(connection);
  const profiles = new FitProfiles(connection);
  let kept: { total: number; at: number } | null = null;
  return () => {
    const at = clock();
    if (kept === null || at - kept.at > TOTAL_KEPT_MS || at < kept.at)
      kept = { total: state.jobsCount(), at };
    return fitStatusOf(state.pass(), kept.total, profiles.count() > 0);
  };
}
