import { lazy, Suspense, useState } from 'react';
import { MoveButtonFace, moveButtonProps, type StageMenuProps } from './move-button';

// Radix's dropdown menu (with its positioning) is 18 kB compressed: it loads when a Move button
// is first pressed or approached, so neither a first visit nor a board of hundreds of cards pays
// for it (decision 059).
const loadPopup = () => import('./stage-menu-popup');
const StageMenuPopup = lazy(() => loadPopup().then((m) => ({ default: m.StageMenuPopup })));

/**
 * "Move": the way to move a card without dragging it, and the only one on a phone. A compact menu
 * button instead of a select across the card, so a column shows more cards (issue 39). Until it
 * is first pressed it is a plain button (cheap to draw hundreds of); pressed (click, Enter, Space
 * or ↓), it becomes the menu, open. The card's latest move is undone from here too.
 */
export function StageMenu(props: StageMenuProps) {
  const [opened, setOpened] = useState(false);
  const button = (
    <button
      type="button"
      {...moveButtonProps(props.application, props.className)}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadPopup()}
      onFocus={() => void loadPopup()}
      onClick={() => setOpened(true)}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        setOpened(true);
      }}
    >
      <MoveButtonFace />
    </button>
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <StageMenuPopup {...props} />
    </Suspense>
  );
}
