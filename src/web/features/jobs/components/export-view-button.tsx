import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { EXPORT_FORMATS, type ExportFormat } from '../../../../contract/export-formats';
import { Button } from '../../../components/ui/button';
import { fieldClasses } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';

/** What each format is called in the choice: what an operator opens it with. */
export const EXPORT_FORMAT_LABELS: Readonly<Record<ExportFormat, string>> = {
  xlsx: 'Excel (.xlsx)',
  csv: 'CSV (.csv)',
  json: 'JSON lines (.ndjson)',
};

/** The last format chosen, kept in this browser so a CSV user need not choose every time. */
export const EXPORT_FORMAT_STORAGE_KEY = 'jobs_export_format';

function storedFormat(): ExportFormat {
  try {
    const stored = window.localStorage.getItem(EXPORT_FORMAT_STORAGE_KEY);
    return EXPORT_FORMATS.find((f) => f === stored) ?? 'xlsx';
  } catch {
    // Storage refused (private mode, a policy): the default, as on a first visit.
    return 'xlsx';
  }
}

function storeFormat(format: ExportFormat): void {
  try {
    window.localStorage.setItem(EXPORT_FORMAT_STORAGE_KEY, format);
  } catch {
    // Not remembered; the choice still applies to this visit.
  }
}

/**
 * "Export this view" with its format beside it (issue 18): a native select, so the phone's own
 * picker opens at 390 px and a screen reader announces "Export format, Excel (.xlsx)". Excel is
 * the default, as the button always downloaded.
 */
export function ExportViewButton({
  pending,
  onExport,
}: {
  pending: boolean;
  onExport: (format: ExportFormat) => void;
}) {
  const [format, setFormat] = useState<ExportFormat>(storedFormat);
  const selectId = useId();
  return (
    <div className="flex items-center">
      <label htmlFor={selectId} className="sr-only">
        Export format
      </label>
      <select
        id={selectId}
        // As wide as its longest name: fieldClasses' w-full (later in the CSS than w-auto) let
        // the button squeeze it to "Excel (." on a phone.
        className={cn(fieldClasses, 'h-9 w-auto! shrink-0 rounded-r-none border-r-0 py-1 text-fg')}
        value={format}
        disabled={pending}
        onChange={(e) => {
          const next = EXPORT_FORMATS.find((f) => f === e.target.value);
          if (!next) return;
          setFormat(next);
          storeFormat(next);
        }}
      >
        {EXPORT_FORMATS.map((f) => (
          <option key={f} value={f}>
            {EXPORT_FORMAT_LABELS[f]}
          </option>
        ))}
      </select>
      <Button
        variant="secondary"
        className="rounded-l-none"
        disabled={pending}
        aria-busy={pending || undefined}
        onClick={() => onExport(format)}
      >
        <Download aria-hidden="true" />
        {pending ? 'Exporting...' : 'Export this view'}
      </Button>
    </div>
  );
}
