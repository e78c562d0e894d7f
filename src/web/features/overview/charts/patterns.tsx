import { HATCHED, DOTTED, patternId, type Paint } from './paint';

/**
 * The patterns a chart's patterned series fill with (paint.ts's svgFill): the neutral hatch and
 * dots, and the stripes of each striped query colour the chart draws.
 */
export function ChartPatterns({ prefix, paints }: { prefix: string; paints: readonly Paint[] }) {
  const striped = [
    ...new Map(paints.filter((p) => p.pattern === 'stripes').map((p) => [patternId(prefix, p), p])),
  ];
  return (
    <defs>
      <pattern
        id={patternId(prefix, HATCHED)}
        width="4"
        height="4"
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(45)"
      >
        <rect width="1.5" height="4" style={{ fill: HATCHED.color }} />
      </pattern>
      <pattern id={patternId(prefix, DOTTED)} width="4" height="4" patternUnits="userSpaceOnUse">
        <circle cx="2" cy="2" r="1.1" style={{ fill: DOTTED.color }} />
      </pattern>
      {striped.map(([id, paint]) => (
        <pattern
          key={id}
          id={id}
          width="4.5"
          height="4.5"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(-45)"
        >
          <rect width="4.5" height="4.5" style={{ fill: paint.color }} />
          <rect x="3" width="1.5" height="4.5" style={{ fill: 'var(--surface)' }} />
        </pattern>
      ))}
    </defs>
  );
}
