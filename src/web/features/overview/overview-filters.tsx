import { useId } from 'react';
import { OVERVIEW_RANGES, type OverviewRange } from '../../../contract/overview';
import { fieldClasses, Label } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import {
  SavedQuerySelect,
  useSavedQueries,
} from '../../components/saved-queries/saved-query-select';
import { RANGE_LABELS, type OverviewParams } from './overview-params';

const SELECT = cn(fieldClasses, 'h-9 w-auto max-w-full py-1 text-fg');

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
        <SavedQuerySelect
          id={queryId}
          className={cn(SELECT, 'sm:max-w-96')}
          queries={queries.data ?? []}
          value={view.query}
          onChange={(query) => onChange({ ...view, query })}
        />
      </div>
      {queries.isError ? (
        <p className="text-sm text-danger-fg">{`Could not load the queries: ${queries.error.message}`}</p>
      ) : null}
    </div>
  );
}
