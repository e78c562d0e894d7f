import { useEffect, useRef } from 'react';

export interface JobShortcuts {
  next: () => void;
  previous: () => void;
  open: () => void;
  save: () => void;
  applied: () => void;
  hide: () => void;
  openOnSite: () => void;
}

// Inputs that take no typed text: on them (e.g. a row's checkbox just ticked) the keys still work.
const NON_TEXT_INPUTS = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'range',
  'color',
  'file',
  'image',
]);

/** Typing in a field (or a select's type-ahead) is never a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * The Jobs screen's keys: j/k move, Enter opens, s/a/h triage, o opens on the site. Off while
 * the operator types, holds a modifier, or a confirmation is open.
 */
export function useJobShortcuts(shortcuts: JobShortcuts): void {
  // The latest handlers, without re-subscribing on every render.
  const current = useRef(shortcuts);
  useEffect(() => {
    current.current = shortcuts;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(event.target)) return;
      if (document.querySelector('[role="alertdialog"]')) return;
      const s = current.current;
      const actions: Record<string, (() => void) | undefined> = {
        j: s.next,
        k: s.previous,
        s: s.save,
        a: s.applied,
        h: s.hide,
        o: s.openOnSite,
      };
      // Enter on a button, link or checkbox keeps its own meaning.
      if (event.key === 'Enter') {
        if (event.target instanceof HTMLElement && event.target.closest('button, a, input')) return;
        event.preventDefault();
        s.open();
        return;
      }
      const action = actions[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
