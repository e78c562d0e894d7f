import { FIT_LANGUAGE_NAMES, type FitEvidence } from '../contract/fit';
import type { SalaryFigures } from '../contract/salary-figures';
import { EXPERIENCE_LEVELS, type ExperienceLevel } from '../contract/search-filters';
import type { CompiledProfile } from './compile-profile';
import { listed, type Draft } from './draft';
import { fieldEvidence, plainEvidence, sentenceEvidence } from './evidence';
import { readLanguages } from './read-languages';
import type { ReadJob } from './read-job';
import { readLevel } from './read-seniority';
import { readSalary } from './read-salary';
import { readYearsAsked } from './read-years';
import { FIT_WEIGHTS, NEAR_SALARY, NEAR_SHARE, UNKNOWN_SHARE } from './weights';

// The parts about what a job asks and offers against what the profile says: years, languages,
// level and pay (the place and workplace parts are in parts-place.ts).

const CARD_ONLY = 'not known from the card';

const unknown = (kind: Draft['kind'], label: string, evidence: FitEvidence[] = []): Draft => ({
  kind,
  label,
  base: FIT_WEIGHTS[kind],
  share: UNKNOWN_SHARE,
  outcome: 'unknown',
  evidence,
});

const yearsText = (n: number): string => `${n}+ ${n === 1 ? 'year' : 'years'}`;

export function yearsPart(profile: CompiledProfile, job: ReadJob): Draft | null {
  const have = profile.years;
  if (have === null) return null;
  if (!job.description) return unknown('years', `Years of experience asked: ${CARD_ONLY}`);
  const ask = readYearsAsked(job.description);
  if (!ask) return unknown('years', 'No years of experience asked');
  const evidence = [sentenceEvidence('description', job.description, [ask.range])];
  const label = `${yearsText(ask.years)} asked; you have ${have}`;
  const base = FIT_WEIGHTS.years;
  if (have >= ask.years) return { kind: 'years', label, base, share: 1, outcome: 'yes', evidence };
  const share = have >= ask.years - 1 ? NEAR_SHARE : 0;
  return { kind: 'years', label, base, share, outcome: 'no', evidence };
}

const LANGUAGE_NAMES: Readonly<Record<string, string>> = FIT_LANGUAGE_NAMES;
const languageName = (code: string): string => LANGUAGE_NAMES[code] ?? code;

/**
 * The languages asked against those spoken. A language asked and not spoken also caps the score
 * (FIT_LANGUAGE_MISS_CAP): `miss` says so.
 */
export function languagePart(
  profile: CompiledProfile,
  job: ReadJob,
): { draft: Draft; miss: boolean } | null {
  const spoken = profile.languages;
  if (spoken.size === 0) return null;
  if (!job.description)
    return { draft: unknown('language', `Languages asked: ${CARD_ONLY}`), miss: false };
  const read = readLanguages(job.description);
  if (read.asked.length === 0)
    return { draft: unknown('language', 'No language asked'), miss: false };
  const described = job.description;
  const evidence = read.asked.flatMap((ask) =>
    ask.range ? [sentenceEvidence('description', described, [ask.range])] : [],
  );
  const names = read.asked.map((ask) => listed(ask.codes.map(languageName), 'or'));
  const written = read.asked.find((ask) => ask.range === null)?.codes[0];
  const inWords = written ? ` (the description is in ${languageName(written)})` : '';
  const missed = read.asked.filter((ask) => !ask.codes.some((code) => spoken.has(code)));
  const base = FIT_WEIGHTS.language;
  if (missed.length === 0) {
    const label = `Asks ${listed(names)}${inWords}; you speak it`;
    return {
      draft: { kind: 'language', label, base, share: 1, outcome: 'yes', evidence },
      miss: false,
    };
  }
  const missing = listed(missed.map((ask) => listed(ask.codes.map(languageName), 'or')));
  const label = `Asks ${listed(names)}${inWords}; you do not speak ${missing}`;
  return {
    draft: { kind: 'language', label, base, share: 0, outcome: 'no', evidence },
    miss: true,
  };
}

/** The site's names of the levels. */
export const LEVEL_NAMES: Readonly<Record<ExperienceLevel, string>> = {
  internship: 'Internship',
  entry_level: 'Entry level',
  associate: 'Associate',
  mid_senior: 'Mid-Senior level',
  director: 'Director',
  executive: 'Executive',
};

export function seniorityPart(profile: CompiledProfile, job: ReadJob): Draft | null {
  const wanted = profile.seniority;
  if (wanted.size === 0) return null;
  const read = readLevel(job.input.seniority, job.title, job.input.employmentType);
  if (!read) return unknown('seniority', 'Level not stated');
  const evidence =
    read.from === 'title'
      ? [fieldEvidence('title', job.title, [read.range])]
      : [plainEvidence('seniority', read.text)];
  const wants = listed(
    EXPERIENCE_LEVELS.filter((l) => wanted.has(l)).map((l) => LEVEL_NAMES[l]),
    'or',
  );
  const label = `${LEVEL_NAMES[read.level]}; you want ${wants}`;
  const base = FIT_WEIGHTS.seniority;
  if (wanted.has(read.level))
    return { kind: 'seniority', label, base, share: 1, outcome: 'yes', evidence };
  const at = EXPERIENCE_LEVELS.indexOf(read.level);
  const next = [EXPERIENCE_LEVELS[at - 1], EXPERIENCE_LEVELS[at + 1]].some(
    (l) => l !== undefined && wanted.has(l),
  );
  return { kind: 'seniority', label, base, share: next ? NEAR_SHARE : 0, outcome: 'no', evidence };
}

/** "EUR 80,000 a year". */
export function money(figures: SalaryFigures): string {
  return `${figures.currency} ${String(figures.yearly).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} a year`;
}

/**
 * The job's pay (its midpoint, made yearly) against the floor. No pay shown, or pay in another
 * currency (no exchange rates are kept), is unknown: half the weight.
 */
export function salaryPart(profile: CompiledProfile, job: ReadJob): Draft | null {
  const floor = profile.salaryFloor;
  if (!floor) return null;
  const read = readSalary(job.input.salary, job.description);
  if (!read) return unknown('salary', 'No salary shown');
  const evidence =
    read.from === 'salary'
      ? [plainEvidence('salary', job.input.salary ?? '')]
      : job.description
        ? [sentenceEvidence('description', job.description, [read.range])]
        : [];
  const pay = money(read.figures);
  if (read.figures.currency !== floor.currency)
    return unknown(
      'salary',
      `Pays ${pay}; your floor is in ${floor.currency}, not compared`,
      evidence,
    );
  const label = `Pays ${pay}; your floor is ${money(floor)}`;
  const base = FIT_WEIGHTS.salary;
  if (read.figures.yearly >= floor.yearly)
    return { kind: 'salary', label, base, share: 1, outcome: 'yes', evidence };
  const share = read.figures.yearly >= floor.yearly * NEAR_SALARY ? NEAR_SHARE : 0;
  return { kind: 'salary', label, base, share, outcome: 'no', evidence };
}
