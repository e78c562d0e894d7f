import type { SearchFilters } from '../../../../contract/search-filters';
import { filterChips } from '../filter-labels';

/** A standard query's filters as small chips inside the Search Term cell (issue 10). */
export function FilterChips({ filters, label }: { filters: SearchFilters; label: string }) {
  const chips = filterChips(filters);
  if (chips.length === 0) return null;
  return (
    <ul aria-label={label} className="mt-1 flex flex-wrap gap-1">
      {chips.map((chip) => (
        <li
          key={chip}
          className="rounded-full bg-surface-hover px-2 py-0.5 text-xs font-normal text-fg-muted ring-1 ring-line ring-inset"
        >
          {chip}
        </li>
      ))}
    </ul>
  );
}
