import { Check, Plus, X } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import {
  parseRuleValue,
  RULE_ACTIONS,
  RULE_COLORS,
  RULE_DEFAULT_COLOR,
  RULE_FIELDS,
  RULE_FIT_MAX,
  RULE_FIT_MIN,
  RULE_FIT_OPS,
  ruleFitParts,
  RULE_MAX_CONDITIONS,
  RULE_MAX_EXCEPTIONS,
  RULE_NAME_MAX,
  type Rule,
  type RuleAction,
  type RuleColor,
  type RuleField,
  type RuleFit,
  type RuleFitOp,
  type RuleMatch,
} from '../../../../contract/rules';
import { ErrorAlert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { fieldClasses, FieldError, Input, Label } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toaster';
import { cn } from '../../../lib/cn';
import type { PreviewInput } from '../api/preview-rule';
import { useSaveRule } from '../api/save-rule';
import {
  ACTION_HINTS,
  ACTION_LABELS,
  COLOR_LABELS,
  FIELD_LABELS,
  FIT_OP_LABELS,
} from '../rule-labels';
import { RulePreview } from './rule-preview';

/** The preview waits this long after the last keystroke before it asks the server. */
export const PREVIEW_DEBOUNCE_MS = 400;

interface ConditionDraft {
  /** A stable key for React while rows are added and removed. */
  key: number;
  field: RuleField;
  value: string;
}

interface Draft {
  name: string;
  conditions: ConditionDraft[];
  match: RuleMatch;
  exceptions: ConditionDraft[];
  action: RuleAction;
  color: RuleColor;
  /** The fit condition (issue 40): none, or below / at least the number typed. */
  fitOp: RuleFitOp | 'none';
  fitValue: string;
}

let nextKey = 1;
const blank = (field: RuleField = 'title'): ConditionDraft => ({
  key: nextKey++,
  field,
  value: '',
});

function draftOf(rule: Rule | null): Draft {
  if (!rule) {
    return {
      name: '',
      conditions: [blank()],
      match: 'any',
      exceptions: [],
      action: 'hide',
      color: RULE_DEFAULT_COLOR,
      fitOp: 'none',
      fitValue: '40',
    };
  }
  const fit = rule.fit ? ruleFitParts(rule.fit) : null;
  return {
    name: rule.name,
    conditions: rule.conditions.map((c) => ({ ...c, key: nextKey++ })),
    match: rule.match,
    exceptions: rule.exceptions.map((c) => ({ ...c, key: nextKey++ })),
    action: rule.action,
    color: rule.color ?? RULE_DEFAULT_COLOR,
    fitOp: fit?.op ?? 'none',
    fitValue: String(fit?.value ?? 40),
  };
}

const FIT_VALUE_PROBLEM = `Fit must be a whole number from ${RULE_FIT_MIN} to ${RULE_FIT_MAX}.`;

/** The draft's fit condition, null without one, or the problem with its number. */
function fitOf(draft: Draft): { fit: RuleFit | null } | { problem: string } {
  if (draft.fitOp === 'none') return { fit: null };
  const text = draft.fitValue.trim();
  const value = Number(text);
  if (!/^\d{1,3}$/.test(text) || value < RULE_FIT_MIN || value > RULE_FIT_MAX)
    return { problem: FIT_VALUE_PROBLEM };
  return { fit: draft.fitOp === 'below' ? { below: value } : { at_least: value } };
}

/** Why a value cannot be a condition (empty values are skipped, not wrong). */
function valueProblem(value: string): string | null {
  if (value.trim() === '') return null;
  const parsed = parseRuleValue(value);
  return 'error' in parsed ? parsed.error : null;
}

const filled = (list: ConditionDraft[]) =>
  list
    .filter((c) => c.value.trim() !== '')
    .map(({ field, value }) => ({ field, value: value.trim() }));

/** The conditions as the preview asks them, or why it cannot be asked yet. */
function previewOf(draft: Draft): { input: PreviewInput | null; why: string | null } {
  const conditions = filled(draft.conditions);
  const fit = fitOf(draft);
  if ('problem' in fit) return { input: null, why: 'Fix the fit to see which stored jobs match.' };
  if (conditions.length === 0 && fit.fit === null)
    return {
      input: null,
      why: 'Type a word or a phrase, or choose a fit, to see which stored jobs match.',
    };
  if ([...draft.conditions, ...draft.exceptions].some((c) => valueProblem(c.value) !== null))
    return { input: null, why: 'Fix the marked condition to see which stored jobs match.' };
  return {
    input: {
      conditions,
      match: draft.match,
      exceptions: filled(draft.exceptions),
      ...(fit.fit === null ? {} : { fit: fit.fit }),
    },
    why: null,
  };
}

/** A value that settles `delay` ms after its last change. */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** Adding or editing a rule, with a live count of the stored jobs it matches. */
export function RuleEditor({ rule, onClose }: { rule: Rule | null; onClose: () => void }) {
  const [draft, setDraft] = useState(() => draftOf(rule));
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveRule();
  const toast = useToast();
  const nameId = useId();
  const nameErrorId = useId();
  const hintId = useId();

  // The preview follows the conditions a moment after the last change, not every keystroke.
  const preview = useDebounced(
    useMemo(() => previewOf(draft), [draft]),
    PREVIEW_DEBOUNCE_MS,
  );

  const nameError = submitted && draft.name.trim() === '' ? 'Give the rule a name.' : null;
  const fit = fitOf(draft);
  const conditionsError =
    submitted && filled(draft.conditions).length === 0 && draft.fitOp === 'none'
      ? 'A rule needs at least one condition: words, or a fit.'
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const conditions = filled(draft.conditions);
    const problems = [...draft.conditions, ...draft.exceptions].some(
      (c) => valueProblem(c.value) !== null,
    );
    if (draft.name.trim() === '' || problems || 'problem' in fit) return;
    if (conditions.length === 0 && fit.fit === null) return;
    save.mutate(
      {
        id: rule?.id ?? null,
        body: {
          name: draft.name.trim(),
          conditions,
          match: draft.match,
          exceptions: filled(draft.exceptions),
          action: draft.action,
          color: draft.action === 'flag' ? draft.color : null,
          // An edit that takes the fit off sends null; a new rule without one leaves it out.
          ...(fit.fit === null && rule?.fit == null ? {} : { fit: fit.fit }),
          enabled: rule?.enabled ?? true,
        },
      },
      {
        onSuccess: (saved) => {
          toast(rule ? `Rule saved: ${saved.name}` : `Rule added: ${saved.name}`);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={rule ? `Edit rule` : 'New rule'}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={nameId}>Name</Label>
          <Input
            id={nameId}
            value={draft.name}
            maxLength={RULE_NAME_MAX}
            placeholder="No senior roles"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? nameErrorId : undefined}
            onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          />
          <FieldError id={nameErrorId}>{nameError}</FieldError>
        </div>

        <ConditionList
          legend="When"
          kind="condition"
          items={draft.conditions}
          max={RULE_MAX_CONDITIONS}
          onChange={(conditions) => setDraft({ ...draft, conditions })}
          hintId={hintId}
          error={conditionsError}
        >
          <MatchChoice value={draft.match} onChange={(match) => setDraft({ ...draft, match })} />
          {/* Once, under When: it holds for the exceptions too, which point to it. */}
          <p id={hintId} className="text-xs text-fg-subtle">
            Words or a “quoted phrase”, whole words, case and accents aside; <code>*</code> inside a
            word stands for any letters: <code>engineer*</code>.
          </p>
        </ConditionList>

        <FitChoice
          op={draft.fitOp}
          value={draft.fitValue}
          problem={'problem' in fit ? fit.problem : null}
          onChange={(next) => setDraft({ ...draft, ...next })}
        />

        <ConditionList
          legend="Unless (optional)"
          kind="exception"
          items={draft.exceptions}
          max={RULE_MAX_EXCEPTIONS}
          onChange={(exceptions) => setDraft({ ...draft, exceptions })}
          hintId={hintId}
        />

        <ActionChoice draft={draft} onChange={(next) => setDraft({ ...draft, ...next })} />

        <RulePreview input={preview.input} why={preview.why} />

        {save.isError ? (
          <ErrorAlert>{`Could not save the rule: ${save.error.message}`}</ErrorAlert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : rule ? 'Save rule' : 'Add rule'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ConditionList({
  legend,
  kind,
  items,
  max,
  onChange,
  hintId,
  error,
  children,
}: {
  legend: string;
  kind: 'condition' | 'exception';
  items: ConditionDraft[];
  max: number;
  onChange: (items: ConditionDraft[]) => void;
  /** The paragraph on how to write a value, shown once for both lists. */
  hintId: string;
  error?: string | null;
  /** Shown under the legend, before the rows: the match choice and the hint. */
  children?: React.ReactNode;
}) {
  const errorId = useId();
  const update = (key: number, change: Partial<ConditionDraft>) =>
    onChange(items.map((c) => (c.key === key ? { ...c, ...change } : c)));
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={hintId}>
      <legend className="mb-1 text-sm font-medium text-fg-soft">{legend}</legend>
      {children}
      {items.map((item, index) => (
        <ConditionRow
          key={item.key}
          label={`${kind === 'condition' ? 'Condition' : 'Exception'} ${index + 1}`}
          item={item}
          onChange={(change) => update(item.key, change)}
          onRemove={
            kind === 'exception' || items.length > 1
              ? () => onChange(items.filter((c) => c.key !== item.key))
              : null
          }
        />
      ))}
      <FieldError id={errorId}>{error ?? null}</FieldError>
      <div>
        <Button
          size="sm"
          variant="secondary"
          disabled={items.length >= max}
          onClick={() => onChange([...items, blank(items.at(-1)?.field)])}
        >
          <Plus aria-hidden="true" />
          {kind === 'condition' ? 'Add condition' : 'Add exception'}
        </Button>
      </div>
    </fieldset>
  );
}

function ConditionRow({
  label,
  item,
  onChange,
  onRemove,
}: {
  label: string;
  item: ConditionDraft;
  onChange: (change: Partial<ConditionDraft>) => void;
  onRemove: (() => void) | null;
}) {
  const problem = valueProblem(item.value);
  const errorId = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <select
          aria-label={`${label}: field`}
          className={cn(fieldClasses, 'h-9 w-32! shrink-0 py-1')}
          value={item.field}
          onChange={(e) => {
            const field = RULE_FIELDS.find((f) => f === e.target.value);
            if (field) onChange({ field });
          }}
        >
          {RULE_FIELDS.map((f) => (
            <option key={f} value={f}>
              {FIELD_LABELS[f]}
            </option>
          ))}
        </select>
        <Input
          aria-label={`${label}: words`}
          className="min-w-0 flex-1"
          value={item.value}
          placeholder={item.field === 'description' ? '"security clearance"' : 'senior'}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(e) => onChange({ value: e.target.value })}
        />
        {onRemove ? (
          <Button
            size="sm"
            variant="ghost"
            className="shrink-0 px-2"
            aria-label={`Remove ${label.toLowerCase()}`}
            onClick={onRemove}
          >
            <X aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      <FieldError id={errorId}>{problem}</FieldError>
    </div>
  );
}

/**
 * The fit condition (issue 40): a select (none, below, at least) and the number, with the bands
 * to choose from in words.
 */
function FitChoice({
  op,
  value,
  problem,
  onChange,
}: {
  op: RuleFitOp | 'none';
  value: string;
  problem: string | null;
  onChange: (next: Pick<Draft, 'fitOp'> | Pick<Draft, 'fitValue'>) => void;
}) {
  const selectId = useId();
  const valueId = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={hintId}>
      <legend className="mb-1 text-sm font-medium text-fg-soft">And fit (optional)</legend>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={selectId} className="sr-only">
          Fit condition
        </label>
        <select
          id={selectId}
          className={cn(fieldClasses, 'h-9 w-40! shrink-0 py-1')}
          value={op}
          onChange={(e) => {
            const next = RULE_FIT_OPS.find((o) => o === e.target.value) ?? 'none';
            onChange({ fitOp: next });
          }}
        >
          <option value="none">Any fit</option>
          {RULE_FIT_OPS.map((o) => (
            <option key={o} value={o}>
              {FIT_OP_LABELS[o]}
            </option>
          ))}
        </select>
        {op === 'none' ? null : (
          <>
            <label htmlFor={valueId} className="sr-only">
              Fit score
            </label>
            <Input
              id={valueId}
              inputMode="numeric"
              className="w-20!"
              value={value}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? errorId : undefined}
              onChange={(e) => onChange({ fitValue: e.target.value })}
            />
          </>
        )}
      </div>
      <FieldError id={errorId}>{problem}</FieldError>
      <p id={hintId} className="text-xs text-fg-subtle">
        A job’s fit is its best score, 0–100: Strong 80 or more, Good 60, Weak 40, Poor below 40. A
        rule on fit acts once the job’s details are read; a job without a fit (no profile) never
        matches it.
      </p>
    </fieldset>
  );
}

function MatchChoice({ value, onChange }: { value: RuleMatch; onChange: (m: RuleMatch) => void }) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label="Match" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {(['any', 'all'] as const).map((m) => (
        <label key={m} className="inline-flex cursor-pointer items-center gap-1.5 text-fg-soft">
          <input
            type="radio"
            name={name}
            className="size-4 accent-accent"
            checked={value === m}
            onChange={() => onChange(m)}
          />
          {m === 'any' ? 'Any of these' : 'All of these'}
        </label>
      ))}
    </div>
  );
}

function ActionChoice({
  draft,
  onChange,
}: {
  draft: Draft;
  onChange: (next: Partial<Draft>) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-fg-soft">Then</legend>
      {RULE_ACTIONS.map((action) => (
        <div key={action} className="text-sm">
          <label className="inline-flex cursor-pointer items-center gap-2 font-medium text-fg">
            <input
              type="radio"
              name={name}
              className="size-4 shrink-0 accent-accent"
              aria-describedby={`${name}-${action}`}
              checked={draft.action === action}
              onChange={() => onChange({ action })}
            />
            {ACTION_LABELS[action]}
          </label>
          <p id={`${name}-${action}`} className="pl-6 text-xs text-fg-muted">
            {ACTION_HINTS[action]}
          </p>
          {/* The colours belong to Flag: right under it, not after the last action. */}
          {action === 'flag' && draft.action === 'flag' ? (
            <ColorChoice value={draft.color} onChange={(color) => onChange({ color })} />
          ) : null}
        </div>
      ))}
    </fieldset>
  );
}

/** The flag's colour: each choice is a label in that colour, reading its name. */
function ColorChoice({
  value,
  onChange,
}: {
  value: RuleColor;
  onChange: (color: RuleColor) => void;
}) {
  const name = useId();
  const labelId = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelId} className="mt-2 flex flex-col gap-1.5 pl-6">
      <span id={labelId} className="text-xs font-medium text-fg-muted">
        Label colour
      </span>
      <div className="flex flex-wrap gap-2">
        {RULE_COLORS.map((color) => (
          <label key={color} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              className="peer sr-only"
              checked={value === color}
              onChange={() => onChange(color)}
            />
            <Badge
              tone={color}
              className="peer-checked:ring-2 peer-checked:ring-focus peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus"
            >
              {/* The choice is marked by a shape too, not by the ring's colour alone. */}
              {value === color ? (
                <Check className="-ml-0.5 mr-1 size-3" aria-hidden="true" />
              ) : null}
              {COLOR_LABELS[color]}
            </Badge>
          </label>
        ))}
      </div>
    </div>
  );
}
