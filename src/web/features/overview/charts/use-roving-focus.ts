import { useCallback, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

/** The keys that move between a chart's items, and how far. */
function target(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return Math.min(index + 1, count - 1);
    case 'ArrowLeft':
    case 'ArrowUp':
      return Math.max(index - 1, 0);
    case 'PageDown':
      return Math.min(index + 7, count - 1);
    case 'PageUp':
      return Math.max(index - 7, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * A chart's items (its days, its bars) as one stop in the tab order (a roving tabindex, as WAI-ARIA
 * advises for composite widgets): Tab enters at the last item used, else at `start` (a chart of
 * days enters at the newest, a list at its first); the arrow
 * keys, Page Up/Down (a week) and Home/End move; Escape closes the tooltip. `active` is the item
 * whose tooltip shows, by the pointer or by the keyboard.
 */
export function useRovingFocus<T extends Element & { focus: () => void }>(
  count: number,
  start: 'first' | 'last' = 'last',
) {
  const [active, setActive] = useState<number | null>(null);
  const [stop, setStop] = useState<number | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const items = useRef<(T | null)[]>([]);
  // A range with fewer items clamps the stop.
  const tabStop = Math.min(stop ?? (start === 'first' ? 0 : count - 1), count - 1);

  const itemProps = useCallback(
    (index: number) => ({
      ref: (element: T | null) => {
        items.current[index] = element;
      },
      tabIndex: index === tabStop ? 0 : -1,
      onFocus: () => {
        setFocused(index);
        setStop(index);
        setActive(index);
      },
      onBlur: (event: FocusEvent) => {
        const next = event.relatedTarget;
        if (items.current.some((item) => item !== null && item === next)) return;
        setFocused(null);
        setActive(null);
      },
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'Escape') {
          setActive(null);
          return;
        }
        const next = target(event.key, index, count);
        if (next === null) return;
        event.preventDefault();
        items.current[next]?.focus();
      },
      onMouseEnter: () => setActive(index),
    }),
    [count, tabStop],
  );

  /** The pointer left the chart: the tooltip goes back to the focused item, or away. */
  const onMouseLeave = useCallback(() => setActive(focused), [focused]);

  return { active, focused, itemProps, onMouseLeave };
}
