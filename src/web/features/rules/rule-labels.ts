import type {
  Rule,
  RuleAction,
  RuleColor,
  RuleCondition,
  RuleField,
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

/** "title: senior or title: lead · unless title: working student", for the list. */
export function describeRule(rule: Pick<Rule, 'conditions' | 'match' | 'exceptions'>): string {
  const joiner = rule.match === 'all' ? ' and ' : ' or ';
  const when = rule.conditions.map(conditionText).join(joiner);
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
