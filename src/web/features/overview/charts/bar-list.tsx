import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { TEXT_LINK_CLASS } from '../../../components/ui/text-link';
import { cn } from '../../../lib/cn';
import { ItemTooltip, type TooltipLine } from './chart-tooltip';
import { formatNumber } from './format';
import { paintStyle, type Paint } from './paint';
import { useRovingFocus } from './use-roving-focus';

export interface BarItem {
  label: string;
  value: number;
  paint: Paint;
  /** Where the item leads (a company's jobs); without it the item is a plain bar. */
  href?: string;
  /** Beside the label, e.g. a "Blocked" badge. */
  badge?: ReactNode;
  /** A control beside the item, outside its link (a company's "Block"). */
  action?: ReactNode;
  tooltip: readonly TooltipLine[];
  /** Drawn apart from the items above it, under a rule (hidden jobs under the funnel). */
  apart?: boolean;
}

interface BarListProps {
  /** The list's name, for a screen reader. */
  label: string;
  /** The axes' labels, shown above the bars: what the items are, and what is counted. */
  categoryLabel: string;
  valueLabel: string;
  items: readonly BarItem[];
  format?: (value: number) => string;
}

/**
 * Horizontal bars of categories (companies, seniority levels, stages), drawn in HTML so long
 * names wrap on a phone. Each bar's tooltip shows on hover and on focus: links are their own tab
 * stops, plain bars are one (the arrow keys move between them).
 */
export function BarList({
  label,
  categoryLabel,
  valueLabel,
  items,
  format = formatNumber,
}: BarListProps) {
  const tooltipId = useId();
  const roving = useRovingFocus<HTMLLIElement>(items.length, 'first');
  const [linkActive, setLinkActive] = useState<number | null>(null);
  const active = linkActive ?? roving.active;
  const max = Math.max(1, ...items.map((i) => i.value));

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div
        aria-hidden="true"
        className="flex justify-between gap-3 text-xs font-semibold text-fg-subtle"
      >
        <span>{categoryLabel}</span>
        <span>{valueLabel}</span>
      </div>
      <ul aria-label={label} className="flex flex-col gap-2" onMouseLeave={roving.onMouseLeave}>
        {items.map((item, i) => {
          const described = active === i ? tooltipId : undefined;
          const plain = item.href === undefined;
          const focus = plain ? roving.itemProps(i) : null;
          const text = (
            <>
              <span className="min-w-0 break-words">{item.label}</span>
              {item.badge}
              <span className="ml-auto shrink-0 pl-2 font-medium text-fg tabular-nums">
                {format(item.value)}
              </span>
            </>
          );
          return (
            <li
              key={`${i}-${item.label}`}
              {...focus}
              aria-describedby={plain ? described : undefined}
              className={cn(
                'relative flex flex-col gap-1 rounded-sm text-sm',
                item.apart && 'mt-1 border-t border-line pt-3',
                plain && roving.focused === i && 'outline-2 outline-offset-2 outline-focus',
              )}
              onMouseEnter={() => (plain ? roving.itemProps(i).onMouseEnter() : setLinkActive(i))}
              onMouseLeave={plain ? undefined : () => setLinkActive(null)}
            >
              <div className="flex items-center gap-2">
                {item.href === undefined ? (
                  <span className="flex min-w-0 flex-1 items-baseline gap-2 text-fg-soft">
                    {text}
                  </span>
                ) : (
                  <Link
                    to={item.href}
                    aria-describedby={described}
                    className={cn('flex min-w-0 flex-1 items-baseline gap-2', TEXT_LINK_CLASS)}
                    onFocus={() => setLinkActive(i)}
                    onBlur={() => setLinkActive(null)}
                    onKeyDown={(event) => {
                      if (event.key === 'Escape') setLinkActive(null);
                    }}
                  >
                    {text}
                  </Link>
                )}
                {item.action}
              </div>
              <span aria-hidden="true" className="block h-2.5 w-full rounded-sm bg-line-soft">
                <span
                  className="block h-full rounded-sm"
                  style={{ ...paintStyle(item.paint), width: `${(item.value / max) * 100}%` }}
                />
              </span>
              {active === i ? (
                <ItemTooltip id={tooltipId} heading={item.label} lines={item.tooltip} />
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
