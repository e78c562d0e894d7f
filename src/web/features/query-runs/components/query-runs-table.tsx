import type { QueryRun } from '../../../../contract/query-runs';
import { Badge } from '../../../components/ui/badge';
import { DateTime } from '../../../components/ui/date-time';
import { ExportButton } from '../../../components/ui/export-button';
import { ParsedPartlyBadge } from '../../../components/ui/parsed-partly-badge';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ListTable, TableCell, TableRow } from '../../../components/ui/table';
import { ViewJobsLink } from '../../../components/ui/view-jobs-link';
import { useExportQueryRun } from '../api/export-query-run';
import { runProgressText } from './run-progress';

const COLUMNS = [
  'Batch ID',
  'Query ID',
  'Search Term',
  'Location',
  'Type',
  'Status',
  'Start Time',
  'End Time',
  'Actions',
] as const;

/** SPEC.md §2's query-run table; `runs` undefined while the first load is under way. */
export function QueryRunsTable({ runs }: { runs: QueryRun[] | undefined }) {
  return (
    <ListTable
      aria-label="Query Runs"
      columns={COLUMNS}
      rows={runs}
      empty="No query runs found."
      renderRow={(run) => <QueryRunRow key={run.id} run={run} />}
    />
  );
}

function QueryRunRow({ run }: { run: QueryRun }) {
  return (
    <TableRow>
      <TableCell label="Batch ID" className="tabular-nums">
        #{run.batch_id}
      </TableCell>
      <TableCell label="Query ID" className="tabular-nums">
        #{run.query_id}
      </TableCell>
      <TableCell label="Search Term" className="font-medium text-fg">
        {run.job_title}
      </TableCell>
      <TableCell label="Location">{run.location}</TableCell>
      <TableCell label="Type">
        {run.is_ai ? <Badge tone="violet">AI</Badge> : <Badge>Standard</Badge>}
      </TableCell>
      <TableCell label="Status">
        <StatusBadge
          status={run.status}
          reason={run.error}
          detail={runProgressText(run)}
          aside={<ParsedPartlyBadge fields={run.parsed_partly} />}
        />
      </TableCell>
      <TableCell label="Start Time" className="whitespace-nowrap">
        <DateTime value={run.start_time} />
      </TableCell>
      <TableCell label="End Time" className="whitespace-nowrap">
        <DateTime value={run.end_time} />
      </TableCell>
      <TableCell label="Actions">
        {run.status === 'completed' ? (
          <div className="flex flex-wrap items-center gap-2">
            <ExportRunButton run={run} />
            <ViewJobsLink to={`/jobs?run=${run.id}`} />
          </div>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

function ExportRunButton({ run }: { run: QueryRun }) {
  const exportRun = useExportQueryRun();
  return <ExportButton pending={exportRun.isPending} onExport={() => exportRun.mutate(run)} />;
}
