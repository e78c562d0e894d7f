import type { Batch } from '../../../../contract/batches';
import { Badge } from '../../../components/ui/badge';
import { DateTime } from '../../../components/ui/date-time';
import { ExportButton } from '../../../components/ui/export-button';
import { ParsedPartlyBadge } from '../../../components/ui/parsed-partly-badge';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ListTable, TableCell, TableRow } from '../../../components/ui/table';
import { ViewJobsLink } from '../../../components/ui/view-jobs-link';
import { useExportBatch } from '../api/export-batch';
import { isBatchActive } from '../api/get-batches';
import { batchProgressText } from './batch-progress';
import { CancelBatchButton } from './cancel-batch-button';

const COLUMNS = ['Batch ID', 'Type', 'Status', 'Start Time', 'End Time', 'Actions'] as const;

/** SPEC.md §2's batch table; `batches` undefined while the first load is under way. */
export function BatchesTable({ batches }: { batches: Batch[] | undefined }) {
  // SPEC.md §2: sorted by id, descending, whatever order the server sent.
  const rows = batches ? [...batches].sort((a, b) => b.id - a.id) : undefined;
  return (
    <ListTable
      aria-label="Batches"
      columns={COLUMNS}
      rows={rows}
      empty="No batches found."
      renderRow={(batch) => <BatchRow key={batch.id} batch={batch} />}
    />
  );
}

function BatchRow({ batch }: { batch: Batch }) {
  return (
    <TableRow>
      <TableCell label="Batch ID" className="font-medium tabular-nums">
        {batch.id}
      </TableCell>
      <TableCell label="Type">
        <Badge tone={batch.kind === 'manual' ? 'amber' : 'neutral'}>{batch.kind}</Badge>
      </TableCell>
      <TableCell label="Status">
        <StatusBadge
          status={batch.status}
          reason={batch.error}
          detail={batchProgressText(batch)}
          aside={<ParsedPartlyBadge fields={batch.parsed_partly} />}
        />
      </TableCell>
      <TableCell label="Start Time" className="whitespace-nowrap">
        <DateTime value={batch.started_at} />
      </TableCell>
      <TableCell label="End Time" className="whitespace-nowrap">
        <DateTime value={batch.finished_at} />
      </TableCell>
      <TableCell label="Actions">
        {batch.status === 'completed' ? (
          <div className="flex items-center gap-2">
            <ExportBatchButton batchId={batch.id} />
            <ViewJobsLink to={`/jobs?batch=${batch.id}`} />
          </div>
        ) : null}
        {isBatchActive(batch) ? (
          <CancelBatchButton batchId={batch.id} requested={batch.cancel_requested} />
        ) : null}
      </TableCell>
    </TableRow>
  );
}

function ExportBatchButton({ batchId }: { batchId: number }) {
  const exportBatch = useExportBatch();
  return (
    <ExportButton pending={exportBatch.isPending} onExport={() => exportBatch.mutate(batchId)} />
  );
}
