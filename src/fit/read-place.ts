import type { FitPlace } from '../contract/fit';
import { foldWord } from '../contract/text-fold';

// A job's location against the profile's places, by the parts of their display names: "Berlin,
// Germany" takes "Berlin, Berlin, Germany" and "Berlin Metropolitan Area"; "Germany" takes every
// German city; a job for all of "Germany" is only maybe in Berlin; a remote job anywhere in the
// profile place's country is in it.

/** A place as a list of its parts, each a set of folded words, most specific first. */
export type PlaceParts = ReadonlyArray<ReadonlySet<string>>;

const WORD = /[\p{L}\p{N}]+/gu;
/** Words that say how a location is meant, not where: "Germany (Remote)", "Greater London". */
const NOT_PLACE = new Set([
  'remote',
  'hybrid',
  'on',
  'site',
  'onsite',
  'greater',
  'metropolitan',
  'area',
  'region',
  'metro',
]);

export function placeParts(displayName: string): PlaceParts {
  return displayName
    .replace(/\([^)]*\)/g, ' ')
    .split(',')
    .map((part) => new Set((part.match(WORD) ?? []).map(foldWord).filter((w) => !NOT_PLACE.has(w))))
    .filter((words) => words.size > 0);
}

const within = (small: ReadonlySet<string>, big: ReadonlySet<string>): boolean =>
  [...small].every((w) => big.has(w));

export type PlaceMatch =
  { outcome: 'yes'; place: FitPlace } | { outcome: 'maybe'; place: FitPlace } | { outcome: 'no' };

/** How a job's location meets the profile's places (each given with its parts). */
export function matchPlace(
  job: PlaceParts,
  places: ReadonlyArray<{ place: FitPlace; parts: PlaceParts }>,
  remote: boolean,
): PlaceMatch {
  let maybe: FitPlace | null = null;
  for (const { place, parts } of places) {
    const first = parts[0];
    const jobFirst = job[0];
    if (!first || !jobFirst) continue;
    // The profile's place names a part of the job's: Germany ⊇ Munich; Berlin ≈ Berlin Metro Area.
    if (job.some((part) => within(first, part))) return { outcome: 'yes', place };
    // The job's place is wider than the profile's (all of Germany for a Berlin profile): a remote
    // job there is in reach, an office one may or may not be.
    const wider = parts.some((part) => within(jobFirst, part));
    if (wider && remote) return { outcome: 'yes', place };
    if (wider) maybe = place;
    // Same country, other city: a remote job still is in reach.
    const country = parts[parts.length - 1];
    const jobCountry = job[job.length - 1];
    if (
      remote &&
      country &&
      jobCountry &&
      within(country, jobCountry) &&
      within(jobCountry, country)
    )
      return { outcome: 'yes', place };
  }
  return maybe ? { outcome: 'maybe', place: maybe } : { outcome: 'no' };
}
