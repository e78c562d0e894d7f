import { useId } from 'react';
import { OVERVIEW_RANGES, type OverviewRange } from '../../../contract/overview';
import type { Query } from '../../../contract/queries';
import { fieldClasses, Label } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { useSavedQueries } from './api/get-saved-queries';
import { RANGE_LABELS, type OverviewParams } from './overview-params';

const SELECT = cn(fieldClasses, 'h-9 w-auto max-w-full py-1 text-fg');

const queryName = (q: Query) =>
  `${q.job_title} · ${q.display_name}${q.status === 'archived' ? ' (archived)' : ''}`;

/** The range and the saved query every section is for; both live in the URL. */
export function OverviewFilters({
  view,
  onChange,
}: {
  view: OverviewParams;
  onChange: (view: OverviewParams) => void;
}) {
  const rangeId = useId();
  const queryId = useId();
  const queries = useSavedQueries();
  // Archived searches last: they still have history, but are rarely the one looked for.
  const options = [...(queries.data ?? [])].sort(
    (a, b) => Number(a.status === 'archived') - Number(b.status === 'archived') || a.id - b.id,
  );
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={rangeId}>Range</Label>
        <select
          id={rangeId}
          className={SELECT}
          value={view.range}
          onChange={(e) => {
            const range = OVERVIEW_RANGES.find((r): r is OverviewRange => r === e.target.value);
            if (range) onChange({ ...view, range });
          }}
        >
          {OVERVIEW_RANGES.map((r) => (
            <option key={r} value={r}>
              {RANGE_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor={queryId}>Query</Label>
        <select
          id={queryId}
          className={cn(SELECT, 'sm:max-w-96')}
          value={view.query ?? ''}
          onChange={(e) => {
            const id = Number(e.target.value);
            onChange({ ...view, query: Number.isSafeInteger(id) && id > 0 ? id : null });
          }}
        >
          <option value="">All queries</option>
          {/* A query from a shared link that the list doesn't hold still shows as chosen. */}
          {view.query !== null && !options.some((q) => q.id === view.query) ? (
            <option value={view.query}>Query #{view.query}</option>
          ) : null}
          {options.map((q) => (
            <option key={q.id} value={q.id}>
              {queryName(q)}
            </option>
          ))}
        </select>
      </div>
      {queries.isError ? (
        <p className="text-sm text-danger-fg">{`Could not load the queries: ${queries.error.message}`}</p>
      ) : null}
    </div>
  );
}
