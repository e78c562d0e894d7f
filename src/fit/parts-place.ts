import type { FitEvidence } from '../contract/fit';
import { JOB_WORKPLACES, workplaceFromText, type JobWorkplace } from '../contract/workplace';
import type { CompiledProfile } from './compile-profile';
import { listed, type Draft } from './draft';
import { plainEvidence, sentenceEvidence, type WordRange } from './evidence';
import type { ReadJob } from './read-job';
import { matchPlace, placeParts } from './read-place';
import { workplaceFromHits } from './read-workplace';
import { FIT_WEIGHTS, UNKNOWN_SHARE } from './weights';

// Where the work is done, and where the job is, against the profile.

interface Offered {
  workplaces: JobWorkplace[];
  evidence: FitEvidence[];
}

/** The ways of working a job offers: its own field, its location's or title's words, its description's. */
export function offeredWorkplaces(profile: CompiledProfile, job: ReadJob): Offered | null {
  const { input } = job;
  if (input.workplace)
    return {
      workplaces: [input.workplace],
      evidence: [plainEvidence('workplace', input.workplace)],
    };
  const fromText = workplaceFromText(input.location, input.title);
  if (fromText) {
    const fromLocation =
      input.location !== null && workplaceFromText(input.location, '') === fromText;
    const evidence = fromLocation
      ? plainEvidence('location', input.location ?? '')
      : plainEvidence('title', input.title);
    return { workplaces: [fromText], evidence: [evidence] };
  }
  const described = job.description;
  if (!described) return null;
  const hits: Array<[number, WordRange]> = [];
  for (const [target, ranges] of job.inDescription)
    if (target >= profile.workplaceAt)
      for (const range of ranges) hits.push([target - profile.workplaceAt, range]);
  const read = workplaceFromHits(described, hits);
  if (!read) return null;
  const evidence = read.offered.flatMap((kind) => {
    const range = read.ranges[kind];
    return range ? [sentenceEvidence('description', described, [range])] : [];
  });
  return { workplaces: read.offered, evidence };
}

export function workplacePart(
  profile: CompiledProfile,
  job: ReadJob,
  offered: Offered | null,
): Draft | null {
  const wanted = profile.workplaces;
  if (wanted.size === 0) return null;
  const base = FIT_WEIGHTS.workplace;
  if (!offered)
    return {
      kind: 'workplace',
      label: 'Workplace not stated',
      base,
      share: UNKNOWN_SHARE,
      outcome: 'unknown',
      evidence: [],
    };
  const wants = listed(
    JOB_WORKPLACES.filter((w) => wanted.has(w)),
    'or',
  );
  const label = `${listed(offered.workplaces, 'or')}; you want ${wants}`;
  const yes = offered.workplaces.some((w) => wanted.has(w));
  return {
    kind: 'workplace',
    label,
    base,
    share: yes ? 1 : 0,
    outcome: yes ? 'yes' : 'no',
    evidence: offered.evidence,
  };
}

export function placePart(
  profile: CompiledProfile,
  job: ReadJob,
  offered: Offered | null,
): Draft | null {
  if (profile.places.length === 0) return null;
  const base = FIT_WEIGHTS.place;
  const location = job.input.location?.trim();
  if (!location)
    return {
      kind: 'place',
      label: 'Location not stated',
      base,
      share: UNKNOWN_SHARE,
      outcome: 'unknown',
      evidence: [],
    };
  const remote = offered?.workplaces.includes('remote') ?? false;
  const match = matchPlace(placeParts(location), profile.places, remote);
  const evidence = [plainEvidence('location', location)];
  if (match.outcome === 'yes')
    return {
      kind: 'place',
      label: `${location}: in ${match.place.display_name}${remote ? ' (remote)' : ''}`,
      base,
      share: 1,
      outcome: 'yes',
      evidence,
    };
  if (match.outcome === 'maybe')
    return {
      kind: 'place',
      label: `${location}: maybe in ${match.place.display_name}`,
      base,
      share: UNKNOWN_SHARE,
      outcome: 'unknown',
      evidence,
    };
  const places = listed(
    profile.places.map((p) => p.place.display_name),
    'or',
  );
  return {
    kind: 'place',
    label: `${location}: not in ${places}`,
    base,
    share: 0,
    outcome: 'no',
    evidence,
  };
}
