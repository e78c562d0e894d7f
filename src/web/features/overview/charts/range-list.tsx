import { useId } from 'react';
import { cn } from '../../../lib/cn';
import { ItemTooltip, type TooltipLine } from './chart-tooltip';
import { paintStyle, type Paint } from './paint';
import { useRovingFocus } from './use-roving-focus';

export interface RangeItem {
  label: string;
  /** A line under the label, e.g. the quartiles and the number of jobs in words. */
  detail: string;
  low: number;
  mid: number;
  high: number;
  /** Where the row's scale ends (each row has its own: currencies do not share an axis). */
  scaleMax: number;
  paint: Paint;
  tooltip: readonly TooltipLine[];
}

interface RangeListProps {
  label: string;
  categoryLabel: string;
  valueLabel: string;
  /** The scale's ends under each bar, e.g. "0" and "€120,000". */
  formatEnd: (item: RangeItem, value: number) => string;
  items: readonly RangeItem[];
}

/**
 * A range per row (a salary's quartiles with its median marked), each on its own scale from 0,
 * whose ends are written under the bar. Tooltips on hover and on focus, one tab stop for all.
 */
export function RangeList({ label, categoryLabel, valueLabel, formatEnd, items }: RangeListProps) {
  const tooltipId = useId();
  const roving = useRovingFocus<HTMLLIElement>(items.length, 'first');
  const at = (item: RangeItem, v: number) => `${(v / Math.max(item.scaleMax, 1)) * 100}%`;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div
        aria-hidden="true"
        className="flex justify-between gap-3 text-xs font-semibold text-fg-subtle"
      >
        <span>{categoryLabel}</span>
        <span>{valueLabel}</span>
      </div>
      <ul aria-label={label} className="flex flex-col gap-3" onMouseLeave={roving.onMouseLeave}>
        {items.map((item, i) => (
          <li
            key={`${i}-${item.label}`}
            {...roving.itemProps(i)}
            aria-describedby={roving.active === i ? tooltipId : undefined}
            className={cn(
              'relative flex flex-col gap-1 rounded-sm text-sm',
              roving.focused === i && 'outline-2 outline-offset-2 outline-focus',
            )}
          >
            <span className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-medium text-fg">{item.label}</span>
              <span className="text-xs text-fg-muted">{item.detail}</span>
            </span>
            <span aria-hidden="true" className="relative block h-3 w-full rounded-sm bg-line-soft">
              <span
                className="absolute inset-y-0 block rounded-sm"
                style={{
                  ...paintStyle(item.paint),
                  left: at(item, item.low),
                  width: `calc(${at(item, item.high)} - ${at(item, item.low)})`,
                }}
              />
              <span
                className="absolute -inset-y-1 block w-0.5 -translate-x-1/2 bg-fg"
                style={{ left: at(item, item.mid) }}
              />
            </span>
            <span aria-hidden="true" className="flex justify-between text-xs text-fg-subtle">
              <span>{formatEnd(item, 0)}</span>
              <span>{formatEnd(item, item.scaleMax)}</span>
            </span>
            {roving.active === i ? (
              <ItemTooltip id={tooltipId} heading={item.label} lines={item.tooltip} />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
