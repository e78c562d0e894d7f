import { ArrowDown, ArrowUp, Pencil, Play, Trash2 } from 'lucide-react';
import { useId } from 'react';
import type { Rule } from '../../../../contract/rules';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Switch } from '../../../components/ui/switch';
import { ACTION_LABELS, COLOR_LABELS, describeRule } from '../rule-labels';

/** Why a disabled rule's "Apply to stored jobs" cannot be pressed. */
export const APPLY_NEEDS_ENABLED = 'Enable the rule to apply it to stored jobs.';

export interface RuleActions {
  onEdit: (rule: Rule) => void;
  onToggle: (rule: Rule, enabled: boolean) => void;
  onApply: (rule: Rule) => void;
  onDelete: (rule: Rule) => void;
  onMove: (rule: Rule, step: -1 | 1) => void;
  /** A rule whose change is on its way: its controls wait. */
  busyId: number | null;
}

/** The rule set in its order: the first enabled hiding rule that matches is the one a job names. */
export function RulesList({ rules, ...actions }: { rules: Rule[] } & RuleActions) {
  return (
    <ol aria-label="Rules" className="divide-y divide-line-soft">
      {rules.map((rule, index) => (
        <RuleItem
          key={rule.id}
          rule={rule}
          first={index === 0}
          last={index === rules.length - 1}
          {...actions}
        />
      ))}
    </ol>
  );
}

function RuleItem({
  rule,
  first,
  last,
  onEdit,
  onToggle,
  onApply,
  onDelete,
  onMove,
  busyId,
}: { rule: Rule; first: boolean; last: boolean } & RuleActions) {
  const busy = busyId === rule.id;
  const applyHintId = useId();
  return (
    <li aria-label={rule.name} className="flex flex-col gap-3 px-5 py-4 md:flex-row md:items-start">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Switch
          className="mt-0.5"
          checked={rule.enabled}
          disabled={busy}
          onCheckedChange={(on) => onToggle(rule, on)}
          aria-label={`Enabled: ${rule.name}`}
        />
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <span
              className={
                rule.enabled
                  ? 'font-medium break-words text-fg'
                  : 'font-medium break-words text-fg-muted'
              }
            >
              {rule.name}
            </span>
            <ActionBadge rule={rule} />
            {rule.enabled ? null : <Badge tone="neutral">Disabled</Badge>}
          </div>
          <p className="text-sm break-words text-fg-muted">{describeRule(rule)}</p>
          {rule.action === 'hide' && rule.card_only ? (
            <p className="text-xs text-fg-subtle">
              Reads only the search card: new jobs it hides cost no detail request.
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 md:justify-end">
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Move ${rule.name} up`}
          title="Move up"
          disabled={first || busy}
          onClick={() => onMove(rule, -1)}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Move ${rule.name} down`}
          title="Move down"
          disabled={last || busy}
          onClick={() => onMove(rule, 1)}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => onEdit(rule)}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={busy || !rule.enabled}
          aria-describedby={rule.enabled ? undefined : applyHintId}
          onClick={() => onApply(rule)}
        >
          <Play aria-hidden="true" />
          Apply to stored jobs
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-danger-fg"
          aria-label={`Delete ${rule.name}`}
          disabled={busy}
          onClick={() => onDelete(rule)}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
        {/* Said on screen: a disabled button takes no hover or focus, so a tooltip never shows. */}
        {rule.enabled ? null : (
          <p id={applyHintId} className="basis-full text-xs text-fg-muted md:text-right">
            {APPLY_NEEDS_ENABLED}
          </p>
        )}
      </div>
    </li>
  );
}

function ActionBadge({ rule }: { rule: Rule }) {
  if (rule.action === 'flag') {
    const color = rule.color ?? 'blue';
    return (
      <Badge tone={color} title={`Flag, ${COLOR_LABELS[color].toLowerCase()}`}>
        Flag · {COLOR_LABELS[color]}
      </Badge>
    );
  }
  return (
    <Badge tone={rule.action === 'hide' ? 'red' : 'amber'}>{ACTION_LABELS[rule.action]}</Badge>
  );
}
