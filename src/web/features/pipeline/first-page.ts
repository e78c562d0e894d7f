import type { Application } from '../../../contract/pipeline';

/**
 * How many cards a column (or the phone's stage, or the table) shows before "Show all N"
 * (decision 059): about twice what a column shows at once on a laptop, so the board draws 108
 * cards at most whatever the volume, and a phone's page stays within three screens or so.
 */
export const FIRST_PAGE = 12;

/**
 * The cards shown: all once asked for, else the first page, with the card just moved or undone
 * after it when its place in the order is further down (so the focus and the eye can follow it).
 */
export function firstPage<T extends Pick<Application, 'job_id'>>(
  cards: readonly T[],
  showAll: boolean,
  pinnedId: number | null = null,
): readonly T[] {
  if (showAll || cards.length <= FIRST_PAGE) return cards;
  const page = cards.slice(0, FIRST_PAGE);
  const pinned = pinnedId === null ? -1 : cards.findIndex((c) => c.job_id === pinnedId);
  const card = cards[pinned];
  return pinned >= FIRST_PAGE && card ? [...page, card] : page;
}
