import type { Application, ApplicationStage } from '../../../contract/pipeline';

/**
 * Which control of a moved card takes the focus once it shows in its new column: the handle
 * after a keyboard drag, the menu after a Move to; none after a mouse or finger drag.
 */
export type FocusAfterMove = 'handle' | 'menu' | null;

export type MoveHandler = (
  application: Application,
  stage: ApplicationStage,
  focus: FocusAfterMove,
) => void;

/** The latest move, which its card's menu (and the toast) offers to undo. */
export interface UndoOffer {
  jobId: number;
  /** "Undo move to Screening". */
  label: string;
  undo: () => void;
}

/** What the board and the phone's stage draw from: the cards, and what can be done to them. */
export interface CardsView {
  columns: ReadonlyMap<ApplicationStage, readonly Application[]>;
  now: number;
  /** Where a card's title leads: this screen with the application's panel open. */
  openTo: (jobId: number) => string;
  onMove: MoveHandler;
  /** The stages whose every card shows (past the first page). */
  allShown: { has: (stage: ApplicationStage) => boolean };
  onShowAll: (stage: ApplicationStage) => void;
  /** The card just moved or undone: shown even past its column's first page. */
  pinnedId: number | null;
  undo: UndoOffer | null;
}

/** The card's menu button: the focus comes back to it after a move or an undo from the menu. */
export const MOVE_MENU_ATTRIBUTE = 'data-move-menu';

/** The phone's stage switcher, where the focus goes when a moved card leaves the stage shown. */
export const STAGE_SWITCHER_ID = 'pipeline-stage-switcher';

/**
 * Moving re-creates a card in another column, and its focused control with it: put the focus on
 * the same control of the new card, or on the phone's switcher when the card left the stage shown.
 * False while the card is not yet where its stage says.
 */
export function focusMovedCard(
  jobId: number,
  stage: ApplicationStage,
  control: 'handle' | 'menu',
): boolean {
  const card = document.querySelector<HTMLElement>(
    `section[data-stage] article[data-job-id="${jobId}"]`,
  );
  if (card && card.closest('section[data-stage]')?.getAttribute('data-stage') !== stage)
    return false;
  const target = card
    ? card.querySelector<HTMLElement>(
        control === 'handle' ? '[aria-roledescription="draggable"]' : `[${MOVE_MENU_ATTRIBUTE}]`,
      )
    : document.getElementById(STAGE_SWITCHER_ID);
  target?.focus();
  return true;
}
