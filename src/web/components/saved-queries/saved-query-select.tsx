import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Query } from '../../../contract/queries';
import { queryListSchema } from '../../../contract/queries';
import { apiRequest } from '../../lib/api-client';

// The saved-query filter the Overview and the Pipeline share. The Queries screen's key and call,
// named again here (features never import each other): the screens share the cached list, and a
// query saved there refreshes this select.
const QUERIES_KEY = ['queries'] as const;

export function useSavedQueries() {
  return useQuery(
    queryOptions({
      queryKey: QUERIES_KEY,
      queryFn: ({ signal }) => apiRequest('/queries', queryListSchema, { signal }),
    }),
  );
}

const queryName = (q: Query) =>
  `${q.job_title} · ${q.display_name}${q.status === 'archived' ? ' (archived)' : ''}`;

/**
 * "All queries" or one saved query, archived ones last (they still have history, but are rarely
 * the one looked for). A query from a shared link that the list doesn't hold still shows as chosen.
 */
export function SavedQuerySelect({
  id,
  className,
  queries,
  value,
  onChange,
}: {
  id: string;
  className: string;
  queries: readonly Query[];
  value: number | null;
  onChange: (query: number | null) => void;
}) {
  const options = [...queries].sort(
    (a, b) => Number(a.status === 'archived') - Number(b.status === 'archived') || a.id - b.id,
  );
  return (
    <select
      id={id}
      className={className}
      value={value ?? ''}
      onChange={(e) => {
        const chosen = Number(e.target.value);
        onChange(Number.isSafeInteger(chosen) && chosen > 0 ? chosen : null);
      }}
    >
      <option value="">All queries</option>
      {value !== null && !options.some((q) => q.id === value) ? (
        <option value={value}>Query #{value}</option>
      ) : null}
      {options.map((q) => (
        <option key={q.id} value={q.id}>
          {queryName(q)}
        </option>
      ))}
    </select>
  );
}
