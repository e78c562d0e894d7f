import type { FitBand } from '../../../../contract/fit';
import type { OverviewFit } from '../../../../contract/overview';
import { useFitBands } from '../api/get-overview';
import { ChartFrame } from '../charts/chart-frame';
import type { ChartData } from '../charts/chart-table';
import { DayChart, type DaySeries } from '../charts/day-chart';
import { Legend } from '../charts/legend';
import type { Paint } from '../charts/paint';
import { csvFileName, type OverviewParams } from '../overview-params';
import { OverviewSection } from './overview-section';

const TITLE = 'New jobs by fit';

/**
 * Each band in its colour wherever a band shows (the theme's --fit-* tokens, Okabe-Ito's
 * colour-blind-safe hues); the fallback is the light theme's value, for a theme without them.
 */
export const BAND_PAINTS: Readonly<Record<FitBand, Paint>> = {
  strong: { color: 'var(--fit-strong, #009e73)' },
  good: { color: 'var(--fit-good, #3496c9)' },
  weak: { color: 'var(--fit-weak, #c58000)' },
  poor: { color: 'var(--fit-poor, #d55e00)' },
};
/** Jobs without a fit: grey and striped, apart from every band. */
const UNSCORED: Paint = { color: 'var(--chart-neutral)', pattern: 'stripes' };
export const UNSCORED_LABEL = 'No fit';

/** The stack, bottom up: Strong, Good, Weak, Poor, then the jobs without a fit. */
export function fitSeries(data: OverviewFit): DaySeries[] {
  return [
    ...data.bands.map((b) => ({ label: b.label, values: b.jobs, paint: BAND_PAINTS[b.band] })),
    { label: UNSCORED_LABEL, values: data.unscored, paint: UNSCORED },
  ];
}

export function fitTable(data: OverviewFit, series: readonly DaySeries[]): ChartData {
  return {
    columns: [{ label: 'Day' }, ...series.map((s) => ({ label: s.label })), { label: 'Total' }],
    rows: data.days.map((day, i) => [
      day,
      ...series.map((s) => s.values[i] ?? 0),
      series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0),
    ]),
  };
}

function FitChart({ data, view }: { data: OverviewFit; view: OverviewParams }) {
  const series = fitSeries(data);
  const scored = data.bands.some((b) => b.jobs.some((n) => n > 0));
  const none = !scored && data.unscored.every((n) => n === 0);
  return (
    <ChartFrame
      title={TITLE}
      level={2}
      description="Jobs first seen each day by their fit band (Strong 80 or more, Good 60, Weak 40, Poor below 40). A job counts in its band as its score is now: its details read, or a profile changed, may move it."
      data={fitTable(data, series)}
      fileName={csvFileName('fit', view)}
      empty={
        none
          ? 'No new jobs in this range yet.'
          : scored
            ? null
            : 'No new job in this range has a fit: make a fit profile (Jobs → Fit) to score them.'
      }
    >
      <Legend items={series} />
      <DayChart
        label={TITLE}
        days={data.days}
        series={series}
        yLabel="New jobs"
        totalLabel="All new jobs"
      />
    </ChartFrame>
  );
}

/** Issue 40: the new jobs of each day by fit band. */
export function FitSection({ view }: { view: OverviewParams }) {
  return (
    <OverviewSection title={TITLE} result={useFitBands(view)} single>
      {(data) => <FitChart data={data} view={view} />}
    </OverviewSection>
  );
}
