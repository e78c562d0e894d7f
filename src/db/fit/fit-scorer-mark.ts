import type { ConnectionLike } from '../connection';
import { prepareFitScorerSetting, type FitScorerSetting } from '../settings';
import { FitProfiles } from './fit-profiles';

// Which scorer the stored scores were made by (issue 40, docs/decisions/063). A score carries its
// profile's version, not the scorer's: when a new release scores differently (src/fit's
// FIT_SCORER_VERSION), every profile's version moves once, which moves fit_state's generation
// (migration 0023's trigger), and the background rescoring scores every job again. A database
// without the mark had its scores made by the first scorer.

const FIRST_SCORER = 1;

export class FitScorerMark {
  private readonly setting: FitScorerSetting;
  private readonly profiles: FitProfiles;

  constructor(connection: ConnectionLike) {
    this.setting = prepareFitScorerSetting(connection);
    this.profiles = new FitProfiles(connection);
  }

  /** The scorer's version the stored scores were made by. */
  stored(): number {
    const text = this.setting.read();
    const version = text === undefined ? FIRST_SCORER : Number(text);
    // A hand-edited value that is no version: not this scorer's, so everything is scored again.
    return Number.isSafeInteger(version) ? version : Number.NaN;
  }

  /**
   * Makes the stored scores out of date when a scorer of another version than `version` made
   * them, and marks them as this one's; part of a write. Answers whether it did.
   */
  follow(version: number, now: number): boolean {
    if (this.stored() === version) return false;
    this.profiles.bumpAll(now);
    this.setting.write(version);
    return true;
  }
}
