import type { ExperienceLevel } from '../contract/search-filters';
import type { WordRange } from './evidence';
import type { Tokens } from './tokens';

// A job's level: the site's seniority criterion when its details were read ("Mid-Senior level"),
// else its title's words ("Senior", "Werkstudent", "Head of"), else its employment type
// ("Internship").

/** The site's seniority criteria, as the details page writes them. */
const SITE_LEVELS: Readonly<Record<string, ExperienceLevel>> = {
  internship: 'internship',
  'entry level': 'entry_level',
  associate: 'associate',
  'mid-senior level': 'mid_senior',
  director: 'director',
  executive: 'executive',
};

/** Title words (folded) and the level they name; the first found in the title wins. */
// prettier-ignore
const TITLE_LEVELS = new Map<string, ExperienceLevel>([
  ['intern', 'internship'], ['internship', 'internship'], ['praktikant', 'internship'],
  ['praktikantin', 'internship'], ['praktikum', 'internship'], ['werkstudent', 'internship'],
  ['werkstudentin', 'internship'], ['trainee', 'entry_level'], ['junior', 'entry_level'],
  ['graduate', 'entry_level'], ['berufseinsteiger', 'entry_level'], ['einsteiger', 'entry_level'],
  ['associate', 'associate'], ['senior', 'mid_senior'], ['sr', 'mid_senior'], ['lead', 'mid_senior'],
  ['staff', 'mid_senior'], ['principal', 'mid_senior'], ['expert', 'mid_senior'],
  ['experte', 'mid_senior'], ['head', 'director'], ['director', 'director'], ['leiter', 'director'],
  ['leiterin', 'director'], ['vp', 'executive'], ['chief', 'executive'], ['cto', 'executive'],
  ['cfo', 'executive'], ['ceo', 'executive'], ['coo', 'executive'], ['geschaftsfuhrer', 'executive'],
]);

export type LevelRead =
  | { level: ExperienceLevel; from: 'seniority'; text: string }
  | { level: ExperienceLevel; from: 'title'; range: WordRange }
  | null;

/** The level of a job, and where it was read. */
export function readLevel(
  seniority: string | null,
  title: Tokens,
  employmentType: string | null,
): LevelRead {
  const site = seniority ? SITE_LEVELS[seniority.trim().toLowerCase()] : undefined;
  if (site && seniority) return { level: site, from: 'seniority', text: seniority.trim() };
  for (let i = 0; i < title.count; i += 1) {
    const level = TITLE_LEVELS.get(title.folded[i] ?? '');
    // "Associate Product Manager" is an associate; "Associate Director" a director.
    const higher = level === 'associate' && TITLE_LEVELS.has(title.folded[i + 1] ?? '');
    if (level && !higher) return { level, from: 'title', range: [i, i] };
  }
  if (employmentType?.trim().toLowerCase() === 'internship' && seniority === null)
    return { level: 'internship', from: 'seniority', text: employmentType.trim() };
  return null;
}
