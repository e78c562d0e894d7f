import { z } from 'zod/mini';
import { dateTimeSchema } from './common';
import { foldWord } from './text-fold';

// Rules (issue 17, docs/decisions/036): conditions on a job's words that hide, flag or mute it.
// A condition is one word or phrase in one field, matched as the search index cuts and folds
// words (src/contract/text-fold.ts): whole words, case and accents aside, `*` standing for any
// letters or digits inside a word. A rule may also hold a condition on the job's fit (issue 40,
// docs/decisions/066): its best score below a number, or at least one.

export const RULE_FIELDS = ['title', 'company', 'location', 'description'] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
/** The fields a search card shows: a rule reading only these acts before details are fetched. */
export const RULE_CARD_FIELDS: readonly RuleField[] = ['title', 'company', 'location'];
export const RULE_ACTIONS = ['hide', 'flag', 'mute'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];
export const RULE_MATCHES = ['any', 'all'] as const;
export type RuleMatch = (typeof RULE_MATCHES)[number];
/** The flag colours: the theme's tones, so a label reads in both themes. */
export const RULE_COLORS = ['blue', 'green', 'amber', 'red', 'violet', 'neutral'] as const;
export type RuleColor = (typeof RULE_COLORS)[number];
export const RULE_DEFAULT_COLOR: RuleColor = 'blue';

/** A fit condition: the job's fit (its best score, 0–100) below a number, or at least one. */
export const RULE_FIT_OPS = ['below', 'at_least'] as const;
export type RuleFitOp = (typeof RULE_FIT_OPS)[number];
export const RULE_FIT_MIN = 0;
export const RULE_FIT_MAX = 100;

export const RULE_NAME_MAX = 80;
export const RULE_VALUE_MAX = 200;
/** Conditions per rule, and exceptions per rule: a list longer than this is a word list, not a rule. */
export const RULE_MAX_CONDITIONS = 50;
export const RULE_MAX_EXCEPTIONS = 20;
/** Rules in a set (also the most an import may hold). */
export const RULES_MAX = 200;
/** Letters or digits a wildcard needs before it: `en*` is a search, `*` or `e*` is nearly everything. */
export const RULE_WILDCARD_MIN_PREFIX = 2;
/** Titles a preview shows. */
export const RULE_PREVIEW_TITLES = 5;
export const RULES_EXPORT_VERSION = 1;
export const RULES_EXPORT_FILE_NAME = 'jobscout-rules.json';

/** A character JSON writes longest: a control character is escaped as \u0001, 6 bytes for 1. */
export const JSON_LONGEST_CHARACTER = '\u0001';

const longest = <T extends string>(names: readonly [T, ...T[]]): T =>
  names.reduce((a, b) => (b.length > a.length ? b : a));

/**
 * A rule set the size of the largest one: `rules` rules at every limit, each character of a name
 * or value one that JSON escapes, the longest field, action and colour. Not a valid set (names
 * repeat, values hold no word): only its size matters.
 */
function ruleSetAtTheLimits(rules: number) {
  const text = (length: number) => JSON_LONGEST_CHARACTER.repeat(length);
  const condition = { field: longest(RULE_FIELDS), value: text(RULE_VALUE_MAX) };
  const rule = {
    name: text(RULE_NAME_MAX),
    conditions: Array.from({ length: RULE_MAX_CONDITIONS }, () => condition),
    match: longest(RULE_MATCHES),
    exceptions: Array.from({ length: RULE_MAX_EXCEPTIONS }, () => condition),
    action: longest(RULE_ACTIONS),
    color: longest(RULE_COLORS),
    fit: { at_least: RULE_FIT_MAX },
    enabled: false,
  };
  return {
    version: RULES_EXPORT_VERSION,
    rules: Array.from({ length: rules }, () => rule),
  } satisfies RuleSetExport;
}

/** A rule set's file as the dashboard saves it: indented, for reading and editing by hand. */
export const ruleSetFileText = (set: unknown): string => `${JSON.stringify(set, null, 2)}\n`;

const savedRuleSetBytes = (set: unknown): number =>
  new TextEncoder().encode(ruleSetFileText(set)).length;

/**
 * The most bytes a rule set file can hold, derived from the limits: the largest set as the
 * dashboard saves it (the API's compact answer is never longer). The import takes a body up to
 * it and the dashboard a file up to it, so whatever export produces, import takes (issue 30;
 * 18 MB, where 200 rules of plain words at the limits are 2.6 MB). One rule's share is
 * measured on a set of two, so the set of RULES_MAX rules is never built.
 */
export const RULES_IMPORT_MAX_BYTES = ((): number => {
  const one = savedRuleSetBytes(ruleSetAtTheLimits(1));
  return one + (RULES_MAX - 1) * (savedRuleSetBytes(ruleSetAtTheLimits(2)) - one);
})();

