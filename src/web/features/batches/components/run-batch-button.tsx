import { Play } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

export const RUN_BATCH_CONFIRMATION =
  'Are you sure you want to start a new batch job? This will begin processing all active queries.';

/** "Run Batch": asks first in an in-app dialog (SPEC.md §2, DESIGN.md), then calls `onStart`. */
export function RunBatchButton({ pending, onStart }: { pending: boolean; onStart: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button onClick={() => setConfirming(true)} disabled={pending}>
        <Play aria-hidden="true" />
        {pending ? 'Starting...' : 'Run Batch'}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Run Batch"
        message={RUN_BATCH_CONFIRMATION}
        onConfirm={onStart}
      />
    </>
  );
}
