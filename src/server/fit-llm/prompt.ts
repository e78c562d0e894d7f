import { FIT_LANGUAGE_NAMES, type FitProfile } from '../../contract/fit';
import type { OpinionJobText } from '../../db/fit/second-opinions';

// What the language model is asked (docs/decisions/067): the profile as the operator wrote it and
// the job as stored, and a JSON answer of a fixed shape. The local score is not sent: the model's
// opinion is a second one, not a comment on the first.

/** The profile's CV text and the job's description are cut to these lengths (tokens cost). */
export const PROMPT_CV_MAX = 6_000;
export const PROMPT_DESCRIPTION_MAX = 12_000;

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

const SYSTEM = [
  'You judge how well a job posting fits a candidate, as a careful recruiter would.',
  'Answer with one JSON object and nothing else:',
  '{"score": <whole number 0-100>, "verdict": "<one line>",',
  ' "strengths": [{"point": "<why it fits>", "quote": "<words copied from the job posting>"}],',
  ' "gaps": [{"point": "<what is missing or against>", "quote": "<words copied from the job posting>"}]}',
  'Every quote must be copied word for word from the job posting (its title or description),',
  'at most 25 words; never quote the candidate. Give at most 5 strengths and 5 gaps.',
  'A dealbreaker of the candidate found in the posting means a score below 40.',
].join('\n');

const LANGUAGE_NAMES = new Map<string, string>(Object.entries(FIT_LANGUAGE_NAMES));
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)} …` : text);
const list = (items: readonly string[]) => (items.length === 0 ? 'none given' : items.join(', '));

function profileText(profile: FitProfile): string {
  const languages = profile.languages.map((code) => LANGUAGE_NAMES.get(code) ?? code);
  const salary = profile.salary_floor
    ? `${profile.salary_floor.amount} ${profile.salary_floor.currency} a ${profile.salary_floor.period}`
    : 'none given';
  const places = profile.places.map((place) => place.display_name);
  return [
    `Must-have skills: ${list(profile.must_skills)}`,
    `Skills that are a plus: ${list(profile.plus_skills)}`,
    `Dealbreakers: ${list(profile.dealbreakers)}`,
    `Seniority wanted: ${list(profile.seniority)}`,
    `Years of experience: ${profile.years_experience ?? 'not given'}`,
    `Languages spoken: ${list(languages)}`,
    `Workplace: ${list(profile.workplaces)}`,
    `Places: ${list(places)}`,
    `Salary floor: ${salary}`,
    `Summary or CV:\n${profile.cv_text.trim() === '' ? 'none given' : cut(profile.cv_text, PROMPT_CV_MAX)}`,
  ].join('\n');
}

/** The chat's messages for one job against one profile. */
export function opinionMessages(profile: FitProfile, job: OpinionJobText): ChatMessage[] {
  const user = [
    'CANDIDATE',
    profileText(profile),
    '',
    'JOB POSTING',
    `Title: ${job.title}`,
    `Company: ${job.company_name}`,
    `Location: ${job.location}`,
    `Description:\n${job.description === null ? '(not read yet)' : cut(job.description, PROMPT_DESCRIPTION_MAX)}`,
  ].join('\n');
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: user },
  ];
}

const point = {
  type: 'object',
  properties: { point: { type: 'string' }, quote: { type: 'string' } },
  required: ['point', 'quote'],
  additionalProperties: false,
} as const;

/**
 * The answer's JSON Schema for `response_format: {type: 'json_schema'}` (OpenAI's strict mode
 * takes it: every property required, none other allowed, no number bounds, which the parser
 * checks instead).
 */
export const OPINION_JSON_SCHEMA = {
  name: 'job_fit_opinion',
  strict: true,
  schema: {
    type: 'object',
    properties: {
      score: { type: 'integer' },
      verdict: { type: 'string' },
      strengths: { type: 'array', items: point },
      gaps: { type: 'array', items: point },
    },
    required: ['score', 'verdict', 'strengths', 'gaps'],
    additionalProperties: false,
  },
} as const;
