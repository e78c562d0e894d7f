import { findPhrases } from './phrases';
import { skillList, type FitAliases } from './skill-list';
import { tokenize } from './tokens';

// "Make a profile from a pasted CV" (issue 40): the listed skills a CV names, most named first,
// and a first split into must-have and plus skills the operator then edits.

export interface FitSkillFound {
  /** The skill's name: its alias group's first entry ("Kubernetes" for "k8s"). */
  name: string;
  /** How often the text names it, by any of its spellings. */
  count: number;
  /** Where it is first named (a character offset): ties keep the text's order. */
  first: number;
}

/** The listed skills a text names, the most named first. */
export function skillsFromText(text: string, aliases: FitAliases): FitSkillFound[] {
  const list = skillList(aliases);
  const tokens = tokenize(text);
  const found = new Map<number, FitSkillFound>();
  // Where each group's last hit ended: "Kafka Streams" is one naming of Kafka, not two.
  const lastEnd = new Map<number, number>();
  findPhrases(tokens, list.phrases, (group, first, last) => {
    const end = lastEnd.get(group) ?? -1;
    lastEnd.set(group, Math.max(end, last));
    if (first <= end) return;
    const known = found.get(group);
    if (known) known.count += 1;
    else
      found.set(group, {
        name: list.groups[group]?.[0] ?? '',
        count: 1,
        first: tokens.starts[first] ?? 0,
      });
  });
  return [...found.values()].sort((a, b) => b.count - a.count || a.first - b.first);
}

/** Must-haves proposed from a CV: the most named, named at least twice. */
export const CV_MUST_MAX = 4;
/** Plus skills proposed: the rest, up to this many. */
export const CV_PLUS_MAX = 16;

/**
 * A first profile from a CV: its most named skills (at least twice, up to CV_MUST_MAX) as
 * must-haves, the next ones as plus skills. A proposal for the profile screen, never saved unasked.
 */
export function proposeSkills(
  text: string,
  aliases: FitAliases,
): { must_skills: string[]; plus_skills: string[] } {
  const found = skillsFromText(text, aliases);
  const must = found.filter((s) => s.count >= 2).slice(0, CV_MUST_MAX);
  const plus = found.filter((s) => !must.includes(s)).slice(0, CV_PLUS_MAX);
  return { must_skills: must.map((s) => s.name), plus_skills: plus.map((s) => s.name) };
}
