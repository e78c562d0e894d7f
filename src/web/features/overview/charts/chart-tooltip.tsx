import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Swatch } from './legend';
import type { Paint } from './paint';

const GAP = 8;

/**
 * A chart's tooltip, in the chart's own box: beside the item it describes (right of it, or left
 * where the right has no room), so it never hides the item. `from` and `to` are the item's left
 * and right edges in the box. Placed before paint, from its own measured width.
 */
export function ChartTooltip({
  id,
  from,
  to,
  top,
  boxWidth,
  children,
}: {
  id: string;
  from: number;
  to: number;
  top: number;
  boxWidth: number;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const width = element.offsetWidth;
    const right = to + GAP;
    const left =
      right + width <= boxWidth
        ? right
        : from - GAP - width >= 0
          ? from - GAP - width
          : Math.max(0, Math.min(boxWidth - width, (from + to) / 2 - width / 2));
    element.style.left = `${left}px`;
  });
  return (
    <div
      ref={ref}
      id={id}
      role="tooltip"
      className="pointer-events-none absolute z-10 w-max max-w-64 rounded-md bg-tooltip px-3 py-2 text-xs text-white shadow-md"
      style={{ left: to + GAP, top }}
    >
      {children}
    </div>
  );
}

export interface TooltipLine {
  label: string;
  value: string;
  paint?: Paint;
}

/** A tooltip's text: a heading and one line per value, each with its series' swatch. */
export function TooltipBody({
  heading,
  lines,
}: {
  heading: string;
  lines: readonly TooltipLine[];
}) {
  return (
    <>
      <p className="font-semibold">{heading}</p>
      <ul className="mt-1 flex flex-col gap-0.5">
        {lines.map((line, i) => (
          <li key={`${i}-${line.label}`} className="flex items-center gap-1.5">
            {line.paint ? <Swatch paint={line.paint} className="ring-1 ring-white/70" /> : null}
            <span className="min-w-0 break-words">{line.label}:</span>
            <span className="ml-auto pl-2 font-medium tabular-nums">{line.value}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The tooltip of an item in a list of bars: under the item, in the item's own box. */
export function ItemTooltip({
  id,
  heading,
  lines,
}: {
  id: string;
  heading: string;
  lines: readonly TooltipLine[];
}) {
  return (
    <div
      id={id}
      role="tooltip"
      className="pointer-events-none absolute top-full left-0 z-10 mt-1 w-max max-w-64 rounded-md bg-tooltip px-3 py-2 text-xs text-white shadow-md"
    >
      <TooltipBody heading={heading} lines={lines} />
    </div>
  );
}
