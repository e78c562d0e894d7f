// The charts' axes, drawn here rather than with @visx/axis: its tick labels come through
// @visx/text, which brings a CSS calc() evaluator (about 17 kB minified with its helpers) for
// wrapping and scaling text the Overview never asks for. Lines and <text> are all it needs.

const TICK = 6;
const TICK_TEXT = { className: 'fill-fg-muted', fontSize: 11 } as const;
const LABEL_TEXT = { className: 'fill-fg-soft', fontSize: 12, textAnchor: 'middle' } as const;

export interface AxisTick {
  /** Where the tick sits along the axis, in pixels from its start. */
  at: number;
  label: string;
}

/** The vertical axis on a plot's left edge, its label turned along it. */
export function LeftAxis({
  ticks,
  length,
  label,
  labelOffset,
}: {
  ticks: readonly AxisTick[];
  length: number;
  label: string;
  labelOffset: number;
}) {
  return (
    <g>
      <line y2={length} className="stroke-line-strong" />
      {ticks.map((tick) => (
        <g key={tick.at} transform={`translate(0, ${tick.at})`}>
          <line x1={-TICK} className="stroke-line-strong" />
          <text x={-TICK - 3} dy="0.32em" textAnchor="end" {...TICK_TEXT}>
            {tick.label}
          </text>
        </g>
      ))}
      <text transform={`translate(${-labelOffset}, ${length / 2}) rotate(-90)`} {...LABEL_TEXT}>
        {label}
      </text>
    </g>
  );
}

/** The horizontal axis along a plot's bottom edge, its label centred under the ticks. */
export function BottomAxis({
  ticks,
  length,
  top,
  label,
}: {
  ticks: readonly AxisTick[];
  length: number;
  top: number;
  label: string;
}) {
  return (
    <g transform={`translate(0, ${top})`}>
      <line x2={length} className="stroke-line-strong" />
      {ticks.map((tick) => (
        <g key={tick.at} transform={`translate(${tick.at}, 0)`}>
          <line y2={TICK} className="stroke-line-strong" />
          <text y={TICK + 3} dy="0.71em" textAnchor="middle" {...TICK_TEXT}>
            {tick.label}
          </text>
        </g>
      ))}
      <text x={length / 2} y={TICK + 34} {...LABEL_TEXT}>
        {label}
      </text>
    </g>
  );
}
