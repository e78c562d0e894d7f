import type { FitLanguageCode } from '../contract/fit';

// The words that start a reader's look at a job: a year word ("5+ years"), a language's name
// ("fluent German"), a word of pay ("Salary: €70,000"). Each word is marked with its cues once,
// when first seen (words.ts), and a text's marked words are listed as it is cut (tokens.ts): the
// readers visit those few words instead of walking every description. Folded forms.

export const CUE_YEAR = 1;
export const CUE_VAGUE_YEARS = 2;
export const CUE_LANGUAGE = 4;
export const CUE_PAY = 8;

// prettier-ignore
export const YEAR_WORDS = new Set(['year', 'years', 'yrs', 'yr', 'jahr', 'jahre', 'jahren', 'jahrige', 'jahriger', 'jahrigen', 'jahriges']);

/** Words that ask for years of experience without a number, and the years they stand for. */
// prettier-ignore
export const VAGUE_YEARS = new Map<string, number>([
  ['mehrjahrige', 2], ['mehrjahriger', 2], ['mehrjahrigen', 2], ['langjahrige', 5],
  ['langjahriger', 5], ['langjahrigen', 5], ['several', 2], ['multiple', 2],
]);

/** Words that make a sentence about pay. */
// prettier-ignore
export const PAY_WORDS = new Set([
  'salary', 'salaries', 'pay', 'compensation', 'ote', 'wage', 'remuneration', 'gehalt',
  'jahresgehalt', 'bruttojahresgehalt', 'vergutung', 'brutto', 'jahresbrutto', 'gehaltsspanne',
]);

const LANGUAGE_ROOTS: Readonly<Record<FitLanguageCode, readonly string[]>> = {
  ar: ['arabic', 'arabisch'],
  cs: ['czech', 'tschechisch'],
  da: ['danish', 'danisch'],
  de: ['german', 'deutsch'],
  el: ['greek', 'griechisch'],
  en: ['english', 'englisch'],
  es: ['spanish', 'spanisch', 'espanol'],
  fi: ['finnish', 'finnisch'],
  fr: ['french', 'franzosisch', 'francais'],
  he: ['hebrew', 'hebraisch'],
  hi: ['hindi'],
  hu: ['hungarian', 'ungarisch'],
  it: ['italian', 'italienisch'],
  ja: ['japanese', 'japanisch'],
  ko: ['korean', 'koreanisch'],
  nl: ['dutch', 'niederlandisch', 'nederlands'],
  no: ['norwegian', 'norwegisch'],
  pl: ['polish', 'polnisch'],
  pt: ['portuguese', 'portugiesisch'],
  ro: ['romanian', 'rumanisch'],
  ru: ['russian', 'russisch'],
  sv: ['swedish', 'schwedisch'],
  tr: ['turkish', 'turkisch'],
  uk: ['ukrainian', 'ukrainisch'],
  zh: ['chinese', 'mandarin', 'chinesisch', 'cantonese'],
};
/** German endings of a language's name; those that name a skill in it say a level themselves. */
const ENDINGS = ['', 'e', 'en', 'er', 'es', 'em'];
// prettier-ignore
const SKILL_ENDINGS = ['kenntnisse', 'kenntnissen', 'kenntnis', 'sprachig', 'sprachige', 'sprachigen', 'sprachiger', 'sprachiges'];

/** A language's name in a text: which language, and whether the word names a skill in it. */
export const LANGUAGE_WORDS = new Map<string, { code: FitLanguageCode; skill: boolean }>();
for (const [code, roots] of Object.entries(LANGUAGE_ROOTS) as Array<
  [FitLanguageCode, readonly string[]]
>)
  for (const root of roots) {
    for (const ending of ENDINGS) LANGUAGE_WORDS.set(root + ending, { code, skill: false });
    for (const ending of SKILL_ENDINGS) LANGUAGE_WORDS.set(root + ending, { code, skill: true });
  }

/** The cues a folded word starts. */
export function cuesOf(folded: string): number {
  return (
    (YEAR_WORDS.has(folded) ? CUE_YEAR : 0) |
    (VAGUE_YEARS.has(folded) ? CUE_VAGUE_YEARS : 0) |
    (LANGUAGE_WORDS.has(folded) ? CUE_LANGUAGE : 0) |
    (PAY_WORDS.has(folded) ? CUE_PAY : 0)
  );
}
