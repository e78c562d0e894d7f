import {
  ruleFitParts,
  type Rule,
  type RuleAction,
  type RuleColor,
  type RuleCondition,
  type RuleField,
  type RuleFit,
  type RuleFitOp,
} from '../../../contract/rules';

export const ACTION_LABELS: Record<RuleAction, string> = {
  hide: 'Hide',
  flag: 'Flag',
  mute: 'Mute',
};

export const ACTION_HINTS: Record<RuleAction, string> = {
  hide: 'The job is hidden, with this rule named as the reason.',
  flag: 'The job gets a coloured label with this rule’s name; the list can filter by it.',
  mute: 'The job stays in the list but is left out of notifications.',
};

export const FIELD_LABELS: Record<RuleField, string> = {
  title: 'Title',
  company: 'Company',
  location: 'Location',
  description: 'Description',
};

export const COLOR_LABELS: Record<RuleColor, string> = {
  blue: 'Blue',
  green: 'Green',
  amber: 'Amber',
  red: 'Red',
  violet: 'Violet',
  neutral: 'Grey',
};

function conditionText(c: Pick<RuleCondition, 'field' | 'value'>): string {
  return `${FIELD_LABELS[c.field].toLowerCase()}: ${c.value}`;
}

/** The fit condition's choices in the editor, as the select names them. */
export const FIT_OP_LABELS: Record<RuleFitOp, string> = {
  below: 'Fit below',
  at_least: 'Fit at least',
};

/** "fit below 40", "fit 80 or more": a fit condition in words (issue 40). */
export function fitText(fit: RuleFit): string {
  const { op, value } = ruleFitParts(fit);
  return op === 'below' ? `fit below ${value}` : `fit ${value} or more`;
}

/**
 * "title: senior or title: lead · fit 80 or more · unless title: working student", for the list.
 * The fit condition holds beside the words (both must).
 */
export function describeRule(
  rule: Pick<Rule, 'conditions' | 'match' | 'exceptions'> & { fit?: RuleFit | null },
): string {
  const joiner = rule.match === 'all' ? ' and ' : ' or ';
  const words = rule.conditions.map(conditionText).join(joiner);
  const fit = rule.fit ? fitText(rule.fit) : '';
  const when = words !== '' && fit !== '' ? `${words} · and ${fit}` : words || fit;
  if (rule.exceptions.length === 0) return when;
  return `${when} · unless ${rule.exceptions.map(conditionText).join(' or ')}`;
}

/** "42 stored jobs", "1 stored job". */
export function storedJobs(n: number): string {
  return `${n.toLocaleString()} stored ${n === 1 ? 'job' : 'jobs'}`;
}

export function jobsCount(n: number): string {
  return `${n.toLocaleString()} ${n === 1 ? 'job' : 'jobs'}`;
}
