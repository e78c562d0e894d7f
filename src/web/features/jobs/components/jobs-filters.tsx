import { Search, X } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { fieldClasses, Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { FIT_BAND_LABELS } from '../../../../contract/fit';
import { useFilterBatches, useFilterRuns } from '../api/get-filter-options';
import {
  DEFAULT_STATES,
  effectiveSort,
  EMPTY_FILTERS,
  hasActiveFilters,
  MIN_FIT_CHOICES,
  minFitLabel,
  POSTED_LABELS,
  POSTED_WITHIN,
  SORT_LABELS,
  SORTS,
  STATE_LABELS,
  TRIAGE_STATES,
  WORKPLACE_LABELS,
  WORKPLACES,
  type JobFilters,
  type PostedWithin,
} from '../job-filters';
import { RuleFilters, useFlagChipLabel } from './rule-filters';

/** Typing pauses this long before the search runs (and lands in the URL). */
export const SEARCH_DEBOUNCE_MS = 300;

interface FiltersProps {
  filters: JobFilters;
  onChange: (next: JobFilters, options?: { replace?: boolean }) => void;
}

/** A text field whose value reaches the URL after a pause, and follows the URL when it changes. */
function useDebouncedField(
  value: string,
  commit: (value: string) => void,
): [string, (v: string) => void] {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  // Back, a link or "Clear filters" changed the URL: show what it holds now.
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => commit(draft.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, commit]);
  return [draft, setDraft];
}

