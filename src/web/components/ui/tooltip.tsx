import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

// Hover waits a moment so a pointer passing over a table doesn't flash tooltips; focus is at once.
const HOVER_DELAY_MS = 150;
// Space between the trigger and the tooltip, and the least space kept to the viewport's edges.
const GAP_PX = 6;
const EDGE_PX = 8;

interface Placement {
  left: number;
  top: number;
  above: boolean;
  /** The arrow's centre, from the tooltip's left edge: it keeps pointing at the trigger. */
  arrowX: number;
}

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, max));

/**
 * Where the tooltip goes in viewport coordinates: centred above the trigger, below it when there
 * is no room above, and slid sideways to stay on screen.
 */
function place(trigger: DOMRect, width: number, height: number): Placement {
  const viewportWidth = document.documentElement.clientWidth || window.innerWidth;
  const centre = trigger.left + trigger.width / 2;
  const left = clamp(
    centre - width / 2,
    EDGE_PX,
    Math.max(EDGE_PX, viewportWidth - EDGE_PX - width),
  );
  const above = trigger.top - GAP_PX - height >= EDGE_PX;
  const top = above ? trigger.top - GAP_PX - height : trigger.bottom + GAP_PX;
  return {
    left,
    top,
    above,
    arrowX: clamp(centre - left, EDGE_PX, Math.max(EDGE_PX, width - EDGE_PX)),
  };
}

/**
 * A tooltip on hover and keyboard focus. `content` null renders the child alone. The trigger is
 * wrapped in a focusable span so a disabled button (which gets no pointer events) still shows it.
 */
export function Tooltip({ content, children }: { content: string | null; children: ReactNode }) {
  if (content === null) return <>{children}</>;
  // A separate component so its open state starts fresh whenever the tooltip comes back.
  return <TooltipTrigger content={content}>{children}</TooltipTrigger>;
}

function TooltipTrigger({ content, children }: { content: string; children: ReactNode }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const triggerRef = useRef<HTMLSpanElement>(null);
  const tooltipRef = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancelTimer = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  const show = useCallback(() => {
    cancelTimer();
    setOpen(true);
  }, [cancelTimer]);
  const hide = useCallback(() => {
    cancelTimer();
    setOpen(false);
    setPlacement(null);
  }, [cancelTimer]);

  useEffect(() => cancelTimer, [cancelTimer]);

  // Position: fixed, measured before paint, so a table's overflow doesn't clip the tooltip.
  // Without a layout (jsdom) it keeps its CSS place above the trigger.
  const measure = useCallback(() => {
    const trigger = triggerRef.current;
    const tooltip = tooltipRef.current;
    if (!trigger || !tooltip) return;
    const rect = trigger.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) return;
    setPlacement(place(rect, tooltip.offsetWidth, tooltip.offsetHeight));
  }, []);

  useLayoutEffect(() => {
    if (open) measure();
  }, [open, measure]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    // Fixed positioning doesn't follow the trigger when anything scrolls; follow it by hand.
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('scroll', measure, { capture: true, passive: true });
    window.addEventListener('resize', measure);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('scroll', measure, { capture: true });
      window.removeEventListener('resize', measure);
    };
  }, [open, hide, measure]);

  return (
    <span
      ref={triggerRef}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a disabled control must still reveal why
      tabIndex={0}
      className="relative inline-flex"
      aria-describedby={open ? id : undefined}
      onMouseEnter={() => {
        cancelTimer();
        timer.current = setTimeout(show, HOVER_DELAY_MS);
      }}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={(event) => {
        // Focus moving between the wrapper and the control inside it is not leaving.
        if (!event.currentTarget.contains(event.relatedTarget)) hide();
      }}
    >
      {children}
      {open ? (
        <span
          ref={tooltipRef}
          id={id}
          role="tooltip"
          className={
            'pointer-events-none z-50 w-max max-w-xs rounded-md bg-tooltip px-3 py-1.5 text-left text-xs font-normal whitespace-normal text-white normal-case shadow-md ' +
            (placement ? 'fixed' : 'absolute bottom-full left-1/2 mb-1.5 -translate-x-1/2')
          }
          style={placement ? { left: placement.left, top: placement.top } : undefined}
        >
          {content}
          <span
            aria-hidden="true"
            className={
              'absolute size-2 rotate-45 bg-tooltip ' +
              (placement ? '' : '-bottom-1 left-1/2 -ml-1')
            }
            style={
              placement
                ? placement.above
                  ? { left: placement.arrowX - 4, bottom: -4 }
                  : { left: placement.arrowX - 4, top: -4 }
                : undefined
            }
          />
        </span>
      ) : null}
    </span>
  );
}
