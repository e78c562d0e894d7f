import { z } from 'zod';
import {
  RULE_ACTIONS,
  RULE_COLORS,
  RULE_FIELDS,
  RULE_FIT_OPS,
  RULE_MATCHES,
  type RuleFit,
} from '../../contract';

// A stored rule as the `rules` table holds it: its conditions and exceptions as JSON text, read
// back here. Compiling it for matching is the runner's (src/runner/apply-rules.ts).

const conditionsSchema = z.array(z.object({ field: z.enum(RULE_FIELDS), value: z.string() }));

export const ruleRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  conditions: z.string(),
  match: z.enum(RULE_MATCHES),
  exceptions: z.string(),
  action: z.enum(RULE_ACTIONS),
  color: z.enum(RULE_COLORS).nullable(),
  enabled: z.number(),
  position: z.number(),
  created_at: z.number(),
  updated_at: z.number(),
  deleted_at: z.number().nullable(),
  fit_op: z.enum(RULE_FIT_OPS).nullable(),
  fit_value: z.number().nullable(),
});
export type RuleRow = z.infer<typeof ruleRowSchema>;

/** A rule's stored conditions (or exceptions), parsed from their JSON. */
export function parseRuleConditions(text: string): z.infer<typeof conditionsSchema> {
  try {
    return conditionsSchema.parse(JSON.parse(text));
  } catch {
    return []; // a damaged row matches nothing rather than stopping the batch
  }
}

/** A stored rule's fit condition, or null (both columns are set together). */
export function ruleFitOf(row: Pick<RuleRow, 'fit_op' | 'fit_value'>): RuleFit | null {
  if (row.fit_op === null || row.fit_value === null) return null;
  return row.fit_op === 'below' ? { below: row.fit_value } : { at_least: row.fit_value };
}

/** The columns a fit condition is stored in. */
export function fitColumns(fit: RuleFit | null): {
  fit_op: RuleRow['fit_op'];
  fit_value: number | null;
} {
  if (fit === null) return { fit_op: null, fit_value: null };
  return 'below' in fit
    ? { fit_op: 'below', fit_value: fit.below }
    : { fit_op: 'at_least', fit_value: fit.at_least };
}

/** A stored rule's definition, its conditions parsed: what compiling it and editing it start from. */
export function ruleDefinition(row: RuleRow) {
  return {
    name: row.name,
    conditions: parseRuleConditions(row.conditions),
    match: row.match,
    exceptions: parseRuleConditions(row.exceptions),
    action: row.action,
    color: row.color,
    fit: ruleFitOf(row),
  };
}
