import {
  JSON_LONGEST_CHARACTER,
  RULE_ACTIONS,
  RULE_COLORS,
  RULE_FIELDS,
  RULE_MAX_CONDITIONS,
  RULE_MAX_EXCEPTIONS,
  RULE_NAME_MAX,
  RULE_VALUE_MAX,
  RULES_EXPORT_VERSION,
  RULES_MAX,
  type RuleSetExport,
} from './rules';

/**
 * Control characters JSON escapes as \uXXXX (6 bytes each) that no trim or spacing rule touches:
 * U+0001-U+0007 and U+000E-U+001F (U+0008-U+000D have short escapes or are spacing).
 */
const ESCAPED = [
  ...Array.from({ length: 7 }, (_, i) => String.fromCharCode(0x01 + i)),
  ...Array.from({ length: 18 }, (_, i) => String.fromCharCode(0x0e + i)),
];

/** Two escaped characters that tell rule `i` apart: 25 × 25 names, more than RULES_MAX. */
const tag = (i: number) =>
  `${ESCAPED[Math.floor(i / ESCAPED.length) % ESCAPED.length] ?? ''}${ESCAPED[i % ESCAPED.length] ?? ''}`;

/**
 * The largest valid rule set there is, as export writes it: RULES_MAX rules, each with every
 * condition and exception it may have, names and values at their longest and written in
 * characters JSON escapes (a value keeps the one letter a condition needs), every field, action,
 * colour and match used.
 */
export function ruleSetAtTheLimits(): RuleSetExport {
  const value = (i: number) =>
    `${'abcdefghijklmnopqrstuvwxyz'.charAt(i % 26)}${JSON_LONGEST_CHARACTER.repeat(RULE_VALUE_MAX - 1)}`;
  const conditions = (count: number) =>
    Array.from({ length: count }, (_, i) => ({
      field: RULE_FIELDS[i % RULE_FIELDS.length] ?? 'description',
      value: value(i),
    }));
  return {
    version: RULES_EXPORT_VERSION,
    rules: Array.from({ length: RULES_MAX }, (_, i) => {
      const action = RULE_ACTIONS[i % RULE_ACTIONS.length] ?? 'hide';
      return {
        name: `${tag(i)}${JSON_LONGEST_CHARACTER.repeat(RULE_NAME_MAX - 2)}`,
        conditions: conditions(RULE_MAX_CONDITIONS),
        match: i % 2 === 0 ? 'all' : 'any',
        exceptions: conditions(RULE_MAX_EXCEPTIONS),
        action,
        color: action === 'flag' ? (RULE_COLORS[i % RULE_COLORS.length] ?? 'neutral') : null,
        enabled: i % 4 !== 0,
      };
    }),
  };
}
