import type { CSSProperties } from 'react';

/**
 * How a series is drawn: a colour token, and for the series that are not a query's own
 * (reposts, hidden by rules) a pattern on it, so they read apart without relying on colour.
 */
export interface Paint {
  color: string;
  pattern?: 'hatch' | 'dots';
}

const SERIES_COLOURS = 8;

/** The n-th series' colour (0-based): --chart-1 … --chart-8, then round again. */
export function seriesPaint(index: number): Paint {
  return { color: `var(--chart-${(index % SERIES_COLOURS) + 1})` };
}

export const NEUTRAL: Paint = { color: 'var(--chart-neutral)' };
export const HATCHED: Paint = { color: 'var(--chart-neutral)', pattern: 'hatch' };
export const DOTTED: Paint = { color: 'var(--chart-neutral)', pattern: 'dots' };

/** A paint as an HTML box's background (legend and tooltip swatches, bar lists). */
export function paintStyle(paint: Paint): CSSProperties {
  if (paint.pattern === 'hatch') {
    return {
      backgroundImage: `repeating-linear-gradient(45deg, ${paint.color} 0 1.5px, transparent 1.5px 4px)`,
      boxShadow: `inset 0 0 0 1px ${paint.color}`,
    };
  }
  if (paint.pattern === 'dots') {
    return {
      backgroundImage: `radial-gradient(${paint.color} 1.1px, transparent 1.3px)`,
      backgroundSize: '4px 4px',
      boxShadow: `inset 0 0 0 1px ${paint.color}`,
    };
  }
  return { backgroundColor: paint.color };
}

/** The SVG patterns of one chart: ids made from the chart's own prefix, unique on the page. */
export function patternId(prefix: string, pattern: NonNullable<Paint['pattern']>): string {
  return `${prefix}-${pattern}`;
}

/** A paint as an SVG fill: a pattern needs the chart's <ChartPatterns> in its <defs>. */
export function svgFill(paint: Paint, prefix: string): string {
  return paint.pattern ? `url(#${patternId(prefix, paint.pattern)})` : paint.color;
}
