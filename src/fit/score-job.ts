import {
  FIT_DEALBREAKER_CAP,
  FIT_LANGUAGE_MISS_CAP,
  fitBand,
  type FitBand,
  type FitPart,
} from '../contract/fit';
import type { CompiledProfile } from './compile-profile';
import { scaled, type Draft } from './draft';
import { offeredWorkplaces, placePart, workplacePart } from './parts-place';
import { languagePart, salaryPart, seniorityPart, yearsPart } from './parts-requirements';
import { cvPart, dealbreakerParts, skillParts, titlePart } from './parts-skills';
import { readJob, type FitJobInput } from './read-job';
import { EMPTY_PROFILE_SCORE } from './weights';

/** A job's fit against one profile: what jobFitSchema stores beside the profile and the time. */
export interface FitScore {
  /** 0–100, whole. */
  score: number;
  band: FitBand;
  /** A dealbreaker holds: the score is capped at FIT_DEALBREAKER_CAP. */
  dealbreaker: boolean;
  /** Every part, in a fixed order: skills, title, CV, years, language, level, workplace, place, pay, dealbreakers. */
  parts: FitPart[];
}

/**
 * Scores a job against a compiled profile: pure and deterministic (the same job and profile give
 * the same parts, to the character). A job known only from its card is scored from it (what the
 * card cannot say is `unknown`); scored again once its description is read.
 */
export function scoreJob(profile: CompiledProfile, job: FitJobInput): FitScore {
  const read = readJob(job, profile.phrases);
  const offered = offeredWorkplaces(profile, read);
  const language = languagePart(profile, read);
  const deals = dealbreakerParts(profile, read);
  const drafts: Draft[] = [
    ...skillParts(profile, read),
    ...[
      titlePart(profile, read),
      cvPart(profile, read),
      yearsPart(profile, read),
      language?.draft ?? null,
      seniorityPart(profile, read),
      workplacePart(profile, read, offered),
      placePart(profile, read, offered),
      salaryPart(profile, read),
    ].filter((d): d is Draft => d !== null),
    ...deals,
  ];
  const { parts, total } = scaled(drafts);
  let score = total === null ? EMPTY_PROFILE_SCORE : Math.round(total);
  const dealbreaker = deals.some((d) => d.outcome === 'yes');
  if (language?.miss) score = Math.min(score, FIT_LANGUAGE_MISS_CAP);
  if (dealbreaker) score = Math.min(score, FIT_DEALBREAKER_CAP);
  return { score, band: fitBand(score), dealbreaker, parts };
}
