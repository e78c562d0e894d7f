import type { JobWorkplace } from '../contract/workplace';
import { saidNotRequired } from './cues';
import type { WordRange } from './evidence';
import { buildPhraseIndexes, findPhrases, type PhraseSource } from './phrases';
import type { Tokens } from './tokens';

// Where a description says the work is done, when the job's own data does not: "fully remote",
// "hybrid (two days in the office)", "100% Homeoffice möglich", "vor Ort in Berlin". Not "no
// remote work", and not "hybrid cloud".

const WORDS: Readonly<Record<JobWorkplace, readonly string[]>> = {
  remote: [
    'fully remote',
    '100% remote',
    'is remote',
    'ist remote',
    'remote first',
    'remote-first',
    'remote position',
    'remote role',
    'remote job',
    'remote work',
    'remote working',
    'work remotely',
    'working remotely',
    'work from home',
    'work from anywhere',
    'remote possible',
    'remote option',
    'komplett remote',
    'vollständig remote',
    'remote möglich',
    '100% homeoffice',
    'remote arbeiten',
    'mobiles arbeiten',
  ],
  hybrid: ['hybrid', 'hybride', 'hybrides', 'hybriden', 'days in the office', 'tage im büro'],
  'on-site': [
    'on-site',
    'onsite',
    'on site',
    'in the office',
    'office-based',
    'office based',
    'in person',
    'vor ort',
    'in präsenz',
    'im büro',
  ],
};
const KINDS = Object.keys(WORDS) as JobWorkplace[];

/** The phrases of each way of working; a hit's target is its index in JOB_WORKPLACES. */
export const WORKPLACE_PHRASES = buildPhraseIndexes(
  KINDS.flatMap((kind, target): PhraseSource[] => WORDS[kind].map((text) => ({ text, target }))),
);

/** Words after "hybrid" that make it something else than a way of working. */
const NOT_WORK = new Set([
  'cloud',
  'clouds',
  'app',
  'apps',
  'vehicle',
  'vehicles',
  'car',
  'cars',
  'engine',
  'mobile',
  'infrastructure',
]);

export interface WorkplaceRead {
  /** Every way of working the text offers (hybrid jobs name office days too). */
  offered: JobWorkplace[];
  /** The first sentence saying each, by workplace. */
  ranges: Partial<Record<JobWorkplace, WordRange>>;
}

/** The ways of working a description offers, or null when it names none. */
export function readWorkplace(tokens: Tokens): WorkplaceRead | null {
  const hits: Array<[number, WordRange]> = [];
  findPhrases(tokens, WORKPLACE_PHRASES, (target, first, last) =>
    hits.push([target, [first, last]]),
  );
  return workplaceFromHits(tokens, hits);
}

/**
 * The ways of working a description offers, from WORKPLACE_PHRASES' hits in it (found with a
 * profile's phrases, in the same pass over the words).
 */
export function workplaceFromHits(
  tokens: Tokens,
  hits: Iterable<readonly [target: number, range: WordRange]>,
): WorkplaceRead | null {
  const ranges: Partial<Record<JobWorkplace, WordRange>> = {};
  for (const [target, [first, last]] of hits) {
    const kind = KINDS[target];
    if (!kind || ranges[kind]) continue;
    if (kind === 'hybrid' && NOT_WORK.has(tokens.folded[last + 1] ?? '')) continue;
    if (saidNotRequired(tokens, first, last)) continue;
    ranges[kind] = [first, last];
  }
  const offered = KINDS.filter((kind) => ranges[kind]);
  // Office days are part of a hybrid job, not an on-site one.
  if (offered.includes('hybrid') && offered.includes('on-site'))
    offered.splice(offered.indexOf('on-site'), 1);
  return offered.length ? { offered, ranges } : null;
}
