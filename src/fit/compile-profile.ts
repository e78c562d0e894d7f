import type { FitPlace, FitProfileWrite } from '../contract/fit';
import { PERIODS_A_YEAR, type SalaryFigures } from '../contract/salary-figures';
import type { ExperienceLevel } from '../contract/search-filters';
import type { JobWorkplace } from '../contract/workplace';
import {
  buildPhraseIndexes,
  findPhrases,
  mergePhraseIndexes,
  type PhraseIndexes,
  type PhraseSource,
} from './phrases';
import { placeParts, type PlaceParts } from './read-place';
import { WORKPLACE_PHRASES } from './read-workplace';
import { skillList, spellingsOf, type FitAliases, type SkillList } from './skill-list';
import { tokenize } from './tokens';

/** What the scorer reads of a profile (a stored profile, or a body being tried out). */
export type FitProfileInput = Pick<
  FitProfileWrite,
  | 'cv_text'
  | 'must_skills'
  | 'plus_skills'
  | 'dealbreakers'
  | 'seniority'
  | 'years_experience'
  | 'languages'
  | 'workplaces'
  | 'places'
  | 'salary_floor'
>;

/**
 * A profile made ready to score jobs against: its terms widened to their aliases and stemmed in
 * both languages, filed with the skill list's phrases in one index, its places cut into parts, its
 * salary floor made yearly. Compiled once per profile version; read-only after.
 */
export interface CompiledProfile {
  /** The terms as the operator wrote them (the parts' labels name them so). */
  readonly must: readonly string[];
  readonly plus: readonly string[];
  readonly dealbreakers: readonly string[];
  /**
   * Every phrase to find in a job. Targets: must skills from 0, plus skills from `plusAt`,
   * dealbreakers from `dealAt`, the skill list's groups from `skillsAt`, the ways of working
   * (WORKPLACE_PHRASES) from `workplaceAt`: one pass over a job's words finds them all.
   */
  readonly phrases: PhraseIndexes;
  readonly plusAt: number;
  readonly dealAt: number;
  readonly skillsAt: number;
  readonly workplaceAt: number;
  /** The alias list the profile was compiled with. */
  readonly skills: SkillList;
  /** The skill list's groups the CV names; null without a CV. */
  readonly cvSkills: ReadonlySet<number> | null;
  readonly seniority: ReadonlySet<ExperienceLevel>;
  readonly years: number | null;
  readonly languages: ReadonlySet<string>;
  readonly workplaces: ReadonlySet<JobWorkplace>;
  readonly places: ReadonlyArray<{ place: FitPlace; parts: PlaceParts }>;
  /** The floor as a yearly amount in its currency. */
  readonly salaryFloor: SalaryFigures | null;
}

/** The skill list's groups a text names (a CV, a job). */
export function skillGroupsIn(text: string, skills: SkillList): Set<number> {
  const found = new Set<number>();
  findPhrases(tokenize(text), skills.phrases, (group) => found.add(group));
  return found;
}

export function compileProfile(profile: FitProfileInput, aliases: FitAliases): CompiledProfile {
  const skills = skillList(aliases);
  const terms = [...profile.must_skills, ...profile.plus_skills, ...profile.dealbreakers];
  // A term that is one of the list's spellings finds every spelling of its group: "k8s" finds
  // Kubernetes, "security clearance" Sicherheitsüberprüfung; "fluent German" is in no group.
  const sources: PhraseSource[] = terms.flatMap((term, target) =>
    spellingsOf(term, skills).map((text) => ({ text, target })),
  );
  const floor = profile.salary_floor;
  return {
    must: profile.must_skills,
    plus: profile.plus_skills,
    dealbreakers: profile.dealbreakers,
    phrases: mergePhraseIndexes([
      { indexes: buildPhraseIndexes(sources), offset: 0 },
      { indexes: skills.phrases, offset: terms.length },
      { indexes: WORKPLACE_PHRASES, offset: terms.length + aliases.length },
    ]),
    plusAt: profile.must_skills.length,
    dealAt: profile.must_skills.length + profile.plus_skills.length,
    skillsAt: terms.length,
    workplaceAt: terms.length + aliases.length,
    skills,
    cvSkills: profile.cv_text.trim() ? skillGroupsIn(profile.cv_text, skills) : null,
    seniority: new Set(profile.seniority),
    years: profile.years_experience,
    languages: new Set(profile.languages),
    workplaces: new Set(profile.workplaces),
    places: profile.places.map((place) => ({ place, parts: placeParts(place.display_name) })),
    salaryFloor: floor
      ? {
          currency: floor.currency,
          yearly: Math.round(floor.amount * PERIODS_A_YEAR[floor.period]),
        }
      : null,
  };
}
