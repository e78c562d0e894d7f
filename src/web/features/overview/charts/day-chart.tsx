import { GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { useId } from 'react';
import { BottomAxis, LeftAxis } from './axes';
import { ChartTooltip, TooltipBody, type TooltipLine } from './chart-tooltip';
import { formatDayLong, formatDayShort, formatNumber } from './format';
import { svgFill, type Paint } from './paint';
import { ChartPatterns } from './patterns';
import { useRovingFocus } from './use-roving-focus';
import { useWidth } from './use-width';

export interface DaySeries {
  label: string;
  /** One value a day, as the chart's days; null where the day has none (a gap in a line). */
  values: readonly (number | null)[];
  paint: Paint;
}

interface DayChartProps {
  /** The chart's name, for the group of days a screen reader enters. */
  label: string;
  days: readonly string[];
  /** Bottom of the stack first; a line chart draws them in this order. */
  series: readonly DaySeries[];
  kind: 'stacked' | 'lines';
  /** The vertical axis' label, e.g. "New jobs". */
  yLabel: string;
  /** How a value reads in the tooltip and on the axis (a count by default). */
  format?: (value: number) => string;
  /** A fixed top of the scale (100 for percentages); the data's largest value otherwise. */
  yMax?: number;
  /** The stacked chart's tooltip adds the day up under this name. */
  totalLabel?: string;
}

const HEIGHT = 260;
const MARGIN = { top: 12, right: 20, bottom: 48, left: 68 };
/** The room a day's tick label needs along the bottom axis. */
const TICK_SPACING = 56;

/** Every k-th day gets a tick, counted back from the newest, which always has one. */
function dayTicks(count: number, innerWidth: number): number[] {
  const every = Math.max(1, Math.ceil(count / Math.max(2, Math.floor(innerWidth / TICK_SPACING))));
  const ticks: number[] = [];
  for (let i = count - 1; i >= 0; i -= every) ticks.unshift(i);
  return ticks;
}

/**
 * A chart of values per day: stacked bars or lines, drawn at its box's width, with labelled axes.
 * Each day is a focusable group (one tab stop; the arrow keys move between days) whose tooltip
 * shows on pointer hover and on keyboard focus, and describes the day to a screen reader.
 */
export function DayChart({
  label,
  days,
  series,
  kind,
  yLabel,
  format = formatNumber,
  yMax,
  totalLabel = 'Total',
}: DayChartProps) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const id = useId();
  // useId's colons are valid in an id but not in a url(#…) reference.
  const prefix = `chart${id.replace(/[^\w-]/g, '')}`;
  const tooltipId = `${prefix}-tooltip`;
  const roving = useRovingFocus<SVGGElement>(days.length);

  const innerWidth = Math.max(width - MARGIN.left - MARGIN.right, 10);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const indices = days.map((_, i) => i);
  const value = (s: DaySeries, i: number) => s.values[i] ?? null;
  const totals = indices.map((i) => series.reduce((sum, s) => sum + (value(s, i) ?? 0), 0));
  const largest =
    kind === 'stacked'
      ? Math.max(0, ...totals)
      : Math.max(0, ...series.flatMap((s) => s.values.map((v) => v ?? 0)));

  const x = scaleBand<number>({
    domain: indices,
    range: [0, innerWidth],
    paddingInner: days.length > 60 ? 0.05 : 0.2,
    paddingOuter: 0.1,
  });
  const y = scaleLinear<number>({
    domain: [0, yMax ?? Math.max(largest, 1)],
    range: [innerHeight, 0],
    nice: yMax === undefined,
  });
  const band = x.bandwidth();
  const step = x.step();
  const centre = (i: number) => (x(i) ?? 0) + band / 2;
  const yTicks = y.ticks(4).filter((t) => yMax !== undefined || Number.isInteger(t));

  const tooltipLines = (i: number): TooltipLine[] => {
    const lines = series.flatMap((s): TooltipLine[] => {
      const v = value(s, i);
      // A stack lists what the day has; a line chart says where a series has no value.
      if (kind === 'stacked' && !v) return [];
      return [{ label: s.label, value: v === null ? 'no data' : format(v), paint: s.paint }];
    });
    return kind === 'stacked'
      ? [...lines, { label: totalLabel, value: format(totals[i] ?? 0) }]
      : lines;
  };

  const active = roving.active;
  const activeDay = active === null ? undefined : days[active];

  return (
    <div ref={ref} className="relative w-full min-w-0">
      <svg
        width={width}
        height={HEIGHT}
        className="block"
        role="group"
        aria-label={`${label}, by day: arrow keys move between days`}
        onMouseLeave={roving.onMouseLeave}
      >
        <ChartPatterns prefix={prefix} paints={series.map((s) => s.paint)} />
        <Group left={MARGIN.left} top={MARGIN.top}>
          <g aria-hidden="true">
            <GridRows
              scale={y}
              width={innerWidth}
              tickValues={yTicks}
              className="stroke-line"
              strokeDasharray="2 3"
            />
            <LeftAxis
              ticks={yTicks.map((t) => ({ at: y(t), label: format(t) }))}
              length={innerHeight}
              label={yLabel}
              labelOffset={MARGIN.left - 14}
            />
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
          {kind === 'lines'
            ? series.map((s, n) => (
                <LinePath
                  key={n}
                  aria-hidden="true"
                  data={indices}
                  x={centre}
                  y={(i) => y(value(s, i) ?? 0)}
                  defined={(i) => value(s, i) !== null}
                  strokeWidth={2}
                  style={{ stroke: s.paint.color, fill: 'none' }}
                />
              ))
            : null}
          {indices.map((i) => {
            const item = roving.itemProps(i);
            return (
              <g
                key={i}
                {...item}
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
                {kind === 'stacked' ? (
                  <DayStack
                    series={series}
                    index={i}
                    x={x(i) ?? 0}
                    width={band}
                    y={y}
                    prefix={prefix}
                  />
                ) : (
                  <DayPoints
                    series={series}
                    index={i}
                    cx={centre(i)}
                    y={y}
                    shown={days.length <= 31 || active === i}
                  />
                )}
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
            );
          })}
        </Group>
      </svg>
      {active !== null && activeDay !== undefined ? (
        <ChartTooltip
          id={tooltipId}
          from={MARGIN.left + centre(active) - step / 2}
          to={MARGIN.left + centre(active) + step / 2}
          top={MARGIN.top}
          boxWidth={width}
        >
          <TooltipBody heading={formatDayLong(activeDay)} lines={tooltipLines(active)} />
        </ChartTooltip>
      ) : null}
    </div>
  );
}