/** One word of a condition, folded; `*` in it stands for any letters or digits (none included). */
export type RuleWord = string;

/**
 * The words of a condition's value (a word, or a phrase with or without quotes), folded, or why
 * the value cannot be a condition. The server and the Rules screen both check values with it.
 */
export function parseRuleValue(value: string): { words: RuleWord[] } | { error: string } {
  const text = value.trim().replace(/^"(.*)"$/s, '$1');
  const words = (text.match(/[\p{L}\p{N}*]+/gu) ?? []).map((w) => foldWord(w));
  if (words.length === 0) return { error: 'a condition needs a word or a phrase' };
  for (const word of words) {
    if (!word.includes('*')) continue;
    if (/^\*+$/.test(word)) {
      return {
        error: 'a wildcard alone matches every word: put it inside a word, as in engineer*',
      };
    }
    const before = word.indexOf('*');
    if (before < RULE_WILDCARD_MIN_PREFIX) {
      return {
        error: `a wildcard needs at least ${RULE_WILDCARD_MIN_PREFIX} letters or digits before it, as in eng*: "${word}" has ${before}`,
      };
    }
  }
  return { words: words.map((w) => w.replace(/\*+/g, '*')) };
}

const problemOf = (value: string): string | null => {
  const parsed = parseRuleValue(value);
  return 'error' in parsed ? parsed.error : null;
};

export const ruleFieldSchema = z.enum(RULE_FIELDS, {
  error: `field must be one of ${RULE_FIELDS.join(', ')}`,
});
export const ruleActionSchema = z.enum(RULE_ACTIONS, {
  error: `action must be one of ${RULE_ACTIONS.join(', ')}`,
});
export const ruleMatchSchema = z.enum(RULE_MATCHES, { error: 'match must be any or all' });
export const ruleColorSchema = z.enum(RULE_COLORS, {
  error: `color must be one of ${RULE_COLORS.join(', ')}`,
});

export const ruleConditionSchema = z.strictObject(
  {
    field: ruleFieldSchema,
    value: z.string({ error: 'value must be a word or a phrase' }).check(
      z.trim(),
      z.maxLength(RULE_VALUE_MAX, { error: `value must be at most ${RULE_VALUE_MAX} characters` }),
      z.refine((v) => problemOf(v) === null, {
        error: (issue) =>
          typeof issue.input === 'string'
            ? `"${issue.input}": ${problemOf(issue.input) ?? 'not a condition'}`
            : 'value must be a word or a phrase',
      }),
    ),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `a condition has unknown ${issue.keys.length === 1 ? 'key' : 'keys'} ${issue.keys.join(', ')}; send {field, value}`
        : 'a condition must be {field, value}',
  },
);
export type RuleCondition = z.infer<typeof ruleConditionSchema>;

const FIT_SHAPE = `fit must be {"below": n} or {"at_least": n}, n a whole number from ${RULE_FIT_MIN} to ${RULE_FIT_MAX}`;
const fitNumberSchema = z
  .int({ error: FIT_SHAPE })
  .check(z.gte(RULE_FIT_MIN, { error: FIT_SHAPE }), z.lte(RULE_FIT_MAX, { error: FIT_SHAPE }));
/**
 * `{below: 40}` or `{at_least: 80}`: the job's fit (its best score among its profiles) below the
 * number, or at least it. A job without a fit (no profile) never matches one.
 */
export const ruleFitSchema = z.union(
  [
    z.strictObject({ below: fitNumberSchema }, { error: FIT_SHAPE }),
    z.strictObject({ at_least: fitNumberSchema }, { error: FIT_SHAPE }),
  ],
  { error: FIT_SHAPE },
);
export type RuleFit = z.infer<typeof ruleFitSchema>;

/** The fit condition's operator and number. */
export const ruleFitParts = (fit: RuleFit): { op: RuleFitOp; value: number } =>
  'below' in fit ? { op: 'below', value: fit.below } : { op: 'at_least', value: fit.at_least };

/** Whether a job's fit (null without one) holds the condition. */
export const fitHolds = (fit: RuleFit, score: number | null): boolean =>
  score !== null && ('below' in fit ? score < fit.below : score >= fit.at_least);

const nameSchema = z
  .string({ error: 'name must be a string' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'name must not be empty' }),
    z.maxLength(RULE_NAME_MAX, { error: `name must be at most ${RULE_NAME_MAX} characters` }),
  );

const conditionsSchema = z
  .array(ruleConditionSchema, { error: 'conditions must be a list of {field, value}' })
  .check(
    z.maxLength(RULE_MAX_CONDITIONS, {
      error: `a rule has at most ${RULE_MAX_CONDITIONS} conditions: split it into several rules`,
    }),
  );
