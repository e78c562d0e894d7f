import { z } from 'zod';
import type { ConnectionLike } from '../db/connection';
import { FitProfiles, type ScoringProfile } from '../db/fit/fit-profiles';
import { FitState } from '../db/fit/fit-state';
import { JobFitRows, type StoredFit } from '../db/fit/job-fit-rows';
import { JobFitColumns, type JobFitText } from '../db/jobs/job-fit-columns';
import { prepareFitAliasesSetting, type FitAliasesSetting } from '../db/settings';
import {
  BUILT_IN_ALIASES,
  compileProfile,
  scoreJob,
  type CompiledProfile,
  type FitAliases,
  type FitJobInput,
} from '../fit';

// A job's stored scores brought up to date (issue 40, docs/decisions/063): scored against each
// profile that scores it (those of the saved queries that found it, the default for a query
// naming none) where its score is missing, was made against an older version of the profile, or
// was made from the card while the details are read now; the scores of profiles that no longer
// score it dropped; its best written on its row. The runner calls it as it stores cards (source
// card) and details (source details), inside the same write; the server's background rescoring
// calls it a chunk of jobs at a time after a change. Profiles are compiled once per version.

const storedAliasesSchema = z.array(z.array(z.string()));

/** The alias list stored in the settings (JSON groups), or the built-in one when none is. */
export function aliasesFromSetting(json: string | undefined): {
  groups: FitAliases;
  builtIn: boolean;
} {
  if (json === undefined) return { groups: BUILT_IN_ALIASES, builtIn: true };
  try {
    return { groups: storedAliasesSchema.parse(JSON.parse(json)), builtIn: false };
  } catch {
    // A hand-edited value that does not parse must not stop the scoring.
    return { groups: BUILT_IN_ALIASES, builtIn: true };
  }
}

/** What a sync did: jobs it checked, and scores it computed. */
export interface FitSyncResult {
  checked: number;
  scored: number;
}

interface LoadedProfiles {
  generation: number;
  byId: Map<number, ScoringProfile>;
  defaultId: number | null;
}

/** The profiles a job's scores must come from, and the versions they must carry. */
function wanted(profiles: LoadedProfiles, linked: readonly number[] | undefined): ScoringProfile[] {
  const ids = linked && linked.length > 0 ? linked : [profiles.defaultId ?? -1];
  return ids.flatMap((id) => {
    const profile = profiles.byId.get(id);
    return profile ? [profile] : [];
  });
}

function isCurrent(fit: StoredFit | undefined, profile: ScoringProfile, described: boolean) {
  return (
    fit !== undefined && fit.version === profile.version && (fit.source === 'details' || !described)
  );
}

function inputOf(job: JobFitText): FitJobInput {
  return {
    title: job.title,
    company: job.company === '' ? null : job.company,
    location: job.location === '' ? null : job.location,
    workplace: job.workplace,
    salary: job.salary,
    seniority: job.seniority,
    employmentType: job.employmentType,
    description: job.described ? job.description : null,
  };
}

export class FitSync {
  private readonly state: FitState;
  private readonly profiles: FitProfiles;
  private readonly rows: JobFitRows;
  private readonly jobs: JobFitColumns;
  private readonly aliasesSetting: FitAliasesSetting;
  private loaded: LoadedProfiles | null = null;
  private aliasesJson: string | undefined | null = null;
  private aliases: FitAliases = BUILT_IN_ALIASES;
  /** Compiled profiles by id and version, against `aliases`. */
  private readonly compiled = new Map<string, CompiledProfile>();

  constructor(connection: ConnectionLike) {
    this.state = new FitState(connection);
    this.profiles = new FitProfiles(connection);
    this.rows = new JobFitRows(connection);
    this.jobs = new JobFitColumns(connection);
    this.aliasesSetting = prepareFitAliasesSetting(connection);
  }

