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
        control === 'handle' ? '[aria-roledescription="draggable"]' : 'select',
      )
    : document.getElementById(STAGE_SWITCHER_ID);
  target?.focus();
  return true;
}
