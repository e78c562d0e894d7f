import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  APPLICATION_STAGE_LABELS,
  isClosingStage,
  type Application,
  type ApplicationStage,
} from '../../../contract/pipeline';
import { LazyNextStepQuestion } from '../../components/application/lazy-next-step-question';
import type { NextStepChoice } from '../../components/application/next-step-question';
import { useToast } from '../../components/ui/toaster';
import { useMoveApplication } from './api/move-application';
import { useUndoMove } from './api/undo-move';
import { focusMovedCard, type FocusAfterMove, type MoveHandler, type UndoOffer } from './moving';

const label = (stage: ApplicationStage) => APPLICATION_STAGE_LABELS[stage];

/** A move the operator may take back: its card, its history entry, where it came from. */
interface LastMove {
  jobId: number;
  eventId: number;
  title: string;
  from: ApplicationStage;
  to: ApplicationStage;
}

interface Asked {
  application: Application;
  stage: ApplicationStage;
  focus: FocusAfterMove;
}

export interface Moves {
  /** Moves a card (drag, keyboard, menu), asking first about a next step the move may end. */
  moveTo: MoveHandler;
  /** The latest move, which its card's menu offers to undo (the toast does too). */
  undo: UndoOffer | null;
  /** The card just moved or undone: its column shows it even past the first page. */
  pinnedId: number | null;
  /** Why the last move or undo failed, where the board shows it. */
  moveError: string | null;
  /** The Keep / Clear question, while a move waits for its answer. */
  question: ReactNode;
}

/**
 * The board's moves (issues 33 and 39): each sent at once (the card moves before the server
 * answers, and back if it refuses), the focus following the moved card; a move past a stage with
 * a next step asks whether to keep it (a closing stage ends it without asking); the toast and the
 * card's menu offer Undo, which restores the stage, its date and the step.
 */
export function useMoves(items: readonly Application[] | undefined): Moves {
  const sendMove = useMoveApplication();
  const { mutate: sendUndo } = useUndoMove();
  const toast = useToast();
  const [moveError, setMoveError] = useState<string | null>(null);
  const [asked, setAsked] = useState<Asked | null>(null);
  const [lastMove, setLastMove] = useState<LastMove | null>(null);
  const [pinnedId, setPinnedId] = useState<number | null>(null);
  const dismissToast = useRef<(() => void) | null>(null);

  // The card moved by the keyboard or the menu, and the control that had the focus: given back to
  // it in its new column (or in its old one, when the server refused the move).
  const focusAfter = useRef<{ jobId: number; stage: ApplicationStage; control: FocusAfterMove }>(
    null,
  );
  useLayoutEffect(() => {
    const want = focusAfter.current;
    if (!want?.control) return;
    if (focusMovedCard(want.jobId, want.stage, want.control)) focusAfter.current = null;
  }, [items]);

  const runUndo = useCallback(
    (move: LastMove) => {
      setMoveError(null);
      setLastMove(null);
      dismissToast.current?.();
      // Wherever the undo was asked (the toast, the card's menu), the focus ends on the card's
      // menu in its column of before.
      focusAfter.current = { jobId: move.jobId, stage: move.from, control: 'menu' };
      setPinnedId(move.jobId);
      sendUndo(
        { jobId: move.jobId, eventId: move.eventId },
        {
          onSuccess: () => toast(`Undone: ${move.title} is back in ${label(move.from)}`),
          onError: (error) => {
            focusAfter.current = null;
            setMoveError(`Could not undo the move of ${move.title}: ${error.message}`);
          },
        },
      );
    },
    [sendUndo, toast],
  );

  const send = useCallback(
    (application: Application, stage: ApplicationStage, focus: FocusAfterMove, clear: boolean) => {
      setMoveError(null);
      focusAfter.current = { jobId: application.job_id, stage, control: focus };
      setPinnedId(application.job_id);
      const { title } = application;
      sendMove(
        { jobId: application.job_id, stage, clearNextStep: clear },
        {
          onSuccess: (moved) => {
            const entry = moved.history.at(-1);
            if (!entry) return;
            const done: LastMove = {
              jobId: moved.job_id,
              eventId: entry.id,
              title,
              from: application.stage,
              to: stage,
            };
            setLastMove(done);
            const ended = entry.ended_next_step
              ? ` and ${isClosingStage(stage) ? 'ended' : 'cleared'} its next step`
              : '';
            dismissToast.current?.();
            dismissToast.current = toast(`Moved ${title} to ${label(stage)}${ended}`, {
              action: { label: 'Undo', onAction: () => runUndo(done) },
            });
          },
          // The card is already back where it was (the cache's snapshot): say so where it shows.
          onError: (error) => {
            focusAfter.current = {
              jobId: application.job_id,
              stage: application.stage,
              control: focus,
            };
            setMoveError(
              `Could not move ${title} to ${label(stage)}: ${error.message}. It stays in ${label(application.stage)}.`,
            );
          },
        },
      );
    },
    [sendMove, toast, runUndo],
  );

  const moveTo = useCallback<MoveHandler>(
    (application, stage, focus) => {
      if (application.next_step && !isClosingStage(stage)) setAsked({ application, stage, focus });
      else send(application, stage, focus, false);
    },
    [send],
  );

  const answer = (choice: NextStepChoice) => {
    if (!asked) return;
    setAsked(null);
    const { application, stage, focus } = asked;
    if (choice !== 'cancel') send(application, stage, focus, choice === 'clear');
    // Not moved: the focus goes back to the control that asked, where the card still is.
    else if (focus)
      requestAnimationFrame(() => focusMovedCard(application.job_id, application.stage, focus));
  };

  const undo = useMemo<UndoOffer | null>(
    () =>
      lastMove && {
        jobId: lastMove.jobId,
        label: `Undo move to ${label(lastMove.to)}`,
        undo: () => runUndo(lastMove),
      },
    [lastMove, runUndo],
  );

  const question =
    asked?.application.next_step != null ? (
      <LazyNextStepQuestion
        title={asked.application.title}
        step={asked.application.next_step}
        to={asked.stage}
        onChoose={answer}
        manageFocus={asked.focus !== null}
      />
    ) : null;

  return { moveTo, undo, pinnedId, moveError, question };
}
