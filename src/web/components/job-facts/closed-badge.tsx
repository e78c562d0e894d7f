import { Badge } from '../ui/badge';

// Issue 41: a job whose page was found closed ("No longer accepting applications"), with the day
// it was found so. One component for every place a job shows: the Jobs rows, cards and panel,
// the Pipeline's cards and the application panel.

/** "Oct 3, 2026" in the operator's own locale. */
export function closedDay(closedAt: string): string {
  return new Date(closedAt).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/** Nothing for a job not found closed. */
export function ClosedBadge({ closedAt }: { closedAt: string | null | undefined }) {
  if (!closedAt) return null;
  const full = new Date(closedAt).toLocaleDateString(undefined, { dateStyle: 'full' });
  return (
    <Badge
      tone="red"
      className="gap-1 whitespace-nowrap"
      title={`Found closed on ${full}: it no longer takes applications`}
    >
      Closed <time dateTime={closedAt}>{closedDay(closedAt)}</time>
    </Badge>
  );
}
