import type { ReactNode, RefObject } from 'react';

/**
 * A link past what comes before `target` (WCAG 2.4.1), out of sight until the keyboard reaches
 * it. It moves the focus itself rather than following its #fragment: a fragment would add a
 * history entry and land in the URL the Jobs screen keeps its state in. `target` needs
 * tabIndex={-1} to take the focus; the next Tab goes on from there.
 */
export function SkipLink({
  target,
  targetId,
  children,
}: {
  target: RefObject<HTMLElement | null>;
  /** The target's id: the link still works as a plain link, opened in a new tab say. */
  targetId: string;
  children: ReactNode;
}) {
  return (
    <a
      href={`#${targetId}`}
      // The padding only once focused: sr-only's own `padding: 0` loses to px-4 otherwise.
      className="sr-only rounded-md bg-surface text-sm font-medium text-accent-fg underline shadow-lg ring-2 ring-focus focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:px-4 focus:py-2"
      onClick={(event) => {
        const element = target.current;
        if (!element) return;
        event.preventDefault();
        element.focus();
      }}
    >
      {children}
    </a>
  );
}
