import { lazy, Suspense, type ComponentProps } from 'react';
import type { ConfirmDialog as EagerConfirmDialog } from './confirm-dialog';

// Radix's alert dialog is the heaviest part of a card whose only confirmation is a rare one
// (delete a channel, revoke a token): it loads when first shown, not on the screen's first visit.
const ConfirmDialog = lazy(() =>
  import('./confirm-dialog').then((m) => ({ default: m.ConfirmDialog })),
);

/** ConfirmDialog, loaded when first rendered: render it only once the operator asks. */
export function LazyConfirmDialog(props: ComponentProps<typeof EagerConfirmDialog>) {
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
