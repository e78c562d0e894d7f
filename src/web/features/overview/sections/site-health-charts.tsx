import {
  OVERVIEW_FIELD_LABELS,
  OVERVIEW_FIELDS,
  type OverviewSiteHealth,
} from '../../../../contract/overview';
import { ChartFrame } from '../charts/chart-frame';
import type { ChartData } from '../charts/chart-table';
import { DayChart, type DaySeries } from '../charts/day-chart';
import { formatShare, percentValue } from '../charts/format';
import { Legend } from '../charts/legend';
import { seriesPaint } from '../charts/paint';
import { csvFileName, type OverviewParams } from '../overview-params';

const FILL_TITLE = 'Fields filled per day';
const REQUESTS_TITLE = 'Site requests per day';
const TROUBLE_TITLE = 'Trouble per day';

/** Each watched field's fill as a percentage a day, in the screen's order of fields. */
export function fillSeries(data: OverviewSiteHealth): DaySeries[] {
  return OVERVIEW_FIELDS.flatMap((field, i) => {
    const fill = data.fields.find((f) => f.field === field)?.fill;
    if (!fill) return [];
    return [
      {
        label: OVERVIEW_FIELD_LABELS[field],
        values: fill.map((v) => (v === null ? null : percentValue(v))),
        paint: seriesPaint(i),
      },
    ];
  });
}

/** A table of one value per day for each series, under the series' own names. */
export function daysTable(
  days: readonly string[],
  series: readonly DaySeries[],
  unit = '',
): ChartData {
  return {
    columns: [{ label: 'Day' }, ...series.map((s) => ({ label: `${s.label}${unit}` }))],
    rows: days.map((day, i) => [day, ...series.map((s) => s.values[i] ?? null)]),
  };
}

export function FillChart({ data, view }: { data: OverviewSiteHealth; view: OverviewParams }) {
  const series = fillSeries(data);
  const none = series.every((s) => s.values.every((v) => v === null));
  return (
    <ChartFrame
      title={FILL_TITLE}
      description="The share of each day’s new jobs with the field filled in; a gap is a day without new jobs."
      data={daysTable(data.days, series, ' (%)')}
      fileName={csvFileName('field-fill', view)}
      empty={none ? 'No batch stored new jobs in this range yet.' : null}
    >
      <Legend items={series} />
      <DayChart
        label={FILL_TITLE}
        kind="lines"
        days={data.days}
        series={series}
        yLabel="Filled (%)"
        yMax={100}
        format={(v) => formatShare(v / 100)}
      />
    </ChartFrame>
  );
}

export function RequestsChart({ data, view }: { data: OverviewSiteHealth; view: OverviewParams }) {
  const series: DaySeries[] = [
    { label: 'Site requests', values: data.requests, paint: seriesPaint(4) },
  ];
  return (
    <ChartFrame
      title={REQUESTS_TITLE}
      description="Result pages and job details the batches asked the site for."
      data={daysTable(data.days, series)}
      fileName={csvFileName('site-requests', view)}
      empty={
        data.requests.every((n) => n === 0)
          ? 'No batch asked the site for anything in this range yet.'
          : null
      }
    >
      <DayChart
        label={REQUESTS_TITLE}
        kind="stacked"
        days={data.days}
        series={series}
        yLabel="Requests"
        totalLabel="All requests"
      />
    </ChartFrame>
  );
}

export function troubleSeries(data: OverviewSiteHealth): DaySeries[] {
  return [
    { label: 'Rate-limited (429, 999)', values: data.rate_limited, paint: seriesPaint(5) },
    { label: 'Retries', values: data.retries, paint: seriesPaint(0) },
    { label: 'Pauses', values: data.pauses, paint: seriesPaint(1) },
    { label: 'Failed details', values: data.failed_details, paint: seriesPaint(7) },
  ];
}

export function TroubleChart({ data, view }: { data: OverviewSiteHealth; view: OverviewParams }) {
  const series = troubleSeries(data);
  const table = daysTable(data.days, series);
  // The pauses' length is in the table and the file, not drawn: seconds share no axis with counts.
  const withSeconds: ChartData = {
    columns: [...table.columns, { label: 'Pause time (s)' }],
    rows: table.rows.map((row, i) => [...row, data.pause_seconds[i] ?? 0]),
  };
  const none = series.every((s) => s.values.every((v) => !v));
  return (
    <ChartFrame
      title={TROUBLE_TITLE}
      description="What the site refused or made the batches wait for."
      data={withSeconds}
      fileName={csvFileName('site-trouble', view)}
      empty={none ? 'No rate limits, retries, pauses or failed details in this range.' : null}
    >
      <Legend items={series} />
      <DayChart
        label={TROUBLE_TITLE}
        kind="lines"
        days={data.days}
        series={series}
        yLabel="Times"
      />
    </ChartFrame>
  );
}
