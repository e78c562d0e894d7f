import { Download, ListFilter, Plus, Upload } from 'lucide-react';
import { BackLink } from '../../components/ui/back-link';
import { lazy, Suspense, useState } from 'react';
import type { Rule, RuleApplyResult } from '../../../contract/rules';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardHeader, CardTitle } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { useToast } from '../../components/ui/toaster';
import { useApplyRule, useRestoreRuleJobs } from './api/apply-rule';
import { useDeleteRule } from './api/delete-rule';
import { useRules } from './api/get-rules';
import { useExportRules } from './api/import-export';
import { useReorderRules } from './api/reorder-rules';
import { useSetRuleEnabled } from './api/save-rule';
import { RepostsCard } from './components/reposts-card';
import { RulesList } from './components/rules-list';
import { jobsCount, storedJobs } from './rule-labels';

// The editor, the import and the confirmations (Radix's alert dialog, ~11 kB) load when first
// opened: the screen's first visit stays within DESIGN.md's 150 kB budget.
const ConfirmDialog = lazy(() =>
  import('../../components/ui/confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);
const RuleEditor = lazy(() =>
  import('./components/rule-editor').then((m) => ({ default: m.RuleEditor })),
);
const ImportRulesDialog = lazy(() =>
  import('./components/import-rules-dialog').then((m) => ({ default: m.ImportRulesDialog })),
);

type Confirming =
  | { kind: 'delete'; rule: Rule }
  | { kind: 'apply'; rule: Rule; result: RuleApplyResult }
  | { kind: 'restore'; rule: Rule; count: number };

function applyQuestion(rule: Rule, { matches, changed }: RuleApplyResult): string {
  const matching = `“${rule.name}” matches ${storedJobs(matches)}.`;
  if (rule.action === 'hide')
    return `${matching} Hide the ${changed.toLocaleString()} of them that are new or seen? Saved and applied jobs stay as they are.`;
  if (rule.action === 'flag') return `${matching} Label ${jobsCount(changed)} “${rule.name}”?`;
  return `${matching} Mute ${jobsCount(changed)}? They stay in the list but are left out of notifications.`;
}

function appliedMessage(rule: Rule, changed: number): string {
  const verb = rule.action === 'hide' ? 'hidden' : rule.action === 'flag' ? 'labelled' : 'muted';
  return `${rule.name}: ${jobsCount(changed)} ${verb}`;
}

/** `/jobs/rules`: the rules that hide, flag or mute jobs, and how reposts are treated (issue 17). */
export function RulesPage() {
  const rules = useRules();
  const toast = useToast();
  const [editing, setEditing] = useState<Rule | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const setEnabled = useSetRuleEnabled();
  const remove = useDeleteRule();
  const apply = useApplyRule();
  const restore = useRestoreRuleJobs();
  const reorder = useReorderRules();
  const exportRules = useExportRules();

  const failed = (what: string) => (err: Error) =>
    setActionError(`Could not ${what}: ${err.message}`);
  const busyId =
    (setEnabled.isPending && setEnabled.variables.id) ||
    (apply.isPending && apply.variables.id) ||
    (restore.isPending && restore.variables.id) ||
    (remove.isPending && remove.variables) ||
    null;

  /** After a hide rule stops acting: offer to bring back what it hid, when anything is left. */
  const offerRestore = (rule: Rule) => {
    if (rule.action !== 'hide') return;
    restore.mutate(
      { id: rule.id, dryRun: true },
      {
        onSuccess: (r) => {
          if (r.restored > 0) setConfirming({ kind: 'restore', rule, count: r.restored });
        },
        onError: failed(`count the jobs ${rule.name} hid`),
      },
    );
  };

  const actions = {
    busyId,
    onEdit: (rule: Rule) => setEditing(rule),
    onToggle: (rule: Rule, enabled: boolean) => {
      setActionError(null);
      setEnabled.mutate(
        { id: rule.id, enabled },
        {
          onSuccess: () => {
            toast(`${enabled ? 'Rule enabled' : 'Rule disabled'}: ${rule.name}`);
            if (!enabled) offerRestore(rule);
          },
          onError: failed(`${enabled ? 'enable' : 'disable'} ${rule.name}`),
        },
      );
    },
    onApply: (rule: Rule) => {
      setActionError(null);
      apply.mutate(
        { id: rule.id, dryRun: true },
        {
          onSuccess: (result) => {
            if (result.changed > 0) setConfirming({ kind: 'apply', rule, result });
            else toast(`${rule.name} matches ${storedJobs(result.matches)}; none needs changing`);
          },
          onError: failed(`count the jobs ${rule.name} matches`),
        },
      );
    },
    onDelete: (rule: Rule) => {
      setActionError(null);
      setConfirming({ kind: 'delete', rule });
    },
    onMove: (rule: Rule, step: -1 | 1) => {
      const list = rules.data ?? [];
      const ids = list.map((r) => r.id);
      const from = ids.indexOf(rule.id);
      const to = from + step;
      if (from === -1 || to < 0 || to >= ids.length) return;
      [ids[from], ids[to]] = [ids[to] ?? rule.id, rule.id];
      setActionError(null);
      reorder.mutate(ids, {
        onSuccess: () => toast(`${rule.name} moved ${step === -1 ? 'up' : 'down'}`),
        onError: failed(`move ${rule.name}`),
      });
    },
  };

  const confirm = () => {
    if (!confirming) return;
    const { rule } = confirming;
    if (confirming.kind === 'delete') {
      remove.mutate(rule.id, {
        onSuccess: (restorable) => {
          toast(`Rule deleted: ${rule.name}`);
          if (rule.action === 'hide' && restorable > 0)
            setConfirming({ kind: 'restore', rule, count: restorable });
        },
        onError: failed(`delete ${rule.name}`),
      });
    } else if (confirming.kind === 'apply') {
      apply.mutate(
        { id: rule.id, dryRun: false },
        {
          onSuccess: (r) => toast(appliedMessage(rule, r.changed)),
          onError: failed(`apply ${rule.name}`),
        },
      );
    } else {
      restore.mutate(
        { id: rule.id, dryRun: false },
        {
          onSuccess: (r) => toast(`Brought back ${jobsCount(r.restored)} hidden by ${rule.name}`),
          onError: failed(`bring back the jobs ${rule.name} hid`),
        },
      );
    }
  };

  const list = rules.data;
  return (
    <>
      <BackLink to="/jobs">Jobs</BackLink>
      <PageHeader
        title="Rules"
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" onClick={() => setImporting(true)}>
              <Upload aria-hidden="true" />
              Import
            </Button>
            <Button
              variant="secondary"
              disabled={!list || list.length === 0 || exportRules.isPending}
              onClick={() => exportRules.mutate(undefined, { onError: failed('export the rules') })}
            >
              <Download aria-hidden="true" />
              Export
            </Button>
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" />
              New rule
            </Button>
          </div>
        }
      />
      <div className="flex flex-col gap-6">
        {actionError ? <ErrorAlert>{actionError}</ErrorAlert> : null}
        <Card aria-labelledby="rules-title">
          <CardHeader>
            <CardTitle id="rules-title">Your rules</CardTitle>
            <p className="text-sm text-fg-muted">
              New jobs pass through the enabled rules, in this order, when a batch stores them. A
              rule can hide a job, flag it with a coloured label, or mute it (no notification).
            </p>
          </CardHeader>
          {rules.isPending ? (
            <RulesSkeleton />
          ) : rules.isError ? (
            <ErrorAlert className="m-5">{`Error loading rules: ${rules.error.message}`}</ErrorAlert>
          ) : list && list.length > 0 ? (
            <RulesList rules={list} {...actions} />
          ) : (
            <NoRulesYet onAdd={() => setEditing('new')} />
          )}
        </Card>
        <RepostsCard />
      </div>
      {editing !== null ? (
        <Suspense fallback={null}>
          <RuleEditor rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
      {importing ? (
        <Suspense fallback={null}>
          <ImportRulesDialog existing={list?.length ?? 0} onClose={() => setImporting(false)} />
        </Suspense>
      ) : null}
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            onOpenChange={(open) => {
              if (!open) setConfirming(null);
            }}
            title={
              confirming.kind === 'delete'
                ? 'Delete rule'
                : confirming.kind === 'apply'
                  ? 'Apply to stored jobs'
                  : 'Bring back hidden jobs'
            }
            message={
              confirming.kind === 'delete'
                ? `Delete the rule “${confirming.rule.name}”? Jobs it already changed stay as they are until you say otherwise.`
                : confirming.kind === 'apply'
                  ? applyQuestion(confirming.rule, confirming.result)
                  : `“${confirming.rule.name}” hid ${jobsCount(confirming.count)} that nobody has touched since. Bring them back to the list?`
            }
            destructive={confirming.kind === 'delete'}
            onConfirm={confirm}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function RulesSkeleton() {
  return (
    <ul aria-busy="true" aria-label="Loading rules" className="divide-y divide-line-soft">
      {[0, 1, 2].map((i) => (
        <li key={i} data-testid="skeleton-row" className="flex flex-col gap-2 px-5 py-4">
          <span className="h-4 w-48 animate-pulse rounded bg-surface-hover" />
          <span className="h-3 w-72 max-w-full animate-pulse rounded bg-surface-hover" />
        </li>
      ))}
    </ul>
  );
}

function NoRulesYet({ onAdd }: { onAdd: () => void }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-5 py-12 text-center">
      <ListFilter className="size-8 text-fg-subtle" aria-hidden="true" />
      <h2 className="text-base font-semibold text-fg">No rules yet</h2>
      <p className="text-sm text-fg-muted">
        State once what you never want to see (“senior”, “fluent in German”, an agency) and every
        batch hides it for you, or flag what you want to spot at once.
      </p>
      <Button onClick={onAdd}>
        <Plus aria-hidden="true" />
        New rule
      </Button>
    </div>
  );
}
