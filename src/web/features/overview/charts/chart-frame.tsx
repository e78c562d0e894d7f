import { Download, Table2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { saveBlob } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { ChartTable, type ChartData } from './chart-table';
import { toCsv } from './csv';

interface ChartFrameProps {
  title: string;
  /** h2 for a section that is one chart, h3 for a chart inside a section. */
  level?: 2 | 3;
  description?: ReactNode;
  /** The chart's data: the table alternative and the CSV file. */
  data: ChartData;
  /** The CSV file's name, e.g. overview-new-jobs-30d.csv. */
  fileName: string;
  /** The sentence shown instead of the chart when there is nothing to draw yet. */
  empty: string | null;
  children: ReactNode;
}

/** Writes a chart's table as a CSV file the browser saves (issue 32: the chart's data). */
export function downloadCsv(data: ChartData, fileName: string): void {
  const csv = toCsv(
    data.columns.map((c) => c.label),
    data.rows,
  );
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
}

/**
 * A chart with its title, its "Show as table" alternative and its CSV download. Without data it
 * says so in a sentence instead of drawing an empty axis.
 */
export function ChartFrame({
  title,
  level = 3,
  description,
  data,
  fileName,
  empty,
  children,
}: ChartFrameProps) {
  const headingId = useId();
  const [asTable, setAsTable] = useState(false);
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <Heading
            id={headingId}
            className={cn('font-semibold text-fg', level === 2 ? 'text-base' : 'text-sm')}
          >
            {title}
          </Heading>
          {description ? <div className="text-xs text-fg-muted">{description}</div> : null}
        </div>
        {empty === null ? (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-pressed={asTable}
              onClick={() => setAsTable((on) => !on)}
            >
              <Table2 aria-hidden="true" />
              Show as table
            </Button>
            <Button variant="secondary" size="sm" onClick={() => downloadCsv(data, fileName)}>
              <Download aria-hidden="true" />
              Download CSV
            </Button>
          </div>
        ) : null}
      </div>
      {empty !== null ? (
        <p className="py-6 text-center text-sm text-fg-muted">{empty}</p>
      ) : asTable ? (
        <ChartTable title={title} data={data} />
      ) : (
        children
      )}
    </section>
  );
}
