import type { OverviewNewJobs } from '../../../../contract/overview';
import { useNewJobs } from '../api/get-overview';
import { ChartFrame } from '../charts/chart-frame';
import type { ChartData } from '../charts/chart-table';
import { DayChart, type DaySeries } from '../charts/day-chart';
import { Legend } from '../charts/legend';
import { DOTTED, HATCHED, NEUTRAL, queryPaint } from '../charts/paint';
import { OverviewSection } from './overview-section';
import { csvFileName, type OverviewParams } from '../overview-params';

const TITLE = 'New jobs per day';

/**
 * The stack, bottom up: the top queries, the other queries, then reposts and rule-hidden jobs.
 * Each query is painted by its id, so it keeps its colour whatever the range ranks it.
 */
export function newJobsSeries(data: OverviewNewJobs): DaySeries[] {
  const other = data.series.filter((s) => s.query_id === null);
  return [
    ...data.series.flatMap((s) =>
      s.query_id === null
        ? []
        : [{ label: s.label, values: s.jobs, paint: queryPaint(s.query_id) }],
    ),
    ...other.map((s) => ({ label: s.label, values: s.jobs, paint: NEUTRAL })),
    { label: 'Reposts', values: data.reposts, paint: HATCHED },
    { label: 'Hidden by rules', values: data.hidden_by_rules, paint: DOTTED },
  ];
}

export function newJobsTable(data: OverviewNewJobs, series: readonly DaySeries[]): ChartData {
  return {
    columns: [{ label: 'Day' }, ...series.map((s) => ({ label: s.label })), { label: 'Total' }],
    rows: data.days.map((day, i) => [
      day,
      ...series.map((s) => s.values[i] ?? 0),
      data.total[i] ?? 0,
    ]),
  };
}

function NewJobsChart({ data, view }: { data: OverviewNewJobs; view: OverviewParams }) {
  const series = newJobsSeries(data);
  const none = data.total.every((n) => n === 0);
  return (
    <ChartFrame
      title={TITLE}
      level={2}
      description="Jobs first seen each day, under the search that found them first; reposts and jobs hidden by rules apart."
      data={newJobsTable(data, series)}
      fileName={csvFileName('new-jobs', view)}
      empty={
        none
          ? view.query === null
            ? 'No new jobs in this range yet: they appear here once a batch stores some.'
            : 'This query stored no new jobs in this range.'
          : null
      }
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

/** 1. New jobs per day, by query (issue 32). */
export function NewJobsSection({ view }: { view: OverviewParams }) {
  return (
    <OverviewSection title={TITLE} result={useNewJobs(view)} single>
      {(data) => <NewJobsChart data={data} view={view} />}
    </OverviewSection>
  );
}
