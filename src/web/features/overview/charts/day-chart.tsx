import { GridRows } from '@visx/grid';
import { scaleLinear } from '@visx/scale';
import { LeftAxis } from './axes';
import type { TooltipLine } from './chart-tooltip';
import { formatDayShort, formatNumber } from './format';
import { svgFill, type Paint } from './paint';
import { ChartPatterns } from './patterns';
import { cutDays } from './cut-days';
import { DayPlot, type Plot } from './day-plot';

export interface DaySeries {
  label: string;
  /** One value a day, as the chart's days; null where the day has none. */
  values: readonly (number | null)[];
  paint: Paint;
}

interface DayChartProps {
  /** The chart's name, for the group of days a screen reader enters. */
  label: string;
  days: readonly string[];
  /** Bottom of the stack first. */
  series: readonly DaySeries[];
  /** The vertical axis' label, e.g. "New jobs". */
  yLabel: string;
  /** How a value reads in the tooltip and on the axis (a count by default). */
  format?: (value: number) => string;
  /** The tooltip adds the day up under this name. */
  totalLabel?: string;
  /**
   * Per day, how many searches stored their first jobs that day (the answer's `backfills`): such
   * a day may stand so far above the others that it is drawn cut (issue 39).
   */
  backfills?: readonly number[];
}

const HEIGHT = 260;
const MARGIN = { top: 22, right: 20, bottom: 48, left: 68 };
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

/**
 * Stacked bars of values per day (DayPlot's days, tooltips and keyboard), with a labelled value
 * axis. A search's first day far above the rest is drawn cut, with its total on it.
 */
export function DayChart({
  label,
  days,
  series,
  yLabel,
  format = formatNumber,
  totalLabel = 'Total',
  backfills,
}: DayChartProps) {
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const totals = days.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const { top, cut } = cutDays(totals, backfills);
  const y = scaleLinear<number>({
    domain: [0, Math.max(top, 1)],
    range: [innerHeight, 0],
    nice: true,
  });
  const [, yTop = 1] = y.domain();
  const yTicks = y.ticks(4).filter((t) => Number.isInteger(t));

  const tooltip = (i: number): TooltipLine[] => [
    ...series.flatMap((s): TooltipLine[] => {
      const v = s.values[i];
      return v ? [{ label: s.label, value: format(v), paint: s.paint }] : [];
    }),
    { label: totalLabel, value: format(totals[i] ?? 0) },
    ...(cut.has(i) ? [{ label: 'A search’s first day', value: `bar cut at ${format(yTop)}` }] : []),
  ];

  const backdrop = (plot: Plot) => (
    <>
      <ChartPatterns prefix={plot.prefix} paints={series.map((s) => s.paint)} />
      <GridRows
        scale={y}
        width={plot.innerWidth}
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
    </>
  );

  const day = (i: number, plot: Plot) => {
    const x = plot.x(i) ?? 0;
    const width = plot.x.bandwidth();
    return (
      <>
        {stackDay(series, i).map(({ paint, from, to }, n) =>
          from >= yTop ? null : (
            <rect
              key={n}
              x={x}
              y={y(Math.min(to, yTop))}
              width={width}
              height={y(from) - y(Math.min(to, yTop))}
              style={{
                fill: svgFill(paint, plot.prefix),
                stroke: paint.pattern ? paint.color : 'var(--surface)',
                strokeWidth: width >= 4 ? 1 : 0,
              }}
            />
          ),
        )}
        {cut.has(i) ? <CutMark x={x} width={width} total={format(totals[i] ?? 0)} /> : null}
      </>
    );
  };

  const cutNote = [...cut]
    .map((i) => `${formatDayShort(days[i] ?? '')} (${format(totals[i] ?? 0)})`)
    .join(', ');
  return (
    <>
      <DayPlot
        label={label}
        days={days}
        height={HEIGHT}
        margin={MARGIN}
        backdrop={backdrop}
        day={day}
        tooltip={tooltip}
      />
      {cut.size > 0 ? (
        <p className="text-xs text-fg-muted">
          {`A search’s first day stores every job it finds at once; drawn cut so the days after it stay readable: ${cutNote}.`}
        </p>
      ) : null}
    </>
  );
}

/** A cut bar's top: two slanted gaps across it (the break), and its total above it. */
function CutMark({ x, width, total }: { x: number; width: number; total: string }) {
  const centre = x + width / 2;
  const gap = (at: number) => `M${x - 1},${at + 3} L${x + width + 1},${at - 1}`;
  return (
    <>
      <path
        d={`${gap(8)} ${gap(13)}`}
        style={{ stroke: 'var(--surface)', strokeWidth: 2.5, fill: 'none' }}
      />
      <text
        x={centre}
        y={-6}
        textAnchor="middle"
        fontSize={11}
        className="fill-fg font-semibold tabular-nums"
      >
        {total}
      </text>
    </>
  );
}