type YScale = ReturnType<typeof scaleLinear<number>>;

/** One day's bar: its series stacked from the bottom, a hairline of the card between them. */
function DayStack({
  series,
  index,
  x,
  width,
  y,
  prefix,
}: {
  series: readonly DaySeries[];
  index: number;
  x: number;
  width: number;
  y: YScale;
  prefix: string;
}) {
  const segments = stackDay(series, index);
  return (
    <>
      {segments.map(({ paint, from, to }, n) => (
        <rect
          key={n}
          x={x}
          y={y(to)}
          width={width}
          height={y(from) - y(to)}
          style={{
            fill: svgFill(paint, prefix),
            stroke: paint.pattern ? paint.color : 'var(--surface)',
            strokeWidth: width >= 4 ? 1 : 0,
          }}
        />
      ))}
    </>
  );
}

/** A day's non-empty series as segments of its stack, bottom up: where each starts and ends. */
export function stackDay(series: readonly DaySeries[], index: number) {
  const segments: { paint: Paint; from: number; to: number }[] = [];
  let base = 0;
  for (const s of series) {
    const v = s.values[index] ?? 0;
    if (v <= 0) continue;
    segments.push({ paint: s.paint, from: base, to: base + v });
    base += v;
  }
  return segments;
}

/** One day's points on the lines: every day's on a short range, the active day's on a long one. */
function DayPoints({
  series,
  index,
  cx,
  y,
  shown,
}: {
  series: readonly DaySeries[];
  index: number;
  cx: number;
  y: YScale;
  shown: boolean;
}) {
  if (!shown) return null;
  return (
    <>
      {series.map((s, n) => {
        const v = s.values[index];
        if (v === null || v === undefined) return null;
        return (
          <circle
            key={n}
            cx={cx}
            cy={y(v)}
            r={3}
            style={{ fill: s.paint.color, stroke: 'var(--surface)', strokeWidth: 1 }}
          />
        );
      })}
    </>
  );
}
