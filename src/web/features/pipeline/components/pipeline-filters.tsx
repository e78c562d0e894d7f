import { X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { PIPELINE_COMPANY_FILTER_MAX } from '../../../../contract/pipeline';
import { Button } from '../../../components/ui/button';
import { fieldClasses, Input, Label } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import {
  SavedQuerySelect,
  useSavedQueries,
} from '../../../components/saved-queries/saved-query-select';
import { hasPipelineFilters, NO_PIPELINE_FILTERS, type PipelineFilters } from '../pipeline-params';

/** Typing pauses this long before the company filter lands in the URL and is asked for. */
export const COMPANY_DEBOUNCE_MS = 300;

/** The query and company the board is narrowed to; both live in the URL. */
export function PipelineFiltersBar({
  filters,
  onChange,
}: {
  filters: PipelineFilters;
  onChange: (filters: PipelineFilters, options?: { replace?: boolean }) => void;
}) {
  const queryId = useId();
  const companyId = useId();
  const queries = useSavedQueries();
  const [company, setCompany] = useCompanyDraft(filters.company, (value) =>
    // Typing replaces the history entry: Back should not replay every letter.
    onChange({ ...filters, company: value }, { replace: true }),
  );
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex min-w-0 flex-col gap-1.5 max-sm:w-full">
        <Label htmlFor={queryId}>Query</Label>
        <SavedQuerySelect
          id={queryId}
          className={cn(fieldClasses, 'h-9 py-1 text-fg sm:w-auto sm:max-w-96')}
          queries={queries.data ?? []}
          value={filters.query}
          onChange={(query) => onChange({ ...filters, query })}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5 max-sm:w-full sm:w-64">
        <Label htmlFor={companyId}>Company</Label>
        <Input
          id={companyId}
          type="search"
          placeholder="Any company"
          maxLength={PIPELINE_COMPANY_FILTER_MAX}
          value={company}
          onChange={(e) => setCompany(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onChange({ ...filters, company: company.trim() });
          }}
        />
      </div>
      {hasPipelineFilters(filters) ? (
        <Button
          variant="ghost"
          size="sm"
          className="h-9"
          onClick={() => onChange(NO_PIPELINE_FILTERS)}
        >
          <X aria-hidden="true" />
          Clear filters
        </Button>
      ) : null}
      {queries.isError ? (
        <p className="w-full text-sm text-danger-fg">{`Could not load the queries: ${queries.error.message}`}</p>
      ) : null}
    </div>
  );
}

/** The company field's text, sent after a pause; it follows the URL when that changes (Back). */
function useCompanyDraft(
  value: string,
  commit: (value: string) => void,
): [string, (v: string) => void] {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => commit(draft.trim()), COMPANY_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, commit]);
  return [draft, setDraft];
}
