import { ErrorAlert } from '../../components/ui/alert';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { useQueryRuns } from './api/get-query-runs';
import { QueryRunsTable } from './components/query-runs-table';

export function QueryRunsPage() {
  const runs = useQueryRuns();
  return (
    <>
      <PageHeader title="Query Runs" />
      <div className="flex flex-col gap-4">
        {runs.isError ? (
          <ErrorAlert>{`Error loading query runs: ${runs.error.message}`}</ErrorAlert>
        ) : null}
        {/* A failed poll keeps the rows it already has; a failed first load has none to show. */}
        {runs.isError && !runs.data ? null : (
          <Card>
            <QueryRunsTable runs={runs.data} />
          </Card>
        )}
      </div>
    </>
  );
}
