import { cutDays } from './cut-days';
import { formatDayShort, formatNumber } from './format';
import { strokeDash, type Paint } from './paint';

const WIDTH = 96;
const HEIGHT = 24;

/**
 * A row's new jobs per day, as a line in a table cell. Its name says what it shows in words
 * (the total, and the best day), since a screen reader cannot see the line. The search's first
 * day, far above the days after it, is cut at the top (a dot marks it) so those stay readable.
 */
export function Sparkline({
  days,
  values,
  paint,
  backfillDay = null,
}: {
  days: readonly string[];
  values: readonly number[];
  /** The query's own paint, as the New jobs chart draws it. */
  paint: Paint;
  /** The day the search stored its first jobs (its backfill), if it has. */
  backfillDay?: string | null;
}) {
  const { top, cut } = cutDays(
    values,
    days.map((day) => (day === backfillDay ? 1 : 0)),
  );
  const max = Math.max(1, top);
  const step = values.length > 1 ? WIDTH / (values.length - 1) : 0;
  const y = (v: number) => (HEIGHT - 2 - (Math.min(v, max) / max) * (HEIGHT - 4)).toFixed(1);
  // One day is a level line across the box.
  const points =
    values.length === 1
      ? `0,${y(values[0] ?? 0)} ${WIDTH},${y(values[0] ?? 0)}`
      : values.map((v, i) => `${(i * step).toFixed(1)},${y(v)}`).join(' ');
  const total = values.reduce((a, b) => a + b, 0);
  const peak = values.indexOf(Math.max(...values));
  const peakDay = days[peak];
  const name =
    total === 0 || peakDay === undefined
      ? 'No new jobs on any day'
      : `${formatNumber(total)} new in all, most on ${formatDayShort(peakDay)} (${formatNumber(values[peak] ?? 0)})${cut.has(peak) ? ', its first day, drawn cut' : ''}`;
  return (
    <svg
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={name}
      className="block overflow-visible"
    >
      <title>{name}</title>
      <polyline
        points={points}
        style={{ fill: 'none', stroke: paint.color, strokeWidth: 1.5 }}
        strokeDasharray={strokeDash(paint)}
        strokeLinejoin="round"
      />
      {[...cut].map((i) => (
        <circle key={i} cx={i * step} cy={y(max)} r={2.5} style={{ fill: paint.color }} />
      ))}
    </svg>
  );
}
