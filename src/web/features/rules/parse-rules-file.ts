import {
  RULES_EXPORT_VERSION,
  RULES_IMPORT_MAX_BYTES,
  ruleImportBodySchema,
  type RuleImportBody,
} from '../../../contract/rules';

/** Most problems listed for a file: the first few say enough to fix it. */
const MAX_PROBLEMS = 5;
/**
 * The largest file a rule set can be, as the server's import takes it: any file export saved
 * is read, a larger one is something else.
 */
export const RULES_FILE_MAX_BYTES = RULES_IMPORT_MAX_BYTES;

export type ParsedRulesFile = { ok: true; set: RuleImportBody } | { ok: false; problems: string[] };

/** Where in the file a problem is, in the operator's words: "Rule 2 (“No sales”), condition 1". */
function placeOf(path: readonly PropertyKey[], value: unknown): string {
  const [top, index, part, partIndex] = path;
  if (top !== 'rules' || typeof index !== 'number') return '';
  const rules: unknown =
    typeof value === 'object' && value !== null && 'rules' in value ? value.rules : null;
  const rule: unknown = Array.isArray(rules) ? rules[index] : null;
  const name =
    typeof rule === 'object' && rule !== null && 'name' in rule && typeof rule.name === 'string'
      ? ` (“${rule.name}”)`
      : '';
  let place = `Rule ${index + 1}${name}`;
  if ((part === 'conditions' || part === 'exceptions') && typeof partIndex === 'number') {
    place += `, ${part === 'conditions' ? 'condition' : 'exception'} ${partIndex + 1}`;
  }
  return `${place}: `;
}

/**
 * Reads an uploaded rule set before anything is sent: not JSON, another file's shape, an unknown
 * version or a rule the server would refuse are each named, with where in the file.
 */
export function parseRulesFile(text: string): ParsedRulesFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {
      ok: false,
      problems: ['This file is not JSON: choose a rule set exported from jobscout (.json).'],
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('rules' in value)) {
    return {
      ok: false,
      problems: [
        `This JSON file is not a jobscout rule set: one holds {"version": ${RULES_EXPORT_VERSION}, "rules": [...]}.`,
      ],
    };
  }
  const parsed = ruleImportBodySchema.safeParse(value);
  if (parsed.success) return { ok: true, set: parsed.data };
  const problems = parsed.error.issues.map(
    (issue) => `${placeOf(issue.path, value)}${issue.message}`,
  );
  const unique = [...new Set(problems)];
  const shown = unique.slice(0, MAX_PROBLEMS);
  if (unique.length > shown.length) shown.push(`…and ${unique.length - shown.length} more`);
  return { ok: false, problems: shown };
}
