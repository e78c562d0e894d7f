import { ArrowRightLeft } from 'lucide-react';
import type { Application } from '../../../../contract/pipeline';
import { cn } from '../../../lib/cn';
import { MOVE_MENU_ATTRIBUTE, type MoveHandler, type UndoOffer } from '../moving';

// The card's Move button as the plain button and as the menu's trigger draw it (stage-menu.tsx).

export interface StageMenuProps {
  application: Application;
  onMove: MoveHandler;
  /** This card's latest move, when it can be undone. */
  undo?: UndoOffer | null;
  className?: string;
}

/** The Move button's attributes, the same before and after its menu has loaded. */
export function moveButtonProps(application: Application, className?: string) {
  return {
    [MOVE_MENU_ATTRIBUTE]: '',
    // The visible "Move" begins the name (WCAG 2.5.3), the title says which card.
    'aria-label': `Move ${application.title} to…`,
    className: cn(
      'inline-flex h-7 shrink-0 items-center gap-1 rounded-md border border-line px-2 text-xs font-medium text-fg-soft hover:bg-surface-hover focus-visible:outline-2 focus-visible:outline-focus data-[state=open]:bg-surface-hover',
      className,
    ),
  };
}

export function MoveButtonFace() {
  return (
    <>
      <ArrowRightLeft className="size-3.5" aria-hidden="true" />
      Move
    </>
  );
}
