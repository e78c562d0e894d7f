import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { FIT_ALIAS_GROUPS_MAX } from '../../../../contract/fit';
import { fitAliasesWriteSchema } from '../../../../contract/fit-api';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { LazyConfirmDialog } from '../../../components/ui/lazy-confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toaster';
import { useFitAliases, useSaveFitAliases } from '../api/fit-aliases';
import { termsIn } from './terms-field';
import { GroupInput } from './alias-group-input';

/** At most this many groups are listed at once; a search finds the others. */
export const ALIASES_SHOWN = 50;

const sameGroups = (a: string[][], b: string[][]) => JSON.stringify(a) === JSON.stringify(b);

/** Why a group cannot be kept, or null: the contract's own check, before anything is sent. */
export function groupProblem(spellings: string[]): string | null {
  const checked = fitAliasesWriteSchema.safeParse({ groups: [spellings] });
  if (checked.success) return null;
  const message = checked.error.issues[0]?.message ?? 'this group cannot be kept';
  return `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;
}

/** The list as the operator changes it: search, add, edit, remove, then save, or reset. */
export function AliasesEditor({ onClose }: { onClose: () => void }) {
  const aliases = useFitAliases();
  if (aliases.isPending)
    return (
      <div role="status" aria-label="Loading aliases" className="px-5 py-6">
        <Spinner />
      </div>
    );
  if (aliases.isError)
    return (
      <ErrorAlert className="m-5">{`Error loading aliases: ${aliases.error.message}`}</ErrorAlert>
    );
  return (
    <EditGroups
      // A new list from the server (saved, reset) starts a new draft.
      key={JSON.stringify(aliases.data.groups)}
      stored={aliases.data.groups}
      builtIn={aliases.data.built_in}
      onClose={onClose}
    />
  );
}

function EditGroups({
  stored,
  builtIn,
  onClose,
}: {
  stored: string[][];
  builtIn: boolean;
  onClose: () => void;
}) {
  const [groups, setGroups] = useState(stored);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [resetting, setResetting] = useState(false);
  const save = useSaveFitAliases();
  const toast = useToast();
  const changed = !sameGroups(groups, stored);

  const needle = search.trim().toLocaleLowerCase();
  const matching = groups
    .map((spellings, index) => ({ spellings, index }))
    .filter(
      ({ spellings }) =>
        needle === '' || spellings.some((s) => s.toLocaleLowerCase().includes(needle)),
    );
  const shown = matching.slice(0, ALIASES_SHOWN);

  const store = (next: string[][] | null) =>
    save.mutate(next, {
      onSuccess: () =>
        toast(next === null ? 'Aliases reset to the built-in list' : 'Aliases saved'),
    });

  return (
    <div className="flex flex-col gap-4 px-5 py-4">
      <p className="text-sm text-fg-muted">
        {builtIn && !changed
          ? `The built-in list: ${groups.length.toLocaleString()} groups.`
          : `Your list: ${groups.length.toLocaleString()} groups${changed ? ', changes not saved yet' : ''}.`}
      </p>
      {save.isError ? (
        <ErrorAlert>{`Could not save the aliases: ${save.error.message}`}</ErrorAlert>
      ) : null}
      <div className="relative max-w-md">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-fg-subtle"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search aliases"
          placeholder="Search spellings"
          className="pl-9"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <p className="text-xs text-fg-subtle" aria-live="polite">
        {matching.length > shown.length
          ? `Showing ${shown.length} of ${matching.length.toLocaleString()} groups: search to find the others.`
          : `${matching.length.toLocaleString()} ${matching.length === 1 ? 'group' : 'groups'}`}
      </p>
      <ul
        aria-label="Alias groups"
        className="divide-y divide-line-soft rounded-md border border-line-soft"
      >
        {shown.map(({ spellings, index }) => {
          const name = spellings[0] ?? '';
          return (
            <li key={`${index}:${name}`} aria-label={name} className="px-3 py-2">
              {editing === index ? (
                <GroupInput
                  label={`Spellings of ${name}`}
                  initial={spellings.join(', ')}
                  action="Done"
                  problemOf={(text) => groupProblem(termsIn(text))}
                  onSubmit={(text) => {
                    setGroups(groups.map((g, i) => (i === index ? termsIn(text) : g)));
                    setEditing(null);
                  }}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-sm text-fg-soft [overflow-wrap:anywhere]">
                    {spellings.join(' · ')}
                  </span>
                  <div className="flex gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Edit ${name}`}
                      onClick={() => setEditing(index)}
                    >
                      <Pencil aria-hidden="true" />
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove ${name}`}
                      onClick={() => setGroups(groups.filter((_, i) => i !== index))}
                    >
                      <Trash2 aria-hidden="true" />
                      Remove
                    </Button>
                  </div>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {groups.length < FIT_ALIAS_GROUPS_MAX ? (
        <GroupInput
          label="New group"
          hint="Spellings of one skill, comma-separated: the first is the name shown."
          placeholder="e.g., Kubernetes, k8s, kube"
          action="Add group"
          icon={<Plus aria-hidden="true" />}
          problemOf={(text) => groupProblem(termsIn(text))}
          onSubmit={(text) => setGroups([...groups, termsIn(text)])}
        />
      ) : null}
      <div className="flex flex-wrap justify-between gap-2 border-t border-line-soft pt-4">
        <Button
          variant="secondary"
          className="text-danger-fg"
          disabled={(builtIn && !changed) || save.isPending}
          onClick={() => setResetting(true)}
        >
          Reset to built-in
        </Button>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onClose}>
            {changed ? 'Discard changes' : 'Close'}
          </Button>
          <Button disabled={!changed || save.isPending} onClick={() => store(groups)}>
            {save.isPending ? 'Saving...' : 'Save aliases'}
          </Button>
        </div>
      </div>
      {resetting ? (
        <LazyConfirmDialog
          open={resetting}
          onOpenChange={setResetting}
          title="Reset aliases"
          message="Bring back the built-in alias list? Groups you added or changed are lost, and the stored jobs are scored again."
          destructive
          onConfirm={() => store(null)}
        />
      ) : null}
    </div>
  );
}
