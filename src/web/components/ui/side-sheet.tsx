import { hideOthers } from 'aria-hidden';
import { X } from 'lucide-react';
import {
  createContext,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';

/**
 * The side sheet of the Jobs panel and the Pipeline's application: a modal built on the
 * platform's `inert` instead of Radix Dialog. Decision 068: Radix Dialog brought 12.9 kB
 * (react-remove-scroll, focus-scope, dismissable-layer) to `/jobs?job=<id>`, whose first visit
 * read 161 kB against 150. What it did for the sheet, the browser does here: the page behind is
 * `inert` (neither focus nor pointer reach it), hidden from assistive technology by the same
 * `aria-hidden` library Radix uses, and Tab wraps inside the sheet. Radix dialogs, menus and
 * tooltips opened from inside still work: they portal to the body after the sheet opened, so the
 * page's `inert` does not cover them, and their own Escape (marked handled) comes first.
 */

const Sheet = createContext<{ titleId: string; close: () => void } | null>(null);

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** What Tab can reach inside the sheet, in order: shown, enabled, not inside something inert. */
function tabbables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) =>
      el.tabIndex >= 0 &&
      !el.closest('[inert], [hidden]') &&
      // Chromium, Firefox and Safari 17.4+: hidden by CSS (a closed <details>, display: none).
      (typeof el.checkVisibility !== 'function' || el.checkVisibility()),
  );
}

export interface SideSheetProps {
  open: boolean;
  /** Escape, the close button or a click on the backdrop. */
  onClose: () => void;
  /** After closing: where the focus goes back to. */
  onClosed: () => void;
  children: ReactNode;
}

export function SideSheet({ open, onClose, onClosed, children }: SideSheetProps) {
  const titleId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  const closedRef = useRef(onClosed);
  useEffect(() => {
    closeRef.current = onClose;
    closedRef.current = onClosed;
  });

  // Open: the page behind is inert and hidden, it no longer scrolls, and the focus moves in.
  // Closed: all of it undone, then the focus goes back where the caller says.
  useLayoutEffect(() => {
    if (!open || !wrapper.current || !content.current) return;
    const sheet = wrapper.current;
    const madeInert: Element[] = [];
    for (const el of Array.from(document.body.children)) {
      if (el === sheet || el.hasAttribute('inert')) continue;
      el.setAttribute('inert', '');
      madeInert.push(el);
    }
    const unhide = hideOthers(sheet);
    const body = document.body.style;
    const before = { overflow: body.overflow, paddingRight: body.paddingRight };
    // The scroll bar's room is kept, so the page behind does not move sideways.
    const scrollBar = window.innerWidth - document.documentElement.clientWidth;
    body.overflow = 'hidden';
    if (scrollBar > 0) body.paddingRight = `${scrollBar}px`;
    const root = content.current;
    (tabbables(root)[0] ?? root).focus();
    // The loading header's Close gives way to the loaded one's: focus that falls out with a
    // removed element lands on the sheet, not on the inert page's body.
    const refocus = new MutationObserver(() => {
      if (document.activeElement === document.body || document.activeElement === null) root.focus();
    });
    refocus.observe(root, { childList: true, subtree: true });
    return () => {
      refocus.disconnect();
      for (const el of madeInert) el.removeAttribute('inert');
      unhide();
      body.overflow = before.overflow;
      body.paddingRight = before.paddingRight;
      closedRef.current();
    };
  }, [open]);

  // Escape closes, unless something inside took it first (a form's edit, a confirmation, a menu:
  // each marks the key handled), as Radix's layers do.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      closeRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const wrapTab = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const root = content.current;
    // React's events bubble through portals: a Tab in a confirmation opened from here is its own.
    if (event.key !== 'Tab' || !root || !(event.target instanceof Node)) return;
    if (!root.contains(event.target)) return;
    const all = tabbables(root);
    const first = all[0];
    const last = all[all.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (event.target === first || event.target === root)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && event.target === last) {
      event.preventDefault();
      first.focus();
    }
  };

  if (!open) return null;
  return createPortal(
    <div ref={wrapper} data-side-sheet="">
      <div className="fixed inset-0 z-40 bg-overlay" aria-hidden="true" onClick={onClose} />
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the modal's
          own focus keeping: Tab at either end of the sheet goes round to the other. */}
      <div
        ref={content}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={wrapTab}
        className="fixed inset-y-0 right-0 z-50 flex w-full max-w-2xl flex-col bg-surface shadow-2xl outline-none"
      >
        <Sheet.Provider value={{ titleId, close: onClose }}>{children}</Sheet.Provider>
      </div>
    </div>,
    document.body,
  );
}

/** The sheet's name: the dialog is labelled by it. */
export function SideSheetTitle({
  className,
  children,
}: {
  className: string;
  children: ReactNode;
}) {
  return (
    <h2 id={useContext(Sheet)?.titleId} className={className}>
      {children}
    </h2>
  );
}

export function SideSheetClose() {
  const sheet = useContext(Sheet);
  return (
    <button
      type="button"
      onClick={sheet?.close}
      className="rounded p-1 text-fg-subtle hover:bg-surface-hover hover:text-fg-muted"
      aria-label="Close"
    >
      <X className="size-5" aria-hidden="true" />
    </button>
  );
}
