import { ErrorAlert } from '../../components/ui/alert';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { useToast } from '../../components/ui/toaster';
import { useBatches } from './api/get-batches';
import { useStartBatch } from './api/start-batch';
import { BatchesTable } from './components/batches-table';
import { NextDailyBatch } from './components/next-daily-batch';
import { RunBatchButton } from './components/run-batch-button';
import { startBatchErrorMessage } from './components/start-batch-error';

export function BatchesPage() {
  const batches = useBatches();
  const toast = useToast();
  const startBatch = useStartBatch({ onSuccess: () => toast('Batch started successfully!') });

  return (
    <>
      <PageHeader
        title="Batches"
        actions={
          <RunBatchButton pending={startBatch.isPending} onStart={() => startBatch.mutate()} />
        }
      />
      <div className="flex flex-col gap-4">
        <NextDailyBatch />
        {startBatch.isError ? (
          <ErrorAlert>{startBatchErrorMessage(startBatch.error)}</ErrorAlert>
        ) : null}
        {batches.isError ? (
          <ErrorAlert>{`Error loading batches: ${batches.error.message}`}</ErrorAlert>
        ) : null}
        {/* A failed poll keeps the rows it already has; a failed first load has none to show. */}
        {batches.isError && !batches.data ? null : (
          <Card>
            <BatchesTable batches={batches.data} />
          </Card>
        )}
      </div>
    </>
  );
}
