import {
  fitProfileWriteSchema,
  type FitPlace,
  type FitProfile,
  type FitProfileWrite,
  type FitSalaryPeriod,
} from '../../../contract/fit';
import type { ExperienceLevel } from '../../../contract/search-filters';
import type { JobWorkplace } from '../../../contract/workplace';

/** A profile as the form holds it: numbers as typed, the salary floor in its three parts. */
export interface ProfileDraft {
  name: string;
  cv_text: string;
  must_skills: string[];
  plus_skills: string[];
  dealbreakers: string[];
  seniority: ExperienceLevel[];
  years: string;
  languages: string[];
  workplaces: JobWorkplace[];
  places: FitPlace[];
  salaryAmount: string;
  salaryCurrency: string;
  salaryPeriod: FitSalaryPeriod;
}

export const DRAFT_KEYS: readonly (keyof ProfileDraft)[] = [
  'name',
  'cv_text',
  'must_skills',
  'plus_skills',
  'dealbreakers',
  'seniority',
  'years',
  'languages',
  'workplaces',
  'places',
  'salaryAmount',
  'salaryCurrency',
  'salaryPeriod',
];

/** The fields an error can stand beside: the API's own names (its `{error}` starts with one). */
export const PROFILE_FIELDS = [
  'name',
  'cv_text',
  'must_skills',
  'plus_skills',
  'dealbreakers',
  'seniority',
  'years_experience',
  'languages',
  'workplaces',
  'places',
  'salary_floor',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
/** An error per field, and `form` for one that names none (shown above the form). */
export type ProfileErrors = Partial<Record<ProfileField | 'form', string>>;

/** How the form names each field: an error's API name becomes the field's label. */
export const FIELD_LABELS: Readonly<Record<ProfileField, string>> = {
  name: 'Name',
  cv_text: 'CV or summary',
  must_skills: 'Must-have skills',
  plus_skills: 'Plus skills',
  dealbreakers: 'Dealbreakers',
  seniority: 'Seniority',
  years_experience: 'Years of experience',
  languages: 'Languages you speak',
  workplaces: 'Workplace',
  places: 'Places',
  salary_floor: 'Salary floor',
};

export const DEFAULT_CURRENCY = 'EUR';

/** The field a draft's key is part of (the salary floor's three parts are one field). */
export function fieldOfDraftKey(key: keyof ProfileDraft): ProfileField {
  if (key === 'years') return 'years_experience';
  if (key === 'salaryAmount' || key === 'salaryCurrency' || key === 'salaryPeriod')
    return 'salary_floor';
  return key;
}

export function draftOf(profile: FitProfile | null): ProfileDraft {
  return {
    name: profile?.name ?? '',
    cv_text: profile?.cv_text ?? '',
    must_skills: profile?.must_skills ?? [],
    plus_skills: profile?.plus_skills ?? [],
    dealbreakers: profile?.dealbreakers ?? [],
    seniority: profile?.seniority ?? [],
    years: profile?.years_experience == null ? '' : String(profile.years_experience),
    languages: profile?.languages ?? [],
    workplaces: profile?.workplaces ?? [],
    places: profile?.places ?? [],
    salaryAmount: profile?.salary_floor ? String(profile.salary_floor.amount) : '',
    salaryCurrency: profile?.salary_floor?.currency ?? DEFAULT_CURRENCY,
    salaryPeriod: profile?.salary_floor?.period ?? 'year',
  };
}

/** A number field's text: empty is null; anything else a number, or NaN for the schema to refuse. */
function numberOf(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
}

/** The body POST and PUT take (before the contract's parse fills defaults and trims). */
export function bodyOf(
  draft: ProfileDraft,
): Record<Exclude<keyof FitProfileWrite, 'is_default'>, unknown> {
  const amount = numberOf(draft.salaryAmount);
  return {
    name: draft.name,
    cv_text: draft.cv_text,
    must_skills: draft.must_skills,
    plus_skills: draft.plus_skills,
    dealbreakers: draft.dealbreakers,
    seniority: draft.seniority,
    years_experience: numberOf(draft.years),
    languages: draft.languages,
    workplaces: draft.workplaces,
    places: draft.places,
    salary_floor:
      amount === null
        ? null
        : {
            amount,
            currency: draft.salaryCurrency.trim().toUpperCase(),
            period: draft.salaryPeriod,
          },
  };
}

/**
 * The API's field names in a message said as the form says them ("each entry of must_skills …" →
 * "each entry of Must-have skills …"), and the first letter capitalised. "name" is replaced only
 * where it starts the message: elsewhere it may be the plain word.
 */
export function inWords(message: string): string {
  const said = message
    .replace(/\bsalary_floor\.(amount|currency|period)\b/g, "the salary floor's $1")
    .replace(/\b[a-z]+(?:_[a-z]+)*\b/g, (word, at: number) => {
      const field = PROFILE_FIELDS.find((f) => f === word);
      return field && (field !== 'name' || at === 0) ? FIELD_LABELS[field] : word;
    });
  return said.charAt(0).toUpperCase() + said.slice(1);
}

/**
 * The field an error message is about: the API's messages name it ("salary_floor.amount must be
 * above 0", "each entry of must_skills …", "name is required"); null when none is named.
 */
export function fieldOf(message: string): ProfileField | null {
  // "name" only at the start: other messages may use the word ("a file name").
  const named = PROFILE_FIELDS.filter((f) => f !== 'name').find((f) =>
    new RegExp(`\\b${f}\\b`).test(message),
  );
  if (named) return named;
  // "name is required", and a name taken: 'A fit profile named "Backend" exists already'.
  return /^name\b|\bnamed\b/.test(message) ? 'name' : null;
}

/** The draft checked by the contract's own schema: the body to send, or an error per field. */
export function validate(
  draft: ProfileDraft,
): { body: FitProfileWrite; errors: null } | { body: null; errors: ProfileErrors } {
  const parsed = fitProfileWriteSchema.safeParse(bodyOf(draft));
  if (parsed.success) return { body: parsed.data, errors: null };
  const errors: ProfileErrors = {};
  for (const issue of parsed.error.issues) {
    const field = PROFILE_FIELDS.find((f) => f === issue.path[0]);
    const key = field ?? 'form';
    errors[key] ??= inWords(issue.message);
  }
  return { body: null, errors };
}
