import { Download, SquareKanban, Table2 } from 'lucide-react';
import { EXPORT_FORMATS, type ExportFormat } from '../../../../contract/export-formats';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { PipelineView } from '../pipeline-params';

/** What each export's button says, and what its hover text adds. */
const EXPORT_LABELS: Readonly<Record<ExportFormat, { text: string; title: string }>> = {
  xlsx: { text: 'xlsx', title: 'Excel (.xlsx)' },
  csv: { text: 'CSV', title: 'CSV (.csv)' },
  json: { text: 'NDJSON', title: 'JSON lines (.ndjson)' },
};

/** Board or Table: two pressed-or-not buttons, the choice kept in the URL (`?view=table`). */
export function ViewToggle({
  view,
  onChange,
}: {
  view: PipelineView;
  onChange: (view: PipelineView) => void;
}) {
  const choices = [
    { view: 'board', label: 'Board', icon: SquareKanban },
    { view: 'table', label: 'Table', icon: Table2 },
  ] as const;
  return (
    <div role="group" aria-label="View" className="inline-flex rounded-md shadow-sm">
      {choices.map((c, i) => (
        <Button
          key={c.view}
          variant="secondary"
          aria-pressed={view === c.view}
          className={cn(
            i === 0 ? 'rounded-r-none' : '-ml-px rounded-l-none',
            view === c.view && 'bg-surface-hover font-semibold',
          )}
          onClick={() => onChange(c.view)}
        >
          <c.icon aria-hidden="true" />
          {c.label}
        </Button>
      ))}
    </div>
  );
}

/** The pipeline as the filters narrow it, in each format the product exports. */
export function ExportButtons({
  pending,
  onExport,
}: {
  pending: ExportFormat | null;
  onExport: (format: ExportFormat) => void;
}) {
  return (
    <div role="group" aria-label="Export" className="flex items-center gap-1.5">
      <Download className="size-4 text-fg-muted" aria-hidden="true" />
      <span className="text-sm font-medium text-fg-soft" aria-hidden="true">
        Export
      </span>
      {EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          variant="secondary"
          size="sm"
          // The name holds the visible text (WCAG 2.5.3): "Export CSV" for a voice user's "CSV".
          aria-label={`Export ${EXPORT_LABELS[format].text}`}
          title={`Export the pipeline as ${EXPORT_LABELS[format].title}`}
          disabled={pending !== null}
          aria-busy={pending === format || undefined}
          onClick={() => onExport(format)}
        >
          {EXPORT_LABELS[format].text}
        </Button>
      ))}
    </div>
  );
}
