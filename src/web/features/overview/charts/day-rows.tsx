import type { TooltipLine } from './chart-tooltip';
import { formatDayRange, formatNumber } from './format';
import { DayPlot, type Plot } from './day-plot';
import type { Paint } from './paint';

export interface DayRow {
  label: string;
  /** One value a day, as the chart's days; null where the day has none (no bar, no track). */
  values: readonly (number | null)[];
  /** Days marked on the row (a field's drift), hatched behind its bars and named in words. */
  marked?: readonly boolean[];
}

interface DayRowsProps {
  /** The chart's name, for the group of days a screen reader enters. */
  label: string;
  days: readonly string[];
  rows: readonly DayRow[];
  /** The rows' shared scale's top (100 for percentages); without it each row has its own. */
  max?: number;
  /** The vertical axis' label, said once for every row, e.g. "Filled (%)". */
  yLabel: string;
  /** What a mark means, in its row's label and the tooltip, e.g. "drifting". */
  markLabel?: string;
  format?: (value: number) => string;
  paint: Paint;
}

const ROW = 46;
const LABEL = 14;
const GAP = 6;
const MARGIN = { top: 4, right: 20, bottom: 48, left: 68 };

/** A row's marked days as periods, "Oct 26 – 30": a day without a value does not end one. */
export function markedPeriods(
  days: readonly string[],
  row: Pick<DayRow, 'values' | 'marked'>,
): string[] {
  const periods: Array<[number, number]> = [];
  let open: [number, number] | null = null;
  days.forEach((_, i) => {
    if (row.marked?.[i]) {
      if (open) open[1] = i;
      else periods.push((open = [i, i]));
    } else if (row.values[i] !== null) open = null;
  });
  return periods.map(([from, to]) => formatDayRange(days[from] ?? '', days[to] ?? ''));
}

/** A row's scale's top: the shared one, or its own largest value (at least 1). */
const rowTop = (row: DayRow, max: number | undefined) =>
  max ?? Math.max(1, ...row.values.map((v) => v ?? 0));

/**
 * Small multiples of values per day: one row per series, each on its own band with its label, so
 * eight lines at 100 % no longer hide one another (issue 39, docs/decisions/060). Marked days
 * (a drift) are hatched behind the row's bars and named beside its label, so a past drift stays
 * visible after the field recovered. DayPlot gives the days, the tooltips and the keyboard.
 */
export function DayRows({
  label,
  days,
  rows,
  max,
  yLabel,
  markLabel = 'marked',
  format = formatNumber,
  paint,
}: DayRowsProps) {
  const band = ROW - LABEL - GAP;
  const height = MARGIN.top + rows.length * ROW + MARGIN.bottom;
  const bandTop = (r: number) => r * ROW + LABEL;
  const periods = rows.map((row) => markedPeriods(days, row));

  const tooltip = (i: number): TooltipLine[] =>
    rows.map((row) => {
      const v = row.values[i] ?? null;
      const mark = row.marked?.[i] ? ` (${markLabel})` : '';
      return { label: row.label, value: `${v === null ? 'no data' : format(v)}${mark}` };
    });

  const backdrop = (plot: Plot) => (
    <>
      <defs>
        <pattern
          id={`${plot.prefix}-mark`}
          width="4"
          height="4"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width="1.5" height="4" style={{ fill: 'var(--danger-fg)' }} />
        </pattern>
      </defs>
      {rows.map((row, r) => (
        <g key={r} transform={`translate(0, ${r * ROW})`}>
          <text y={LABEL - 4} fontSize={12} className="fill-fg-soft">
            {row.label}
            {periods[r]?.length ? (
              <tspan className="fill-danger-fg">{` · ${markLabel} ${periods[r]?.join(', ')}`}</tspan>
            ) : null}
          </text>
          <line x1={-6} y1={LABEL} y2={LABEL} className="stroke-line-strong" />
          <text
            x={-9}
            y={LABEL}
            dy="0.32em"
            textAnchor="end"
            fontSize={11}
            className="fill-fg-muted"
          >
            {format(rowTop(row, max))}
          </text>
          <line
            x1={-6}
            x2={plot.innerWidth}
            y1={LABEL + band}
            y2={LABEL + band}
            className="stroke-line-strong"
          />
          <text
            x={-9}
            y={LABEL + band}
            dy="0.32em"
            textAnchor="end"
            fontSize={11}
            className="fill-fg-muted"
          >
            {format(0)}
          </text>
        </g>
      ))}
      <text
        transform={`translate(${14 - MARGIN.left}, ${(rows.length * ROW) / 2}) rotate(-90)`}
        fontSize={12}
        textAnchor="middle"
        className="fill-fg-soft"
      >
        {yLabel}
      </text>
    </>
  );

  const day = (i: number, plot: Plot) => {
    const x = plot.x(i) ?? 0;
    const width = plot.x.bandwidth();
    return rows.map((row, r) => {
      const v = row.values[i] ?? null;
      const top = bandTop(r);
      const height = v === null ? 0 : (Math.min(v, rowTop(row, max)) / rowTop(row, max)) * band;
      return (
        <g key={r}>
          {row.marked?.[i] ? (
            <rect
              x={plot.centre(i) - plot.step / 2}
              y={top}
              width={plot.step}
              height={band}
              style={{ fill: `url(#${plot.prefix}-mark)` }}
            />
          ) : v !== null ? (
            <rect x={x} y={top} width={width} height={band} className="fill-surface-muted" />
          ) : null}
          {height > 0 ? (
            <rect
              x={x}
              y={top + band - height}
              width={width}
              height={height}
              style={{ fill: paint.color }}
            />
          ) : null}
        </g>
      );
    });
  };

  return (
    <DayPlot
      label={label}
      days={days}
      height={height}
      margin={MARGIN}
      backdrop={backdrop}
      day={day}
      tooltip={tooltip}
    />
  );
}
