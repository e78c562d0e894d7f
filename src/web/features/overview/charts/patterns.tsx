import { NEUTRAL, patternId } from './paint';

/** The hatch and dot patterns a chart's patterned series fill with (paint.ts's svgFill). */
export function ChartPatterns({ prefix }: { prefix: string }) {
  return (
    <defs>
      <pattern
        id={patternId(prefix, 'hatch')}
        width="4"
        height="4"
        patternUnits="userSpaceOnUse"
        patternTransform="rotate(45)"
      >
        <rect width="1.5" height="4" style={{ fill: NEUTRAL.color }} />
      </pattern>
      <pattern id={patternId(prefix, 'dots')} width="4" height="4" patternUnits="userSpaceOnUse">
        <circle cx="2" cy="2" r="1.1" style={{ fill: NEUTRAL.color }} />
      </pattern>
    </defs>
  );
}