const exceptionsSchema = z
  .array(ruleConditionSchema, { error: 'exceptions must be a list of {field, value}' })
  .check(
    z.maxLength(RULE_MAX_EXCEPTIONS, {
      error: `a rule has at most ${RULE_MAX_EXCEPTIONS} exceptions`,
    }),
  );

export const RULE_NEEDS_A_CONDITION = 'a rule needs at least one condition';

/** A rule needs a condition on words, or one on fit (then it may have no other). */
const hasACondition = z.refine<{ conditions: readonly unknown[]; fit?: RuleFit | null }>(
  (rule) => rule.conditions.length > 0 || (rule.fit !== undefined && rule.fit !== null),
  { error: `${RULE_NEEDS_A_CONDITION} (words, or a fit)`, path: ['conditions'] },
);

const ruleFields = {
  name: nameSchema,
  /** Conditions on words; none when the rule has a fit condition. */
  conditions: z._default(conditionsSchema, []),
  /** Whether one condition is enough (any) or every one must hold (all). Default any. */
  match: z._default(ruleMatchSchema, 'any'),
  /** The rule does not act on a job any exception matches ("unless the title says …"). */
  exceptions: z._default(exceptionsSchema, []),
  action: ruleActionSchema,
  /** The label's colour (flag rules; others keep null). Default blue for a flag. */
  color: z._default(z.nullable(ruleColorSchema), null),
  /** A condition on the job's fit, with the conditions on words (issue 40). Absent or null: none. */
  fit: z.optional(z.nullable(ruleFitSchema)),
  enabled: z._default(z.boolean({ error: 'enabled must be true or false' }), true),
};

