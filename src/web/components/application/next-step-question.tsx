import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useRef } from 'react';
import {
  APPLICATION_STAGE_LABELS,
  type ApplicationStage,
  type NextStep,
} from '../../../contract/pipeline';
import { Button } from '../ui/button';
import { formatWhen } from './dates';

/** What the operator chose: keep the step through the move, clear it with the move, or no move. */
export type NextStepChoice = 'keep' | 'clear' | 'cancel';

export interface NextStepQuestionProps {
  /** The application's title, the step it has, and the stage it is about to move to. */
  title: string;
  step: NextStep;
  to: ApplicationStage;
  onChoose: (choice: NextStepChoice) => void;
  /**
   * Where the focus goes once the question closes; without it, back where it was (Radix's own).
   * The board moves it to the moved card's control, which is not there yet when this closes.
   */
  manageFocus?: boolean;
}

/**
 * A move past a stage that has a next step asks whether the step still holds (issue 39): "phone
 * screen" may be done once the card is in Interviewing, or may still come. An alert dialog: the
 * focus starts on Keep (what a move did before it asked), Escape and Cancel leave the card where
 * it was, and a cleared step stays in the move's history entry (undoing the move brings it back).
 */
export function NextStepQuestion({
  title,
  step,
  to,
  onChoose,
  manageFocus = false,
}: NextStepQuestionProps) {
  const keep = useRef<HTMLButtonElement>(null);
  // An answer closes the dialog, which Radix reports as a close too: the first one counts.
  const answered = useRef(false);
  const choose = (choice: NextStepChoice) => {
    if (answered.current) return;
    answered.current = true;
    onChoose(choice);
  };
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && choose('cancel')}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <AlertDialog.Content
          onOpenAutoFocus={(event) => {
            // Radix starts on Cancel; Keep is what a move did before it asked.
            event.preventDefault();
            keep.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (manageFocus) event.preventDefault();
          }}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-surface p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-fg">
            Keep the next step?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-fg-muted [overflow-wrap:anywhere]">
            {`${title} has a next step: ${step.what}, ${formatWhen(step.at)}. Keep it in ${APPLICATION_STAGE_LABELS[to]}, or clear it (the timeline keeps it, and Undo brings it back).`}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="ghost">Cancel</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="secondary" onClick={() => choose('clear')}>
                Clear next step
              </Button>
            </AlertDialog.Action>
            <AlertDialog.Action asChild>
              <Button ref={keep} onClick={() => choose('keep')}>
                Keep next step
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