export function JobsSearchBar({ filters, onChange }: FiltersProps) {
  const sortId = useId();
  const [q, setQ] = useDebouncedField(filters.q, (value) =>
    // Typing replaces the history entry: Back should not replay every word.
    onChange({ ...filters, q: value }, { replace: true }),
  );
  const sort = effectiveSort(filters);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="relative min-w-64 flex-1">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-fg-subtle"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search jobs"
          placeholder="Search titles, companies, locations and descriptions"
          className="h-10 pl-9"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onChange({ ...filters, q: q.trim() });
          }}
        />
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={sortId} className="text-sm font-medium text-fg-muted">
          Sort
        </label>
        <select
          id={sortId}
          className={cn(fieldClasses, 'h-10 w-auto')}
          value={sort}
          onChange={(e) => {
            const value = e.target.value;
            const next = SORTS.find((s) => s === value);
            if (next) onChange({ ...filters, sort: next });
          }}
        >
          {SORTS.map((s) => (
            <option key={s} value={s} disabled={s === 'relevance' && !filters.q}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex min-w-36 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-fg-muted">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

const selectClass = cn(fieldClasses, 'h-9 py-1');

function idOrNull(value: string): number | null {
  const n = Number(value);
  return value !== '' && Number.isInteger(n) && n > 0 ? n : null;
}

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="inline-flex cursor-pointer items-center gap-1.5 text-sm text-fg-soft">
      <input
        type="checkbox"
        className="size-4 accent-accent"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {label}
    </label>
  );
}

export function JobsFilterPanel({ filters, onChange }: FiltersProps) {
  const batches = useFilterBatches();
  const runs = useFilterRuns();
  const [company, setCompany] = useDebouncedField(filters.company, (value) =>
    onChange({ ...filters, company: value }, { replace: true }),
  );
  const states = filters.state.length > 0 ? filters.state : DEFAULT_STATES;

  const batchOptions = (selected: number | null) => (
    <>
      <option value="">Any</option>
      {/* A batch from a shared link that this list doesn't hold still shows as chosen. */}
      {selected !== null && !batches.data?.some((b) => b.id === selected) ? (
        <option value={selected}>#{selected}</option>
      ) : null}
      {batches.data?.map((b) => (
        <option key={b.id} value={b.id}>
          #{b.id} · {b.kind} · {b.status}
        </option>
      ))}
    </>
  );

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-3">
        <Field label="Batch">
          {(id) => (
            <select
              id={id}
              className={selectClass}
              value={filters.batch ?? ''}
              onChange={(e) => onChange({ ...filters, batch: idOrNull(e.target.value) })}
            >
              {batchOptions(filters.batch)}
            </select>
          )}
        </Field>
        <Field label="Query run">
          {(id) => (
            <select
              id={id}
              className={cn(selectClass, 'max-w-64')}
              value={filters.run ?? ''}
              onChange={(e) => onChange({ ...filters, run: idOrNull(e.target.value) })}
            >
              <option value="">Any</option>
              {filters.run !== null && !runs.data?.some((r) => r.id === filters.run) ? (
                <option value={filters.run}>Run #{filters.run}</option>
              ) : null}
              {runs.data?.map((r) => (
                <option key={r.id} value={r.id}>
                  #{r.id} · {r.job_title} · {r.location} (batch #{r.batch_id})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="New in batch">
          {(id) => (
            <select
              id={id}
              className={selectClass}
              value={filters.new_in_batch ?? ''}
              onChange={(e) => onChange({ ...filters, new_in_batch: idOrNull(e.target.value) })}
            >
              {batchOptions(filters.new_in_batch)}
            </select>
          )}
        </Field>
        <Field label="Posted within">
          {(id) => (
            <select
              id={id}
              className={selectClass}
              value={filters.posted ?? ''}
              onChange={(e) => {
                const value = e.target.value;
                const posted: PostedWithin | null = POSTED_WITHIN.find((p) => p === value) ?? null;
                onChange({ ...filters, posted });
              }}
            >
              <option value="">Any time</option>
              {POSTED_WITHIN.map((p) => (
                <option key={p} value={p}>
                  {POSTED_LABELS[p]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Fit at least">
          {(id) => (
            <select
              id={id}
              className={selectClass}
              value={filters.min_fit ?? ''}
              onChange={(e) => {
                const value = e.target.value;
                onChange({ ...filters, min_fit: value === '' ? null : Number(value) });
              }}
            >
              <option value="">Any fit</option>
              {/* A number from a shared link that is not a band's floor still shows as chosen. */}
              {filters.min_fit !== null &&
              !MIN_FIT_CHOICES.some((c) => c.min === filters.min_fit) ? (
                <option value={filters.min_fit}>{filters.min_fit}</option>
              ) : null}
              {MIN_FIT_CHOICES.map(({ band, min }) => (
                <option key={band} value={min}>
                  {`${FIT_BAND_LABELS[band]} (${min}+)`}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Company">
          {(id) => (
            <Input
              id={id}
              className="h-9"
              placeholder="Any company"
              value={company}
              onChange={(e) => setCompany(e.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <fieldset className="flex flex-wrap items-center gap-3">
          <legend className="sr-only">Workplace</legend>
          <span aria-hidden="true" className="text-xs font-medium text-fg-muted">
            Workplace
          </span>
          {WORKPLACES.map((w) => (
            <Check
              key={w}
              label={WORKPLACE_LABELS[w]}
              checked={filters.workplace.includes(w)}
              onChange={(on) =>
                onChange({
                  ...filters,
                  workplace: WORKPLACES.filter((x) =>
                    x === w ? on : filters.workplace.includes(x),
                  ),
                })
              }
            />
          ))}
        </fieldset>
        <div className="flex items-center gap-3">
          <Check
            label="Easy Apply"
            checked={filters.easy_apply}
            onChange={(on) => onChange({ ...filters, easy_apply: on })}
          />
          <Check
            label="Has salary"
            checked={filters.has_salary}
            onChange={(on) => onChange({ ...filters, has_salary: on })}
          />
          {/* Issue 41: leaves out the jobs whose page was found closed. */}
          <Check
            label="Open only"
            checked={filters.open}
            onChange={(on) => onChange({ ...filters, open: on })}
          />
        </div>
        <RuleFilters filters={filters} onChange={onChange} />
        <fieldset className="flex flex-wrap items-center gap-3">
          <legend className="sr-only">State</legend>
          <span aria-hidden="true" className="text-xs font-medium text-fg-muted">
            State
          </span>
          {TRIAGE_STATES.map((s) => (
            <Check
              key={s}
              label={STATE_LABELS[s]}
              checked={states.includes(s)}
              onChange={(on) => {
                const next = TRIAGE_STATES.filter((x) => (x === s ? on : states.includes(x)));
                const isDefault =
                  next.length === DEFAULT_STATES.length &&
                  next.every((x) => DEFAULT_STATES.includes(x));
                // Unticking the last one would show nothing: keep the list as it was.
                if (next.length === 0) return;
                onChange({ ...filters, state: isDefault ? [] : next });
              }}
            />
          ))}
        </fieldset>
      </div>
    </div>
  );
}

interface Chip {
  label: string;
  clear: Partial<JobFilters>;
}

function chipsOf(filters: JobFilters, flagLabel: string | null, queryLabel: string): Chip[] {
  const chips: Chip[] = [];
  if (filters.q) chips.push({ label: `Search: “${filters.q}”`, clear: { q: '', sort: null } });
  if (filters.batch !== null)
    chips.push({ label: `Batch #${filters.batch}`, clear: { batch: null } });
  if (filters.run !== null)
    chips.push({ label: `Query run #${filters.run}`, clear: { run: null } });
  if (filters.query !== null) chips.push({ label: queryLabel, clear: { query: null } });
  if (filters.new_in_batch !== null)
    chips.push({ label: `New in batch #${filters.new_in_batch}`, clear: { new_in_batch: null } });
  if (filters.posted) chips.push({ label: POSTED_LABELS[filters.posted], clear: { posted: null } });
  if (filters.workplace.length > 0)
    chips.push({
      label: filters.workplace.map((w) => WORKPLACE_LABELS[w]).join(' or '),
      clear: { workplace: [] },
    });
  if (filters.easy_apply) chips.push({ label: 'Easy Apply', clear: { easy_apply: false } });
  if (filters.has_salary) chips.push({ label: 'Has salary', clear: { has_salary: false } });
  if (filters.company) chips.push({ label: `Company: ${filters.company}`, clear: { company: '' } });
  if (filters.state.length > 0)
    chips.push({
      label: `State: ${filters.state.map((s) => STATE_LABELS[s]).join(', ')}`,
      clear: { state: [] },
    });
  if (flagLabel) chips.push({ label: flagLabel, clear: { flag: null } });
  if (filters.hide_reposts)
    chips.push({ label: 'No reposts of triaged jobs', clear: { hide_reposts: false } });
  if (filters.min_fit !== null)
    chips.push({ label: minFitLabel(filters.min_fit), clear: { min_fit: null } });
  if (filters.open) chips.push({ label: 'Open only', clear: { open: false } });
  return chips;
}

/**
 * The chip of the Overview's query filter (issue 32): the search's words and place as its runs
 * name them, from the runs list the filter panel loads anyway; its id until that list is here.
 */
function useQueryChipLabel(queryId: number | null): string {
  const runs = useFilterRuns(queryId !== null);
  const run = queryId === null ? undefined : runs.data?.find((r) => r.query_id === queryId);
  return run ? `Query: ${run.job_title} · ${run.location}` : `Query #${queryId ?? ''}`;
}

/** One chip per active filter, each removable, and "Clear filters" for all of them. */
export function ActiveFilterChips({ filters, onChange }: FiltersProps) {
  const flagLabel = useFlagChipLabel(filters.flag);
  const queryLabel = useQueryChipLabel(filters.query);
  if (!hasActiveFilters(filters)) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
      {chipsOf(filters, flagLabel, queryLabel).map((chip) => (
        <li key={chip.label}>
          <span className="inline-flex items-center gap-1 rounded-full bg-accent-soft py-0.5 pl-3 pr-1 text-xs font-medium text-accent-soft-fg ring-1 ring-focus-ring">
            {chip.label}
            <button
              type="button"
              className="rounded-full p-0.5 hover:bg-accent-soft"
              aria-label={`Remove filter ${chip.label}`}
              onClick={() => onChange({ ...filters, ...chip.clear })}
            >
              <X className="size-3" aria-hidden="true" />
            </button>
          </span>
        </li>
      ))}
      <li>
        <Button variant="link" size="sm" onClick={() => onChange(EMPTY_FILTERS)}>
          Clear filters
        </Button>
      </li>
    </ul>
  );
}
