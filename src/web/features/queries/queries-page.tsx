import { lazy, Suspense, useState } from 'react';
import { MAX_QUERIES } from '../../../contract/constants';
import type { Query } from '../../../contract/queries';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Tooltip } from '../../components/ui/tooltip';
import { useQueries } from './api/get-queries';
import { QueriesTable } from './components/queries-table';

// The form (typeahead, search filters) loads when the operator first opens it: the screen's
// first visit stays within DESIGN.md's 150 kB budget.
const QueryFormDialog = lazy(() =>
  import('./components/query-form-dialog').then((m) => ({ default: m.QueryFormDialog })),
);

type ModalState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; query: Query };

export function QueriesPage() {
  const queries = useQueries();
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  // DESIGN.md: the limit counts the queries that are not archived.
  const activeCount = queries.data?.filter((q) => q.status !== 'archived').length ?? 0;
  const limitReached = activeCount >= MAX_QUERIES;

  return (
    <>
      <PageHeader
        title="Queries"
        actions={
          <Tooltip content={limitReached ? `Query limit reached (${MAX_QUERIES} max)` : null}>
            <Button disabled={limitReached} onClick={() => setModal({ mode: 'create' })}>
              New Query
            </Button>
          </Tooltip>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle id="all-queries-title">All Queries</CardTitle>
        </CardHeader>
        <CardContent className="p-0!">
          {queries.isError ? (
            <ErrorAlert className="m-5">Error loading queries. Please try again.</ErrorAlert>
          ) : (
            <QueriesTable
              labelledBy="all-queries-title"
              queries={queries.data}
              loading={queries.isPending}
              onEdit={(query) => setModal({ mode: 'edit', query })}
            />
          )}
        </CardContent>
      </Card>
      {modal.mode !== 'closed' ? (
        <Suspense fallback={null}>
          <QueryFormDialog
            open
            onOpenChange={(open) => {
              if (!open) setModal({ mode: 'closed' });
            }}
            query={modal.mode === 'edit' ? modal.query : undefined}
          />
        </Suspense>
      ) : null}
    </>
  );
}
