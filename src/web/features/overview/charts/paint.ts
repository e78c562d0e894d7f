import type { CSSProperties } from 'react';

/**
 * How a series is drawn: a colour token, and for the series that are not a query's own
 * (reposts, hidden by rules) a pattern on it, so they read apart without relying on colour.
 * `stripes` is a query's own colour crossed by the card's, for the queries whose ids come
 * round the palette a second time (queryPaint).
 */
export interface Paint {
  color: string;
  pattern?: 'hatch' | 'dots' | 'stripes';
}

const SERIES_COLOURS = 8;

/** The n-th series' colour (0-based): --chart-1 … --chart-8, then round again. */
export function seriesPaint(index: number): Paint {
  return { color: `var(--chart-${(index % SERIES_COLOURS) + 1})` };
}

/**
 * A saved query's paint, from its id alone (issue 39): the same on every chart, in every range
 * and for every choice of query, whichever others the range holds (a rank in the range changed
 * with it). Ids 1–8 take the eight colours, 9–16 the same colours striped, and so round: two
 * searches look alike only when their ids are 16 apart.
 */
export function queryPaint(queryId: number): Paint {
  const round = SERIES_COLOURS * 2;
  const slot = (((queryId - 1) % round) + round) % round;
  const paint = seriesPaint(slot);
  return slot < SERIES_COLOURS ? paint : { ...paint, pattern: 'stripes' };
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
  if (paint.pattern === 'stripes') {
    return {
      backgroundImage: `repeating-linear-gradient(-45deg, ${paint.color} 0 3px, var(--surface) 3px 4.5px)`,
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

/**
 * The SVG pattern of a patterned paint in one chart: made from the chart's own prefix, unique on
 * the page; a striped paint has one per colour.
 */
export function patternId(prefix: string, paint: Paint): string {
  const colour =
    paint.pattern === 'stripes'
      ? `-${paint.color.replace(/^var\(--|\)$/g, '').replace(/[^\w-]/g, '')}`
      : '';
  return `${prefix}-${paint.pattern ?? 'solid'}${colour}`;
}

/** A paint as an SVG fill: a pattern needs the chart's <ChartPatterns> in its <defs>. */
export function svgFill(paint: Paint, prefix: string): string {
  return paint.pattern ? `url(#${patternId(prefix, paint)})` : paint.color;
}

/** A paint as a line's stroke: a striped query's line is dashed (its colour comes round twice). */
export function strokeDash(paint: Paint): string | undefined {
  return paint.pattern === 'stripes' ? '4 2' : undefined;
}
