import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';

/**
 * A tooltip on hover and keyboard focus. `content` null renders the child alone. The trigger is
 * wrapped in a focusable span so a disabled button (which gets no pointer events) still shows it.
 */
export function Tooltip({ content, children }: { content: string | null; children: ReactNode }) {
  if (content === null) return <>{children}</>;
  return (
    <TooltipPrimitive.Provider delayDuration={150}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a disabled control must still reveal why */}
          <span tabIndex={0} className="inline-flex" title={content}>
            {children}
          </span>
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            sideOffset={6}
            className="z-50 rounded-md bg-slate-900 px-3 py-1.5 text-xs text-white shadow-md"
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-slate-900" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
