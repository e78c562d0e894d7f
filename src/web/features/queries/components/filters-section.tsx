import { useId, useState } from 'react';
import {
  DISTANCES,
  EXPERIENCE_LEVELS,
  JOB_TYPES,
  POSTED_WITHIN,
  WORKPLACES,
  type SearchFilters,
} from '../../../../contract/search-filters';
import { fieldClasses, Label } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import {
  distanceLabel,
  EXPERIENCE_LABELS,
  filterChips,
  JOB_TYPE_LABELS,
  POSTED_WITHIN_LABELS,
  WORKPLACE_LABELS,
} from '../filter-labels';

export const AI_FILTERS_REASON =
  'AI-powered search reads filters from the search term, e.g. “remote, posted this week”.';

interface FiltersSectionProps {
  value: SearchFilters;
  onChange: (next: SearchFilters) => void;
  /** AI-powered queries take no filters (docs/decisions/018). */
  disabled: boolean;
}

/** The collapsed "Filters" section of the query modal (issue 10), below SPEC.md's fields. */
export function FiltersSection({ value, onChange, disabled }: FiltersSectionProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const reasonId = useId();
  const count = filterChips(value).length;
  const expanded = open && !disabled;
  return (
    <div className="rounded-md border border-line">
      <button
        type="button"
        className="flex w-full items-center justify-between px-3 py-2 text-left text-sm font-medium text-fg-soft disabled:cursor-not-allowed disabled:text-fg-subtle"
        aria-expanded={expanded}
        aria-controls={panelId}
        aria-describedby={disabled ? reasonId : undefined}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
      >
        <span>
          Filters
          {count > 0 && !disabled ? (
            <span className="ml-2 text-xs font-normal text-fg-subtle">({count} set)</span>
          ) : null}
        </span>
        <span aria-hidden="true">{expanded ? '−' : '+'}</span>
      </button>
      {disabled ? (
        <p id={reasonId} className="px-3 pb-2 text-xs text-fg-subtle">
          {AI_FILTERS_REASON}
        </p>
      ) : null}
      {expanded ? (
        <div id={panelId} className="flex flex-col gap-3 border-t border-line px-3 py-3">
          <FilterPanel value={value} onChange={onChange} />
        </div>
      ) : null}
    </div>
  );
}

function FilterPanel({ value, onChange }: Omit<FiltersSectionProps, 'disabled'>) {
  const set = <K extends keyof SearchFilters>(key: K, v: SearchFilters[K]) =>
    onChange({ ...value, [key]: v });
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="query-posted-within">Posted within</Label>
          <select
            id="query-posted-within"
            className={cn(fieldClasses, 'h-9 py-1')}
            value={value.posted_within}
            onChange={(e) => {
              const picked = POSTED_WITHIN.find((p) => p === e.target.value);
              if (picked) set('posted_within', picked);
            }}
          >
            {POSTED_WITHIN.map((p) => (
              <option key={p} value={p}>
                {POSTED_WITHIN_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="query-distance">Distance</Label>
          <select
            id="query-distance"
            className={cn(fieldClasses, 'h-9 py-1')}
            aria-describedby="query-distance-hint"
            value={value.distance === null ? '' : String(value.distance)}
            onChange={(e) => {
              const picked = DISTANCES.find((d) => String(d) === e.target.value);
              set('distance', picked ?? null);
            }}
          >
            <option value="">Any distance</option>
            {DISTANCES.map((d) => (
              <option key={d} value={d}>
                {distanceLabel(d)}
              </option>
            ))}
          </select>
          <p id="query-distance-hint" className="text-xs text-fg-subtle">
            Applies to cities; regions and countries ignore it.
          </p>
        </div>
      </div>
      <Choices
        legend="Workplace"
        all={WORKPLACES}
        labels={WORKPLACE_LABELS}
        picked={value.workplace}
        onChange={(v) => set('workplace', v)}
      />
      <Choices
        legend="Experience level"
        all={EXPERIENCE_LEVELS}
        labels={EXPERIENCE_LABELS}
        picked={value.experience}
        onChange={(v) => set('experience', v)}
      />
      <Choices
        legend="Job type"
        all={JOB_TYPES}
        labels={JOB_TYPE_LABELS}
        picked={value.job_type}
        onChange={(v) => set('job_type', v)}
      />
      <label className="flex items-center gap-2 text-sm text-fg-soft">
        <input
          type="checkbox"
          className="size-4 accent-accent"
          checked={value.easy_apply}
          onChange={(e) => set('easy_apply', e.target.checked)}
        />
        Easy Apply only
      </label>
    </>
  );
}

interface ChoicesProps<T extends string> {
  legend: string;
  all: readonly T[];
  labels: Record<T, string>;
  picked: readonly T[];
  onChange: (next: T[]) => void;
}

/** Several of a fixed list, kept in the list's own order. */
function Choices<T extends string>({ legend, all, labels, picked, onChange }: ChoicesProps<T>) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1 text-sm font-medium text-fg-soft">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {all.map((v) => (
          <label key={v} className="flex items-center gap-1.5 text-sm text-fg-soft">
            <input
              type="checkbox"
              className="size-4 accent-accent"
              checked={picked.includes(v)}
              onChange={(e) =>
                onChange(all.filter((x) => (x === v ? e.target.checked : picked.includes(x))))
              }
            />
            {labels[v]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
