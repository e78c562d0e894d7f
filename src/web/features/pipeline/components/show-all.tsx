import { useLayoutEffect, useRef, type RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

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
 * Focus for "Show all": call the answer with how many cards showed before; once more show, the
 * focus goes to the link of the first one revealed, inside `list`.
 */
export function useFocusRevealed(list: RefObject<HTMLElement | null>): (shown: number) => void {
  const from = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (from.current === null) return;
    const links = list.current?.querySelectorAll<HTMLElement>('[data-job-id] a[href]');
    const first = links?.[from.current];
    if (!first) return;
    from.current = null;
    first.focus();
  });
  return (shown: number) => {
    from.current = shown;
  };
}