  /**
   * Brings the scores of the stored jobs among `ids` up to date; part of a write (the caller's
   * store, or the rescoring's chunk).
   */
  sync(ids: readonly string[], now: number): FitSyncResult {
    const unique = [...new Set(ids)];
    const profiles = this.current();
    if (profiles.byId.size === 0) return this.clear(unique);
    const jobs = this.jobs.columns(unique);
    const linked = this.rows.profilesOf(
      jobs.map((j) => j.id),
      profiles.defaultId ?? -1,
    );
    const stored = this.rows.storedOf(jobs.map((j) => j.id));
    const toScore = new Map<string, ScoringProfile[]>();
    for (const job of jobs) {
      const want = wanted(profiles, linked.get(job.id));
      const have = stored.get(job.id) ?? [];
      const stale = want.filter(
        (p) =>
          !isCurrent(
            have.find((f) => f.profileId === p.id),
            p,
            job.described,
          ),
      );
      if (stale.length > 0) toScore.set(job.id, stale);
    }
    const texts = this.jobs.texts([...toScore.keys()]);
    let scored = 0;
    for (const job of jobs) {
      const have = new Map((stored.get(job.id) ?? []).map((f) => [f.profileId, f.score]));
      const want = new Set(wanted(profiles, linked.get(job.id)).map((p) => p.id));
      const text = texts.get(job.id);
      if (text) {
        // One input for every profile: the scorer cuts its words once (src/fit/read-job.ts).
        const input = inputOf(text);
        for (const profile of toScore.get(job.id) ?? []) {
          have.set(profile.id, this.score(profile, text, input, now));
          scored += 1;
        }
      }
      for (const profileId of have.keys()) {
        if (want.has(profileId)) continue;
        this.rows.drop(job.id, profileId);
        have.delete(profileId);
      }
      this.writeBest(job, have);
    }
    return { checked: jobs.length, scored };
  }

  /** The profiles as of the generation now, read again only when it moved. */
  private current(): LoadedProfiles {
    const generation = this.state.generation();
    if (this.loaded?.generation === generation) return this.loaded;
    const aliasesJson = this.aliasesSetting.read();
    if (aliasesJson !== this.aliasesJson) {
      this.aliasesJson = aliasesJson;
      this.aliases = aliasesFromSetting(aliasesJson).groups;
      this.compiled.clear();
    }
    const list = this.profiles.forScoring();
    this.loaded = {
      generation,
      byId: new Map(list.map((p) => [p.id, p])),
      defaultId: list.find((p) => p.isDefault)?.id ?? null,
    };
    return this.loaded;
  }

  private compile(profile: ScoringProfile): CompiledProfile {
    const key = `${profile.id}:${profile.version}`;
    let compiled = this.compiled.get(key);
    if (!compiled) {
      // Old versions are never asked for again: the cache holds at most the profiles of now.
      if (this.compiled.size >= 100) this.compiled.clear();
      compiled = compileProfile(profile.body, this.aliases);
      this.compiled.set(key, compiled);
    }
    return compiled;
  }

  private score(profile: ScoringProfile, job: JobFitText, input: FitJobInput, now: number): number {
    const fit = scoreJob(this.compile(profile), input);
    this.rows.save({
      jobId: job.id,
      profileId: profile.id,
      version: profile.version,
      score: fit.score,
      dealbreaker: fit.dealbreaker,
      source: job.described ? 'details' : 'card',
      parts: JSON.stringify(fit.parts),
      scoredAt: now,
    });
    return fit.score;
  }

  /** The best of the job's scores on its row (the lower profile id among equals). */
  private writeBest(
    job: { id: string; fitScore: number | null; fitProfileId: number | null },
    scores: ReadonlyMap<number, number>,
  ): void {
    let best: { score: number; profileId: number } | null = null;
    for (const [profileId, score] of scores) {
      if (!best || score > best.score || (score === best.score && profileId < best.profileId))
        best = { score, profileId };
    }
    const score = best?.score ?? null;
    const profileId = best?.profileId ?? null;
    if (score !== job.fitScore || profileId !== job.fitProfileId)
      this.jobs.setBest(job.id, score, profileId);
  }

  /** No profile left: the jobs' scores go. */
  private clear(ids: readonly string[]): FitSyncResult {
    const jobs = this.jobs.columns(ids);
    this.rows.dropJobs(jobs.map((j) => j.id));
    for (const job of jobs) if (job.fitScore !== null) this.jobs.setBest(job.id, null, null);
    return { checked: jobs.length, scored: 0 };
  }
}
