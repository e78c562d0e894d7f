import { useId } from 'react';
import { fieldClasses } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { useFlagRules } from '../api/get-flag-rules';
import type { JobFilters } from '../job-filters';

interface Props {
  filters: JobFilters;
  onChange: (next: JobFilters) => void;
}

/** Issue 17's filters: jobs a flag rule labels, and reposts of jobs already triaged left out. */
export function RuleFilters({ filters, onChange }: Props) {
  const flags = useFlagRules();
  const flagId = useId();
  const rules = flags.data ?? [];
  // Without a flag rule (and none chosen by a link) the choice would be empty: leave it out.
  const showFlag = rules.length > 0 || filters.flag !== null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {showFlag ? (
        <div className="flex items-center gap-2">
          <label htmlFor={flagId} className="text-xs font-medium text-fg-muted">
            Flag
          </label>
          <select
            id={flagId}
            className={cn(fieldClasses, 'h-9 w-auto! max-w-48 py-1')}
            value={filters.flag ?? ''}
            onChange={(e) => {
              const id = Number(e.target.value);
              onChange({ ...filters, flag: Number.isInteger(id) && id > 0 ? id : null });
            }}
          >
            <option value="">Any</option>
            {filters.flag !== null && !rules.some((r) => r.id === filters.flag) ? (
              <option value={filters.flag}>Rule #{filters.flag}</option>
            ) : null}
            {rules.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <label className="inline-flex cursor-pointer items-center gap-1.5 text-sm text-fg-soft">
        <input
          type="checkbox"
          className="size-4 accent-accent"
          checked={filters.hide_reposts}
          onChange={(e) => onChange({ ...filters, hide_reposts: e.target.checked })}
        />
        Hide reposts of triaged jobs
      </label>
    </div>
  );
}

/** The chip's words for the chosen flag: its rule's name once the rules are loaded. */
export function useFlagChipLabel(flag: number | null): string | null {
  const flags = useFlagRules();
  if (flag === null) return null;
  const name = flags.data?.find((r) => r.id === flag)?.name;
  return `Flag: ${name ?? `rule #${flag}`}`;
}
