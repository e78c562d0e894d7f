import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { Application } from '../../../../contract/pipeline';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { FIRST_PAGE, firstPage } from '../first-page';

/**
 * "Show all N" under a first page of cards or rows. Once pressed it is gone, so the focus moves
 * on to the first card it revealed (its title's link) rather than falling back to the page.
 */
export function ShowAll({
  total,
  where,
  onShowAll,
  className,
}: {
  total: number;
  /** Said after the count to a screen reader: "applications in Saved". */
  where: string;
  onShowAll: () => void;
  className?: string;
}) {
  return (
    <Button
      size="sm"
      variant="secondary"
      // The visible "Show all 400" begins the name (WCAG 2.5.3).
      aria-label={`Show all ${total} ${where}`}
      className={cn('self-center', className)}
      onClick={onShowAll}
    >
      Show all {total}
    </Button>
  );
}

/**
 * A list's first page (decision 059): the cards it shows, the element that holds them, and "Show
 * all", which moves the focus to the link of the first card it revealed once they show.
 */
export function useFirstPage<T extends Pick<Application, 'job_id'>, E extends HTMLElement>(
  cards: readonly T[],
  { showAll, pinnedId = null, onShowAll }: FirstPageOptions,
): { list: RefObject<E | null>; shown: readonly T[]; revealAll: () => void } {
  const list = useRef<E>(null);
  const revealed = useRef(false);
  useLayoutEffect(() => {
    if (!revealed.current) return;
    const first = list.current?.querySelectorAll<HTMLElement>('[data-job-id] a[href]')[FIRST_PAGE];
    if (!first) return;
    revealed.current = false;
    first.focus();
  });
  return {
    list,
    shown: firstPage(cards, showAll, pinnedId),
    revealAll: () => {
      revealed.current = true;
      onShowAll();
    },
  };
}

interface FirstPageOptions {
  showAll: boolean;
  /** The card just moved or undone, shown even past the first page. */
  pinnedId?: number | null;
  onShowAll: () => void;
}
