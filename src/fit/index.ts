// Fit (issue 40, decision 061): how well a job matches a profile, scored on this machine with no
// model. Pure and deterministic; imports only src/contract and text libraries.
export { BUILT_IN_ALIASES } from './aliases';
export {
  proposeSkills,
  skillsFromText,
  CV_MUST_MAX,
  CV_PLUS_MAX,
  type FitSkillFound,
} from './cv-skills';
export { compileProfile, type CompiledProfile, type FitProfileInput } from './compile-profile';
export { scoreJob, type FitScore } from './score-job';
export type { FitJobInput } from './read-job';
export type { FitAliases } from './skill-list';
export { FIT_WEIGHTS, FIT_SCORER_VERSION, UNKNOWN_SHARE, NEAR_SHARE } from './weights';
export {
  suggestFromTriage,
  suggestionCounts,
  FIT_SUGGEST_LIMIT,
  type FitSuggestions,
  type TriageText,
} from './suggest';
