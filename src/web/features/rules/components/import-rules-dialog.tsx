import { useId, useState, type FormEvent } from 'react';
import type { RuleImportBody } from '../../../../contract/rules';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/input';
import { useToast } from '../../../components/ui/toaster';
import { useImportRules, type ImportMode } from '../api/import-export';
import { parseRulesFile, RULES_FILE_MAX_BYTES } from '../parse-rules-file';

type FileState =
  | { status: 'none' }
  | { status: 'ok'; name: string; set: RuleImportBody }
  | { status: 'bad'; name: string; problems: string[] };

/** Reads a shared rule set (`{version, rules}`), says what is wrong with a wrong file, imports it. */
export function ImportRulesDialog({
  existing,
  onClose,
}: {
  /** How many rules the set holds now: replacing them says so. */
  existing: number;
  onClose: () => void;
}) {
  const [file, setFile] = useState<FileState>({ status: 'none' });
  const [mode, setMode] = useState<ImportMode>('add');
  const importRules = useImportRules();
  const toast = useToast();
  const fileId = useId();
  const problemsId = useId();
  const modeName = useId();

  const read = async (chosen: File | undefined) => {
    importRules.reset();
    if (!chosen) {
      setFile({ status: 'none' });
      return;
    }
    if (chosen.size > RULES_FILE_MAX_BYTES) {
      setFile({
        status: 'bad',
        name: chosen.name,
        problems: [
          `This file is too large to be a rule set (over ${(RULES_FILE_MAX_BYTES / 1_000_000).toFixed(1)} MB).`,
        ],
      });
      return;
    }
    const parsed = parseRulesFile(await chosen.text());
    setFile(
      parsed.ok
        ? { status: 'ok', name: chosen.name, set: parsed.set }
        : { status: 'bad', name: chosen.name, problems: parsed.problems },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file.status !== 'ok') return;
    importRules.mutate(
      { set: file.set, mode },
      {
        onSuccess: (result) => {
          toast(`Imported ${result.imported} ${result.imported === 1 ? 'rule' : 'rules'}`);
          onClose();
        },
      },
    );
  };

  const count = file.status === 'ok' ? file.set.rules.length : 0;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Import rules"
      description="A rule set exported from jobscout: a .json file holding {version, rules}."
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fileId}>Rule set file</Label>
          <input
            id={fileId}
            type="file"
            accept=".json,application/json"
            aria-invalid={file.status === 'bad' || undefined}
            aria-describedby={file.status === 'bad' ? problemsId : undefined}
            className="text-sm text-fg-soft file:mr-3 file:rounded-md file:border file:border-line-strong file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-fg hover:file:bg-surface-hover"
            onChange={(e) => void read(e.target.files?.[0])}
          />
        </div>
        {file.status === 'bad' ? (
          <div
            id={problemsId}
            role="alert"
            className="rounded-md border border-danger-line bg-danger-soft px-4 py-3 text-sm text-danger-soft-fg"
          >
            <p className="font-medium">{file.name} cannot be imported:</p>
            <ul className="mt-1 list-disc pl-5">
              {file.problems.map((p) => (
                <li key={p} className="break-words">
                  {p}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {file.status === 'ok' ? (
          <p className="text-sm text-fg-soft" role="status">
            {file.name}: {count} {count === 1 ? 'rule' : 'rules'}
            {count > 0 ? ` (${file.set.rules.map((r) => r.name).join(', ')})` : ''}
          </p>
        ) : null}
        <fieldset className="flex flex-col gap-1.5 text-sm">
          <legend className="mb-1 font-medium text-fg-soft">The rules you have</legend>
          <label className="inline-flex cursor-pointer items-center gap-2 text-fg-soft">
            <input
              type="radio"
              name={modeName}
              className="size-4 accent-accent"
              checked={mode === 'add'}
              onChange={() => setMode('add')}
            />
            Keep them, and add these after them
          </label>
          <label className="inline-flex cursor-pointer items-center gap-2 text-fg-soft">
            <input
              type="radio"
              name={modeName}
              className="size-4 accent-accent"
              checked={mode === 'replace'}
              onChange={() => setMode('replace')}
            />
            Replace them ({existing} {existing === 1 ? 'rule' : 'rules'} now)
          </label>
        </fieldset>
        {importRules.isError ? (
          <ErrorAlert>{`Could not import the rules: ${importRules.error.message}`}</ErrorAlert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={file.status !== 'ok' || importRules.isPending}>
            {importRules.isPending
              ? 'Importing...'
              : file.status === 'ok'
                ? `Import ${count} ${count === 1 ? 'rule' : 'rules'}`
                : 'Import'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
