import { OVERVIEW_WORKPLACES, type OverviewMarket } from '../../../../contract/overview';
import { ChartFrame } from '../charts/chart-frame';
import type { ChartData } from '../charts/chart-table';
import { DayChart, type DaySeries } from '../charts/day-chart';
import { formatShare } from '../charts/format';
import { Legend } from '../charts/legend';
import { NEUTRAL, seriesPaint, type Paint } from '../charts/paint';
import { csvFileName, type OverviewParams } from '../overview-params';

const TITLE = 'Workplace mix per day';

type Workplace = (typeof OVERVIEW_WORKPLACES)[number];

const WORKPLACES: Record<Workplace, { label: string; paint: Paint }> = {
  remote: { label: 'Remote', paint: seriesPaint(2) },
  hybrid: { label: 'Hybrid', paint: seriesPaint(1) },
  'on-site': { label: 'On-site', paint: seriesPaint(0) },
  unknown: { label: 'Not said', paint: NEUTRAL },
};

export function workplaceSeries(data: OverviewMarket): DaySeries[] {
  return OVERVIEW_WORKPLACES.map((w) => ({ ...WORKPLACES[w], values: data.workplace[w] }));
}

export function workplaceTable(days: readonly string[], series: readonly DaySeries[]): ChartData {
  return {
    columns: [{ label: 'Day' }, ...series.map((s) => ({ label: s.label })), { label: 'Total' }],
    rows: days.map((day, i) => {
      const values = series.map((s) => s.values[i] ?? 0);
      return [day, ...values, values.reduce((a, b) => a + b, 0)];
    }),
  };
}

export function WorkplaceChart({ data, view }: { data: OverviewMarket; view: OverviewParams }) {
  const series = workplaceSeries(data);
  const sums = series.map((s) => s.values.reduce<number>((a, b) => a + (b ?? 0), 0));
  const total = sums.reduce((a, b) => a + b, 0);
  return (
    <ChartFrame
      title={TITLE}
      description={
        total > 0
          ? series.map((s, i) => `${s.label} ${formatShare((sums[i] ?? 0) / total)}`).join(' · ')
          : null
      }
      data={workplaceTable(data.days, series)}
      fileName={csvFileName('workplace', view)}
      empty={total === 0 ? 'No new jobs in this range yet, so no workplace mix.' : null}
    >
      <Legend items={series} />
      <DayChart
        label={TITLE}
        days={data.days}
        series={series}
        yLabel="New jobs"
        totalLabel="All new jobs"
        backfills={data.backfills}
      />
    </ChartFrame>
  );
}
