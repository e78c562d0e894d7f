import { CircleStop } from 'lucide-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useCancelBatch } from '../api/cancel-batch';

export function cancelBatchConfirmation(batchId: number): string {
  return `Are you sure you want to cancel batch ${batchId}? It stops after the request in flight; the jobs found so far are kept.`;
}

/**
 * Issue 12: "Cancel" in a working batch's Actions cell (DESIGN.md "Beyond SPEC.md"), asked
 * first in an in-app dialog. Once the server has the request, the button says so until the
 * runner has ended the batch.
 */
export function CancelBatchButton({ batchId, requested }: { batchId: number; requested: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelBatch();
  const waiting = requested || cancel.isPending || cancel.isSuccess;
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        variant="secondary"
        size="sm"
        disabled={waiting}
        aria-busy={waiting || undefined}
        onClick={() => setConfirming(true)}
      >
        <CircleStop aria-hidden="true" />
        {waiting ? 'Cancelling...' : 'Cancel'}
      </Button>
      {cancel.isError ? (
        <ErrorAlert className="px-2 py-1 text-xs">{`Could not cancel: ${cancel.error.message}`}</ErrorAlert>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel Batch"
        message={cancelBatchConfirmation(batchId)}
        destructive
        onConfirm={() => cancel.mutate(batchId)}
      />
    </div>
  );
}