function unknownKeys(what: string, known: readonly string[]) {
  return (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' && issue.keys
      ? `${what} has unknown ${issue.keys.length === 1 ? 'key' : 'keys'} ${issue.keys.join(', ')}; known: ${known.join(', ')}`
      : `${what} must be an object`;
}

const RULE_KEYS = Object.keys(ruleFields);

/** `POST /rules`, and each rule of an import. */
export const ruleWriteSchema = z
  .strictObject(ruleFields, {
    error: unknownKeys('A rule', RULE_KEYS),
  })
  .check(hasACondition);
export type RuleWrite = z.output<typeof ruleWriteSchema>;
export type RuleWriteInput = z.input<typeof ruleWriteSchema>;

/** `PATCH /rules/{id}`: any of the fields; enabling or disabling is `{enabled}`. */
export const rulePatchSchema = z.strictObject(
  {
    name: z.optional(nameSchema),
    conditions: z.optional(conditionsSchema),
    match: z.optional(ruleMatchSchema),
    exceptions: z.optional(exceptionsSchema),
    action: z.optional(ruleActionSchema),
    color: z.optional(z.nullable(ruleColorSchema)),
    /** null takes the fit condition off. */
    fit: z.optional(z.nullable(ruleFitSchema)),
    enabled: z.optional(z.boolean({ error: 'enabled must be true or false' })),
  },
  { error: unknownKeys('A rule', RULE_KEYS) },
);
export type RulePatch = z.output<typeof rulePatchSchema>;

/** `POST /rules/preview`: a rule not saved yet; name and action may be left out. */
export const rulePreviewBodySchema = z
  .strictObject(
    {
      name: z.optional(z.string()),
      conditions: z._default(conditionsSchema, []),
      match: z._default(ruleMatchSchema, 'any'),
      exceptions: z._default(exceptionsSchema, []),
      action: z.optional(ruleActionSchema),
      color: z.optional(z.nullable(ruleColorSchema)),
      fit: z.optional(z.nullable(ruleFitSchema)),
      enabled: z.optional(z.boolean()),
    },
    { error: unknownKeys('A rule', RULE_KEYS) },
  )
  .check(hasACondition);
export type RulePreviewBody = z.output<typeof rulePreviewBodySchema>;

export const ruleSchema = z.object({
  id: z.int(),
  name: z.string(),
  conditions: z.array(z.object({ field: ruleFieldSchema, value: z.string() })),
  match: ruleMatchSchema,
  exceptions: z.array(z.object({ field: ruleFieldSchema, value: z.string() })),
  action: ruleActionSchema,
  color: z.nullable(ruleColorSchema),
  /** The fit condition, or null (issue 40: optional in the schema, always sent). */
  fit: z.optional(z.nullable(ruleFitSchema)),
  enabled: z.boolean(),
  /** 1-based place in the list: the first hiding rule that matches is the one a job names. */
  position: z.int(),
  /**
   * Reads only what a search card shows: acts before a job's details are fetched. A rule with a
   * fit condition acts with the details, on the score read from them.
   */
  card_only: z.boolean(),
  created_at: dateTimeSchema,
  updated_at: dateTimeSchema,
});
export type Rule = z.infer<typeof ruleSchema>;
export const ruleListSchema = z.object({ items: z.array(ruleSchema) });
export type RuleList = z.infer<typeof ruleListSchema>;

/** `PUT /rules/order`: every rule's id, in the new order. */
export const ruleOrderBodySchema = z.strictObject(
  {
    ids: z
      .array(z.int({ error: 'ids must hold rule ids' }), {
        error: 'ids must be a list of rule ids',
      })
      .check(z.maxLength(RULES_MAX, { error: `ids holds at most ${RULES_MAX} rule ids` })),
  },
  { error: unknownKeys('Request body', ['ids']) },
);
export type RuleOrderBody = z.infer<typeof ruleOrderBodySchema>;

export const rulePreviewSchema = z.object({
  /** Stored jobs the rule matches now, whatever their state. */
  matches: z.int(),
  /** A few of them, newest first. */
  examples: z.array(z.object({ id: z.int(), title: z.string(), company_name: z.string() })),
});
export type RulePreview = z.infer<typeof rulePreviewSchema>;

/** `?dry_run=true` counts without changing anything (apply and restore). */
export const ruleDryRunQuerySchema = z.strictObject(
  {
    dry_run: z.optional(
      z.pipe(
        z.enum(['true', 'false'], { error: 'dry_run must be true or false' }),
        z.transform((v: 'true' | 'false') => v === 'true'),
      ),
    ),
  },
  { error: unknownKeys('The query string', ['dry_run']) },
);

/**
 * `POST /rules/{id}/apply`: `matches` stored jobs match; `changed` of them the rule changes (hide:
 * new or seen jobs become hidden, never saved, applied or already hidden ones; flag: labelled;
 * mute: marked). With dry_run, what applying would change.
 */
export const ruleApplyResultSchema = z.object({
  matches: z.int(),
  changed: z.int(),
  dry_run: z.boolean(),
});
export type RuleApplyResult = z.infer<typeof ruleApplyResultSchema>;

/**
 * `POST /rules/{id}/restore`: the jobs a hide rule hid whose state nobody changed since go back
 * to the state they had (new or seen). With dry_run, how many would. Works for a deleted rule too.
 */
export const ruleRestoreResultSchema = z.object({ restored: z.int(), dry_run: z.boolean() });
export type RuleRestoreResult = z.infer<typeof ruleRestoreResultSchema>;

/** `DELETE /rules/{id}`: what a hide rule hid and could still bring back (`POST …/restore`). */
export const ruleDeletedSchema = z.object({ success: z.literal(true), restorable: z.int() });

// The shared file: `{version: 1, rules: [...]}`, each rule as written (no ids), in order.
const exportedRuleSchema = z.pick(ruleSchema, {
  name: true,
  conditions: true,
  match: true,
  exceptions: true,
  action: true,
  color: true,
  fit: true,
  enabled: true,
});
export const ruleSetExportSchema = z.object({
  version: z.literal(RULES_EXPORT_VERSION),
  rules: z.array(exportedRuleSchema),
});
export type RuleSetExport = z.infer<typeof ruleSetExportSchema>;

export const RULE_IMPORT_MODES = ['add', 'replace'] as const;
/** `POST /rules/import?mode=add|replace`: add to the set (names must be new) or replace it. */
export const ruleImportQuerySchema = z.strictObject(
  {
    mode: z._default(z.enum(RULE_IMPORT_MODES, { error: 'mode must be add or replace' }), 'add'),
  },
  { error: unknownKeys('The query string', ['mode']) },
);
export const ruleImportBodySchema = z.strictObject(
  {
    version: z.literal(RULES_EXPORT_VERSION, {
      error: `version must be ${RULES_EXPORT_VERSION}: this is not a jobscout rule set this server reads`,
    }),
    rules: z
      .array(ruleWriteSchema, { error: 'rules must be a list of rules' })
      .check(z.maxLength(RULES_MAX, { error: `a rule set holds at most ${RULES_MAX} rules` })),
  },
  { error: unknownKeys('A rule set', ['version', 'rules']) },
);
export type RuleImportBody = z.output<typeof ruleImportBodySchema>;
export const ruleImportResultSchema = z.object({ imported: z.int(), items: z.array(ruleSchema) });

// What a job item says about rules (GET /jobs, GET /jobs/{id}).
export const jobFlagSchema = z.object({
  rule_id: z.int(),
  name: z.string(),
  color: ruleColorSchema,
});
export type JobFlag = z.infer<typeof jobFlagSchema>;
export const jobRuleRefSchema = z.object({ id: z.int(), name: z.string() });
export type JobRuleRef = z.infer<typeof jobRuleRefSchema>;
