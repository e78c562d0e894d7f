import { useState } from 'react';
import type { Query, QueryWrite } from '../../../../contract/queries';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Switch } from '../../../components/ui/switch';
import { ListTable, TableCell, TableRow } from '../../../components/ui/table';
import { useUpdateQuery } from '../api/update-query';
import { FilterChips } from './filter-chips';

const COLUMNS = ['ID', 'Search Term', 'Location', 'AI', 'Active', 'Actions'] as const;

/** The body of every PUT: the query's own fields with one status (SPEC.md §4). */
function writeOf(query: Query, status: Query['status']): QueryWrite {
  return { job_title: query.job_title, location_id: query.location_id, status, is_ai: query.is_ai };
}

export function deleteConfirmation(query: Query): string {
  return `Are you sure you want to delete the query "${query.job_title}" in "${query.display_name}"? This will archive it permanently.`;
}

interface QueriesTableProps {
  queries: Query[] | undefined;
  loading: boolean;
  onEdit: (query: Query) => void;
  /** Id of the heading that names the table. */
  labelledBy?: string;
}

export function QueriesTable({ queries, loading, onEdit, labelledBy }: QueriesTableProps) {
  return (
    <ListTable
      aria-labelledby={labelledBy}
      columns={COLUMNS}
      rows={loading ? undefined : (queries ?? [])}
      empty="No queries found."
      renderRow={(q) => <QueryRow key={q.id} query={q} onEdit={onEdit} />}
    />
  );
}

function QueryRow({ query, onEdit }: { query: Query; onEdit: (query: Query) => void }) {
  const toggle = useUpdateQuery();
  const archive = useUpdateQuery();
  const [confirming, setConfirming] = useState(false);
  const archived = query.status === 'archived';

  const onToggle = () => {
    const next = query.status === 'active' ? 'inactive' : 'active';
    toggle.mutate(
      { id: query.id, body: writeOf(query, next) },
      // SPEC.md §8: a failed toggle is logged only.
      { onError: (err) => console.warn(`Could not change the status of query #${query.id}`, err) },
    );
  };

  const onArchive = () => {
    archive.mutate(
      { id: query.id, body: writeOf(query, 'archived') },
      // SPEC.md §8: a failed archive (delete) is logged only.
      { onError: (err) => console.warn(`Could not delete query #${query.id}`, err) },
    );
  };

  return (
    <TableRow data-status={query.status}>
      <TableCell label="ID" className="font-mono text-fg-muted">
        #{query.id}
      </TableCell>
      <TableCell label="Search Term" className="font-medium text-fg">
        {query.job_title}
        {query.is_ai ? null : (
          <FilterChips filters={query.filters} label={`Filters of ${query.job_title}`} />
        )}
      </TableCell>
      <TableCell label="Location">{query.display_name}</TableCell>
      <TableCell label="AI">
        {query.is_ai ? <Badge tone="violet">AI</Badge> : <Badge>Classic</Badge>}
      </TableCell>
      <TableCell label="Active">
        <Switch
          aria-label={`Active: ${query.job_title} in ${query.display_name}`}
          checked={query.status === 'active'}
          disabled={archived || toggle.isPending}
          onCheckedChange={onToggle}
        />
      </TableCell>
      <TableCell label="Actions">
        <div className="flex items-center gap-2">
          <Button variant="secondary" size="sm" disabled={archived} onClick={() => onEdit(query)}>
            Edit
          </Button>
          <Button
            variant="danger"
            size="sm"
            disabled={archived || archive.isPending}
            onClick={() => setConfirming(true)}
          >
            {archive.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Delete query"
          message={deleteConfirmation(query)}
          onConfirm={onArchive}
          destructive
        />
      </TableCell>
    </TableRow>
  );
}
