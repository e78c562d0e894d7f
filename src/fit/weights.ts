import type { FitPartKind } from '../contract/fit';

/**
 * Each part's weight before the parts that apply are scaled to 100 (decision 061): a part the
 * profile does not ask about (no places, no salary floor) is left out, and the others share its
 * points. Skills weigh most; a must-have's weight is split among the must-haves, a plus skill's
 * among the plus skills. A dealbreaker gives no points: it caps the score.
 */
export const FIT_WEIGHTS: Readonly<Record<FitPartKind, number>> = {
  must_skill: 36,
  plus_skill: 10,
  title: 8,
  cv: 8,
  years: 8,
  language: 12,
  seniority: 5,
  workplace: 5,
  place: 4,
  salary: 4,
  dealbreaker: 0,
};

/** What a part gives when the job does not say (no salary shown, a card without details). */
export const UNKNOWN_SHARE = 0.5;
/** What a near miss gives: a year short, a level next to the one wanted, pay within 10 % of the floor. */
export const NEAR_SHARE = 0.5;
/** The score of a job against a profile that asks about nothing. */
export const EMPTY_PROFILE_SCORE = 50;
/** Pay at or above this share of the floor is a near miss, not a miss. */
export const NEAR_SALARY = 0.9;

/**
 * The scorer's own version: raise it with any change to what a score of the same job and profile
 * comes out as (these weights, a reader, the built-in aliases, the caps). Stored scores carry
 * their profile's version only; a database whose scores a scorer of another version made moves
 * every profile's version once, and the background rescoring scores every job again
 * (docs/decisions/063).
 */
export const FIT_SCORER_VERSION = 1;
