import { Group } from '@visx/group';
import { scaleBand } from '@visx/scale';
import { useId, type ReactNode } from 'react';
import { BottomAxis } from './axes';
import { ChartTooltip, TooltipBody, type TooltipLine } from './chart-tooltip';
import { formatDayLong, formatDayShort } from './format';
import { useRovingFocus } from './use-roving-focus';
import { useWidth } from './use-width';

export interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Where a plot's days are, once its box's width is known. */
export interface Plot {
  x: ReturnType<typeof scaleBand<number>>;
  innerWidth: number;
  innerHeight: number;
  /** A day's middle, and the width of its column (bar and gap). */
  centre: (index: number) => number;
  step: number;
  /** Unique on the page: the plot's patterns and tooltip are named from it. */
  prefix: string;
}

/** The room a day's tick label needs along the bottom axis. */
const TICK_SPACING = 56;

/** Every k-th day gets a tick, counted back from the newest, which always has one. */
function dayTicks(count: number, innerWidth: number): number[] {
  const every = Math.max(1, Math.ceil(count / Math.max(2, Math.floor(innerWidth / TICK_SPACING))));
  const ticks: number[] = [];
  for (let i = count - 1; i >= 0; i -= every) ticks.unshift(i);
  return ticks;
}

interface DayPlotProps {
  /** The chart's name, for the group of days a screen reader enters. */
  label: string;
  days: readonly string[];
  height: number;
  margin: Margin;
  /** Drawn under the days and hidden from a screen reader: patterns, grid, axes, labels. */
  backdrop: (plot: Plot) => ReactNode;
  /** What a day draws in its column (bars, marks). */
  day: (index: number, plot: Plot) => ReactNode;
  /** A day's figures, in its tooltip. */
  tooltip: (index: number) => readonly TooltipLine[];
}

/**
 * Values per day along a labelled day axis, drawn at its box's width: the frame the Overview's
 * day charts share (the stacked bars, the rows of fills). Each day is a focusable group (one tab
 * stop; the arrow keys move between days) whose tooltip shows on pointer hover and on keyboard
 * focus, and describes the day to a screen reader.
 */
export function DayPlot({ label, days, height, margin, backdrop, day, tooltip }: DayPlotProps) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const id = useId();
  // useId's colons are valid in an id but not in a url(#…) reference.
  const prefix = `chart${id.replace(/[^\w-]/g, '')}`;
  const tooltipId = `${prefix}-tooltip`;
  const roving = useRovingFocus<SVGGElement>(days.length);

  const innerWidth = Math.max(width - margin.left - margin.right, 10);
  const innerHeight = height - margin.top - margin.bottom;
  const indices = days.map((_, i) => i);
  const x = scaleBand<number>({
    domain: indices,
    range: [0, innerWidth],
    paddingInner: days.length > 60 ? 0.05 : 0.2,
    paddingOuter: 0.1,
  });
  const step = x.step();
  const centre = (i: number) => (x(i) ?? 0) + x.bandwidth() / 2;
  const plot: Plot = { x, innerWidth, innerHeight, centre, step, prefix };
  const active = roving.active;
  const activeDay = active === null ? undefined : days[active];

  return (
    <div ref={ref} className="relative w-full min-w-0">
      <svg
        width={width}
        height={height}
        className="block"
        role="group"
        aria-label={`${label}, by day: arrow keys move between days`}
        onMouseLeave={roving.onMouseLeave}
      >
        <Group left={margin.left} top={margin.top}>
          <g aria-hidden="true">
            {backdrop(plot)}
            <BottomAxis
              ticks={dayTicks(days.length, innerWidth).map((i) => ({
                at: centre(i),
                label: formatDayShort(days[i] ?? ''),
              }))}
              length={innerWidth}
              top={innerHeight}
              label="Day"
            />
          </g>
          {indices.map((i) => (
            <g
              key={i}
              {...roving.itemProps(i)}
              role="img"
              aria-label={formatDayLong(days[i] ?? '')}
              aria-describedby={active === i ? tooltipId : undefined}
              className="outline-none"
            >
              {/* The day's whole column answers the pointer, not only its bars. */}
              <rect
                x={centre(i) - step / 2}
                width={step}
                height={innerHeight}
                className={active === i ? 'fill-surface-hover' : 'fill-transparent'}
              />
              {day(i, plot)}
              {roving.focused === i ? (
                <rect
                  x={centre(i) - step / 2}
                  width={step}
                  height={innerHeight}
                  className="fill-none stroke-focus"
                  strokeWidth={2}
                />
              ) : null}
            </g>
          ))}
        </Group>
      </svg>
      {active !== null && activeDay !== undefined ? (
        <ChartTooltip
          id={tooltipId}
          from={margin.left + centre(active) - step / 2}
          to={margin.left + centre(active) + step / 2}
          top={margin.top}
          boxWidth={width}
        >
          <TooltipBody heading={formatDayLong(activeDay)} lines={tooltip(active)} />
        </ChartTooltip>
      ) : null}
    </div>
  );
}
