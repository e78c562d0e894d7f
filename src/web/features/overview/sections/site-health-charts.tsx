import {
  OVERVIEW_FIELD_LABELS,
  OVERVIEW_FIELDS,
  type OverviewSiteHealth,
} from '../../../../contract/overview';
import { ChartFrame } from '../charts/chart-frame';
import type { ChartData } from '../charts/chart-table';
import { DayChart, type DaySeries } from '../charts/day-chart';
import { DayRows, type DayRow } from '../charts/day-rows';
import { formatShare, percentValue } from '../charts/format';
import { seriesPaint } from '../charts/paint';
import { csvFileName, type OverviewParams } from '../overview-params';

const FILL_TITLE = 'Fields filled per day';
const REQUESTS_TITLE = 'Site requests per day';
const TROUBLE_TITLE = 'Trouble per day';

/** The rows' colour: each row is named, so one colour serves them all. */
const ROWS_PAINT = seriesPaint(4);

/**
 * Each watched field's fill as a percentage a day, in the screen's order of fields, with the days
 * a batch found it drifting (issue 39: a past drift stays marked after the field recovered).
 */
export function fillRows(data: OverviewSiteHealth): DayRow[] {
  return OVERVIEW_FIELDS.flatMap((field) => {
    const found = data.fields.find((f) => f.field === field);
    if (!found) return [];
    return [
      {
        label: OVERVIEW_FIELD_LABELS[field],
        values: found.fill.map((v) => (v === null ? null : percentValue(v))),
        marked: found.drifting ?? [],
      },
    ];
  });
}

/** A table of one value per day for each series, under the series' own names. */
export function daysTable(
  days: readonly string[],
  series: readonly Pick<DaySeries, 'label' | 'values'>[],
  unit = '',
): ChartData {
  return {
    columns: [{ label: 'Day' }, ...series.map((s) => ({ label: `${s.label}${unit}` }))],
    rows: days.map((day, i) => [day, ...series.map((s) => s.values[i] ?? null)]),
  };
}

/** The fills' table: a column per field, and the fields drifting that day in words. */
export function fillTable(days: readonly string[], rows: readonly DayRow[]): ChartData {
  const table = daysTable(days, rows, ' (%)');
  return {
    columns: [...table.columns, { label: 'Drifting' }],
    rows: table.rows.map((row, i) => {
      const drifting = rows.filter((r) => r.marked?.[i]).map((r) => r.label);
      return [...row, drifting.length > 0 ? drifting.join(', ') : null];
    }),
  };
}

export function FillChart({ data, view }: { data: OverviewSiteHealth; view: OverviewParams }) {
  const rows = fillRows(data);
  const none = rows.every((s) => s.values.every((v) => v === null));
  return (
    <ChartFrame
      title={FILL_TITLE}
      description="The share of each day’s new jobs with the field filled in, a row per field; hatched days are the ones a batch found the field drifting (the site stopped giving it). An empty day had no new jobs."
      data={fillTable(data.days, rows)}
      fileName={csvFileName('field-fill', view)}
      empty={none ? 'No batch stored new jobs in this range yet.' : null}
    >
      <DayRows
        label={FILL_TITLE}
        days={data.days}
        rows={rows}
        max={100}
        yLabel="Filled (%)"
        markLabel="drifting"
        format={(v) => formatShare(v / 100)}
        paint={ROWS_PAINT}
      />
    </ChartFrame>
  );
}

export function RequestsChart({ data, view }: { data: OverviewSiteHealth; view: OverviewParams }) {
  const series: DaySeries[] = [
    { label: 'Site requests', values: data.requests, paint: ROWS_PAINT },
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
        days={data.days}
        series={series}
        yLabel="Requests"
        totalLabel="All requests"
        backfills={data.backfills}
      />
    </ChartFrame>
  );
}

/** What the site refused or made the batches wait for: a row each, on its own scale. */
export function troubleRows(data: OverviewSiteHealth): DayRow[] {
  return [
    { label: 'Rate-limited (429, 999)', values: data.rate_limited },
    { label: 'Retries', values: data.retries },
    { label: 'Pauses', values: data.pauses },
    { label: 'Failed details', values: data.failed_details },
  ];
}

export function TroubleChart({ data, view }: { data: OverviewSiteHealth; view: OverviewParams }) {
  const rows = troubleRows(data);
  const table = daysTable(data.days, rows);
  // The pauses' length is in the table and the file, not drawn: seconds share no axis with counts.
  const withSeconds: ChartData = {
    columns: [...table.columns, { label: 'Pause time (s)' }],
    rows: table.rows.map((row, i) => [...row, data.pause_seconds[i] ?? 0]),
  };
  const none = rows.every((s) => s.values.every((v) => !v));
  return (
    <ChartFrame
      title={TROUBLE_TITLE}
      description="What the site refused or made the batches wait for: a row each, each on its own scale (its top written at its left)."
      data={withSeconds}
      fileName={csvFileName('site-trouble', view)}
      empty={none ? 'No rate limits, retries, pauses or failed details in this range.' : null}
    >
      <DayRows
        label={TROUBLE_TITLE}
        days={data.days}
        rows={rows}
        yLabel="Times"
        paint={ROWS_PAINT}
      />
    </ChartFrame>
  );
}
