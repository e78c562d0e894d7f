import { buildPhraseIndexes, stemsOf, type PhraseIndexes, type PhraseSource } from './phrases';

/** Alias groups: each one skill, its first entry the name shown (BUILT_IN_ALIASES, or the operator's copy). */
export type FitAliases = ReadonlyArray<readonly string[]>;

/** An alias list made ready to find its skills in a text, and to widen a term to its aliases. */
export interface SkillList {
  readonly groups: FitAliases;
  /** Each group's phrases; a hit's target is the group's index. */
  readonly phrases: PhraseIndexes;
  /** The groups a spelling (by its English stems) belongs to. */
  readonly groupsOf: ReadonlyMap<string, readonly number[]>;
}

/** The key two spellings share when they are the same words: "Databases" and "database". */
export function spellingKey(text: string): string {
  return stemsOf(text, 'en').join(' ');
}

// Compiled once per list: every profile compiled against the same list shares it.
const compiled = new WeakMap<FitAliases, SkillList>();

export function skillList(groups: FitAliases): SkillList {
  const known = compiled.get(groups);
  if (known) return known;
  const sources: PhraseSource[] = [];
  const groupsOf = new Map<string, number[]>();
  groups.forEach((group, target) => {
    for (const spelling of group) {
      sources.push({ text: spelling, target });
      const key = spellingKey(spelling);
      if (key === '') continue;
      const list = groupsOf.get(key);
      if (!list) groupsOf.set(key, [target]);
      else if (!list.includes(target)) list.push(target);
    }
  });
  const list: SkillList = { groups, phrases: buildPhraseIndexes(sources), groupsOf };
  compiled.set(groups, list);
  return list;
}

/** A term and every alias of the groups it belongs to ("k8s" → k8s, Kubernetes, Kube…). */
export function spellingsOf(term: string, list: SkillList): string[] {
  const spellings = new Set([term]);
  for (const group of list.groupsOf.get(spellingKey(term)) ?? [])
    for (const spelling of list.groups[group] ?? []) spellings.add(spelling);
  return [...spellings];
}
