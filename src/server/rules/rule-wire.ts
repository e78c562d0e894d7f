import type { Rule } from '../../contract';
import type { RuleRow } from '../../db/rules/rule-rows';
import { compileRuleRow } from '../../runner/apply-rules';

/** A stored rule as the API answers it, with what its compiled form says (card_only). */
export function toWire(row: RuleRow): Rule {
  const compiled = compileRuleRow(row);
  return {
    id: row.id,
    name: row.name,
    conditions: [...compiled.conditions],
    match: row.match,
    exceptions: [...compiled.exceptions],
    action: row.action,
    color: row.color,
    fit: compiled.fit ?? null,
    enabled: row.enabled === 1,
    position: row.position,
    card_only: compiled.cardOnly,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
