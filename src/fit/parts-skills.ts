import type { FitEvidence } from '../contract/fit';
import type { CompiledProfile } from './compile-profile';
import { saidNotRequired } from './cues';
import { listed, type Draft } from './draft';
import { fieldEvidence, sentencesEvidence, type WordRange } from './evidence';
import type { ReadJob } from './read-job';
import { NEAR_SHARE, FIT_WEIGHTS, UNKNOWN_SHARE } from './weights';

// The parts about words: must-have and plus skills in the title and description, the title naming
// one, dealbreakers anywhere, and how much of what the job names the CV names too.

/** Sentences of the description shown as a part's evidence. */
const SENTENCES_SHOWN = 2;

function evidenceOf(job: ReadJob, target: number): FitEvidence[] {
  const evidence: FitEvidence[] = [];
  const inTitle = job.inTitle.get(target);
  if (inTitle) evidence.push(fieldEvidence('title', job.title, inTitle));
  const inDescription = job.inDescription.get(target);
  if (inDescription && job.description)
    evidence.push(
      ...sentencesEvidence('description', job.description, inDescription, SENTENCES_SHOWN),
    );
  return evidence;
}

function skillDraft(
  job: ReadJob,
  kind: 'must_skill' | 'plus_skill',
  term: string,
  target: number,
  base: number,
): Draft {
  const found = job.inTitle.has(target) || job.inDescription.has(target);
  const label = `${kind === 'must_skill' ? 'Must-have' : 'Plus'}: ${term}`;
  if (found)
    return { kind, label, base, share: 1, outcome: 'yes', evidence: evidenceOf(job, target) };
  // A card says too little to tell a skill is missing: the details may name it.
  if (!job.description)
    return { kind, label, base, share: UNKNOWN_SHARE, outcome: 'unknown', evidence: [] };
  return { kind, label, base, share: 0, outcome: 'no', evidence: [] };
}

/** One part per must-have and per plus skill, each an equal share of its kind's weight. */
export function skillParts(profile: CompiledProfile, job: ReadJob): Draft[] {
  const must = profile.must.map((term, i) =>
    skillDraft(job, 'must_skill', term, i, FIT_WEIGHTS.must_skill / profile.must.length),
  );
  const plus = profile.plus.map((term, i) =>
    skillDraft(
      job,
      'plus_skill',
      term,
      profile.plusAt + i,
      FIT_WEIGHTS.plus_skill / profile.plus.length,
    ),
  );
  return [...must, ...plus];
}

/** The title names a must-have (the whole weight) or a plus skill (half of it). */
export function titlePart(profile: CompiledProfile, job: ReadJob): Draft | null {
  if (profile.must.length + profile.plus.length === 0) return null;
  const base = FIT_WEIGHTS.title;
  const inTitle = (from: number, count: number): number[] =>
    Array.from({ length: count }, (_, i) => from + i).filter((t) => job.inTitle.has(t));
  const must = inTitle(0, profile.must.length);
  const plus = inTitle(profile.plusAt, profile.plus.length);
  const names = (targets: number[]): string[] =>
    targets.map(
      (t) => (t < profile.plusAt ? profile.must[t] : profile.plus[t - profile.plusAt]) ?? '',
    );
  const ranges = [...must, ...plus].flatMap((t) => job.inTitle.get(t) ?? []);
  const evidence = ranges.length ? [fieldEvidence('title', job.title, ranges)] : [];
  if (must.length)
    return {
      kind: 'title',
      label: `The title names ${listed(names(must))}`,
      base,
      share: 1,
      outcome: 'yes',
      evidence,
    };
  if (plus.length)
    return {
      kind: 'title',
      label: `The title names ${listed(names(plus))} (a plus)`,
      base,
      share: NEAR_SHARE,
      outcome: 'yes',
      evidence,
    };
  return {
    kind: 'title',
    label: 'The title names none of your skills',
    base,
    share: 0,
    outcome: 'no',
    evidence: [],
  };
}

/**
 * A part per dealbreaker (weight 0): `yes` when the title, the company or the description names it
 * as asked for. "No security clearance required" and "German is a plus" do not count; the sentence
 * is shown all the same, so the operator sees why.
 */
export function dealbreakerParts(profile: CompiledProfile, job: ReadJob): Draft[] {
  return profile.dealbreakers.map((term, i): Draft => {
    const target = profile.dealAt + i;
    const label = `Dealbreaker: ${term}`;
    const inTitle = job.inTitle.get(target);
    if (inTitle)
      return {
        kind: 'dealbreaker',
        label,
        base: 0,
        share: 0,
        outcome: 'yes',
        evidence: [fieldEvidence('title', job.title, inTitle)],
      };
    const inCompany = job.inCompany.get(target);
    if (inCompany && job.company)
      return {
        kind: 'dealbreaker',
        label,
        base: 0,
        share: 0,
        outcome: 'yes',
        evidence: [fieldEvidence('company', job.company, inCompany)],
      };
    const described = job.description;
    const all = job.inDescription.get(target) ?? [];
    if (!described)
      return { kind: 'dealbreaker', label, base: 0, share: 0, outcome: 'unknown', evidence: [] };
    const asked = all.filter(([first, last]) => !saidNotRequired(described, first, last));
    const shown = asked.length ? asked : all;
    const evidence = sentencesEvidence('description', described, shown, SENTENCES_SHOWN);
    if (asked.length)
      return { kind: 'dealbreaker', label, base: 0, share: 0, outcome: 'yes', evidence };
    const said = all.length ? `${label} (said not needed or only a plus)` : label;
    return { kind: 'dealbreaker', label: said, base: 0, share: 0, outcome: 'no', evidence };
  });
}

/** How many of the listed skills the job names the CV names too. */
export function cvPart(profile: CompiledProfile, job: ReadJob): Draft | null {
  const cv = profile.cvSkills;
  if (!cv) return null;
  const base = FIT_WEIGHTS.cv;
  if (!job.description)
    return {
      kind: 'cv',
      label: 'Your CV against the job: not known from the card',
      base,
      share: UNKNOWN_SHARE,
      outcome: 'unknown',
      evidence: [],
    };
  const named = new Map<number, WordRange[]>();
  for (const [target, ranges] of job.inDescription)
    if (target >= profile.skillsAt) named.set(target - profile.skillsAt, [...ranges]);
  for (const [target] of job.inTitle)
    if (target >= profile.skillsAt && !named.has(target - profile.skillsAt))
      named.set(target - profile.skillsAt, []);
  if (named.size === 0)
    return {
      kind: 'cv',
      label: 'The job names none of the listed skills',
      base,
      share: UNKNOWN_SHARE,
      outcome: 'unknown',
      evidence: [],
    };
  const covered = [...named.keys()].filter((group) => cv.has(group));
  const share = covered.length / named.size;
  const nameOf = (group: number): string => profile.skills.groups[group]?.[0] ?? '';
  const missing = [...named.keys()]
    .filter((group) => !cv.has(group))
    .slice(0, 3)
    .map(nameOf);
  const label =
    `Your CV names ${covered.length} of the ${named.size} skills the job names` +
    (missing.length ? ` (not ${listed(missing, 'or')})` : '');
  const ranges = covered.flatMap((group) => (named.get(group) ?? []).slice(0, 1)).slice(0, 6);
  const evidence = sentencesEvidence('description', job.description, ranges, SENTENCES_SHOWN);
  return { kind: 'cv', label, base, share, outcome: share >= 0.5 ? 'yes' : 'no', evidence };
}
