import type { FitProfileWrite } from '../src/contract/fit';
import type { FitPosting } from './fit-postings';
import { LEVEL_KEYS, SITE_LEVELS, type FitTruth } from './fit-profiles';

// Issue 40: the simulator's truth of how well each of its fit postings fits each profile. It is
// read from what a posting was made of (its skills, asks and offers), never from its text, and
// written apart from the scorer (src/fit, which the simulator may not import): the scorer is
// measured against it. The rules are in README.md ("Fit").

/** The profile's place a posting's place is in: the same city, or a city of its country. */
function inPlaces(posting: FitPosting, profile: FitProfileWrite): boolean {
  const parts = (name: string): string[] => name.split(',').map((p) => p.trim());
  return profile.places.some((p) => {
    const wanted = parts(p.display_name);
    const city = wanted[0] ?? '';
    const country = wanted[wanted.length - 1] ?? '';
    if (wanted.length === 1) return posting.country === country;
    // A remote job anywhere in the place's country is in reach.
    if (posting.workplace === 'remote') return posting.country === country;
    return posting.city === city;
  });
}

/** The languages a posting needs: those it asks, and the one it is written in, less the welcome. */
export function languagesNeeded(posting: FitPosting): string[] {
  const needed = new Set([...posting.languagesAsked, posting.lang]);
  for (const code of posting.languagesWelcome) needed.delete(code);
  return [...needed];
}

/** Why a posting is poor for a profile, or null when it is not. */
function poorBecause(posting: FitPosting, profile: FitProfileWrite): string | null {
  if (profile.dealbreakers.some((d) => posting.dealbreakers.includes(d))) return 'dealbreaker';
  const spoken = new Set(profile.languages);
  if (spoken.size > 0 && languagesNeeded(posting).some((code) => !spoken.has(code)))
    return 'language';
  const must = profile.must_skills.filter((s) => posting.skills.includes(s)).length;
  if (must * 2 < profile.must_skills.length) return 'skills';
  return null;
}

/** Everything a strong fit needs beyond not being poor. */
function strongHolds(posting: FitPosting, profile: FitProfileWrite): boolean {
  const allMust = profile.must_skills.every((s) => posting.skills.includes(s));
  const somePlus =
    profile.plus_skills.length === 0 || profile.plus_skills.some((s) => posting.skills.includes(s));
  const years =
    posting.yearsAsked === null ||
    profile.years_experience === null ||
    posting.yearsAsked <= profile.years_experience;
  const level =
    profile.seniority.length === 0 ||
    profile.seniority.some((l) => LEVEL_KEYS[SITE_LEVELS.indexOf(posting.level)] === l);
  const workplace =
    profile.workplaces.length === 0 || profile.workplaces.includes(posting.workplace);
  const where = profile.places.length === 0 || inPlaces(posting, profile);
  const floor = profile.salary_floor;
  const pay =
    !floor ||
    !posting.salary ||
    posting.salary.currency !== floor.currency ||
    posting.salary.yearly >= floor.amount * { year: 1, month: 12, hour: 2080 }[floor.period];
  return allMust && somePlus && years && level && workplace && where && pay;
}

/** How well a posting fits a profile, by the rules of README.md ("Fit"). */
export function fitTruth(posting: FitPosting, profile: FitProfileWrite): FitTruth {
  if (poorBecause(posting, profile) !== null) return 'poor';
  return strongHolds(posting, profile) ? 'strong' : 'partial';
}

/** The posting asks for one of the profile's dealbreakers (not in a "no … required"). */
export function hasDealbreaker(posting: FitPosting, profile: FitProfileWrite): boolean {
  return profile.dealbreakers.some((d) => posting.dealbreakers.includes(d));
}
