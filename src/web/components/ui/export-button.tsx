import { Download } from 'lucide-react';
import { Button } from './button';

/** SPEC.md's "Export" button of a completed row; one download at a time per row. */
export function ExportButton({ pending, onExport }: { pending: boolean; onExport: () => void }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={pending}
      aria-busy={pending || undefined}
      onClick={onExport}
    >
      <Download aria-hidden="true" />
      Export
    </Button>
  );
}
