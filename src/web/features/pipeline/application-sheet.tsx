import { lazy, Suspense } from 'react';
import type { Application } from '../../../contract/pipeline';
import { SideSheet, SideSheetClose, SideSheetTitle } from '../../components/ui/side-sheet';
import { Spinner } from '../../components/ui/spinner';

// The application's panel is shared with the Jobs screen (src/web/components/application), and
// is its own chunk: the board's first visit does not pay for it.
const ApplicationPanel = lazy(() =>
  import('../../components/application/application-panel').then((m) => ({
    default: m.ApplicationPanel,
  })),
);

/**
 * The side sheet that holds one application's panel, with the job it is for (`SideSheet`,
 * decision 068): focus moves into it and stays there, Escape closes it (after cancelling an edit
 * under way: the panel's forms take the first Escape), and focus goes back to the card's title.
 */
export function ApplicationSheet({
  jobId,
  application,
  onClose,
  onClosed,
}: {
  /** The open application, or null while the sheet is closed. */
  jobId: number | null;
  /** What the board knows of it (its title for the sheet's heading), when it is on the board. */
  application: Application | undefined;
  onClose: () => void;
  /** After closing: where focus goes back to. */
  onClosed: () => void;
}) {
  return (
    <SideSheet open={jobId !== null} onClose={onClose} onClosed={onClosed}>
      <div className="flex items-start justify-between gap-4 border-b border-line px-6 py-4">
        <div className="min-w-0 flex-1">
          <SideSheetTitle className="text-lg font-semibold leading-snug text-fg [overflow-wrap:anywhere]">
            {application?.title ?? 'Application'}
          </SideSheetTitle>
          {application ? (
            <p className="text-sm text-fg-muted [overflow-wrap:anywhere]">
              {application.company_name}
            </p>
          ) : null}
        </div>
        <SideSheetClose />
      </div>
      {/* Padded as the Jobs panel's body is (px-6 py-5): the same panel, the same room. */}
      <div data-sheet-body className="min-h-0 flex-1 overflow-y-auto px-6 py-5">
        {jobId !== null ? (
          <Suspense
            fallback={
              <div className="flex justify-center py-16" role="status" aria-label="Loading">
                <Spinner />
              </div>
            }
          >
            <ApplicationPanel jobId={jobId} onClose={onClose} showJob />
          </Suspense>
        ) : null}
      </div>
    </SideSheet>
  );
}
