import type { OverviewMarket, OverviewSalary } from '../../../../contract/overview';
import { ChartFrame } from '../charts/chart-frame';
import type { ChartData } from '../charts/chart-table';
import { formatMoney, formatNumber } from '../charts/format';
import { seriesPaint } from '../charts/paint';
import { RangeList } from '../charts/range-list';
import { csvFileName, type OverviewParams } from '../overview-params';

const TITLE = 'Yearly salaries by currency';

/** A round end for a row's scale, a little past its 75th percentile. */
export function scaleEnd(high: number): number {
  if (high <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(high * 1.1));
  return Math.ceil((high * 1.1) / magnitude) * magnitude;
}

export function salariesTable(salaries: readonly OverviewSalary[]): ChartData {
  return {
    columns: [
      { label: 'Currency' },
      { label: 'Jobs' },
      { label: '25th percentile' },
      { label: 'Median' },
      { label: '75th percentile' },
    ],
    rows: salaries.map((s) => [s.currency, s.jobs, s.p25, s.median, s.p75]),
  };
}

export function SalariesChart({ data, view }: { data: OverviewMarket; view: OverviewParams }) {
  return (
    <ChartFrame
      title={TITLE}
      description="Where the site shows a salary: each job’s range midpoint as a year, the median marked within the middle half (25th to 75th percentile)."
      data={salariesTable(data.salaries)}
      fileName={csvFileName('salaries', view)}
      empty={data.salaries.length === 0 ? 'No new job in this range shows a salary.' : null}
    >
      <RangeList
        label={TITLE}
        categoryLabel="Currency"
        valueLabel="Yearly salary"
        formatEnd={(item, value) => formatMoney(value, item.label)}
        items={data.salaries.map((s, i) => ({
          label: s.currency,
          detail: `median ${formatMoney(s.median, s.currency)} · ${formatMoney(s.p25, s.currency)} to ${formatMoney(s.p75, s.currency)} · ${formatNumber(s.jobs)} ${s.jobs === 1 ? 'job' : 'jobs'}`,
          low: s.p25,
          mid: s.median,
          high: s.p75,
          scaleMax: scaleEnd(s.p75),
          paint: seriesPaint(i + 2),
          tooltip: [
            { label: 'Median', value: formatMoney(s.median, s.currency) },
            { label: '25th percentile', value: formatMoney(s.p25, s.currency) },
            { label: '75th percentile', value: formatMoney(s.p75, s.currency) },
            { label: 'Jobs', value: formatNumber(s.jobs) },
          ],
        }))}
      />
    </ChartFrame>
  );
}
