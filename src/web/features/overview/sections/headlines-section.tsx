import { ArrowDownRight, ArrowUpRight, Equal } from 'lucide-react';
import type {
  OverviewHeadline,
  OverviewHeadlineName,
  OverviewHeadlines,
} from '../../../../contract/overview';
import { useHeadlines } from '../api/get-overview';
import { formatDayRange, formatNumber, formatRatio } from '../charts/format';
import type { OverviewParams } from '../overview-params';
import { OverviewSection } from './overview-section';
import { Stat } from './stat';

const TITLE = 'At a glance';

/** The figures shown, in order: what came in, what was kept and done with it, what it cost. */
const FIGURES: readonly {
  name: Exclude<OverviewHeadlineName, 'site_requests'>;
  label: string;
  format: (value: number) => string;
}[] = [
  { name: 'new_jobs', label: 'New jobs', format: formatNumber },
  { name: 'kept', label: 'Kept', format: formatNumber },
  { name: 'saved', label: 'Saved', format: formatNumber },
  { name: 'applied', label: 'Applied', format: formatNumber },
  { name: 'requests_per_new_job', label: 'Site requests per new job', format: formatRatio },
];

const signedShare = new Intl.NumberFormat(undefined, {
  style: 'percent',
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/**
 * A figure's change in words, the direction said and not only shown: "Up 12 (+25%) on the 7
 * days before (48)", "Down 3 (−20%) …", "Same as the 7 days before (21)", "Up 6 on the 7 days
 * before (none)".
 */
export function changeText(
  figure: OverviewHeadline,
  format: (value: number) => string,
  days: number,
): string {
  const { change, previous } = figure;
  if (change === null || previous === null) return 'Nothing earlier to compare with';
  const before = `the ${formatNumber(days)} days before (${previous === 0 ? 'none' : format(previous)})`;
  if (change === 0) return `Same as ${before}`;
  const share = figure.change_share === null ? '' : ` (${signedShare.format(figure.change_share)})`;
  return `${change > 0 ? 'Up' : 'Down'} ${format(Math.abs(change))}${share} on ${before}`;
}

function ChangeLine({ figure, text }: { figure: OverviewHeadline; text: string }) {
  const Icon =
    figure.change === null
      ? null
      : figure.change > 0
        ? ArrowUpRight
        : figure.change < 0
          ? ArrowDownRight
          : Equal;
  return (
    <span className="inline-flex items-start gap-1">
      {Icon ? <Icon className="mt-px size-3.5 shrink-0" aria-hidden="true" /> : null}
      <span>{text}</span>
    </span>
  );
}

function Headlines({ data }: { data: OverviewHeadlines }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-xs text-fg-muted">
        {data.previous_days
          ? `${formatDayRange(data.days[0] ?? '', data.days.at(-1) ?? '')} against the ${data.days.length} days before it (${formatDayRange(data.previous_days.first, data.previous_days.last)}).`
          : 'Every day so far: there is no earlier range to compare with.'}
      </p>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        {FIGURES.map(({ name, label, format }) => {
          const figure = data[name];
          return (
            <Stat
              key={name}
              label={label}
              value={figure.value === null ? '–' : format(figure.value)}
              detail={
                <ChangeLine figure={figure} text={changeText(figure, format, data.days.length)} />
              }
            />
          );
        })}
      </dl>
    </div>
  );
}

/**
 * 0. At a glance (issue 39): the range's new jobs, kept, saved, applied and site requests per new
 * job, each against the range before it, so "what came in this week" needs no arithmetic.
 */
export function HeadlinesSection({ view }: { view: OverviewParams }) {
  return (
    <OverviewSection title={TITLE} result={useHeadlines(view)}>
      {(data) => <Headlines data={data} />}
    </OverviewSection>
  );
}
