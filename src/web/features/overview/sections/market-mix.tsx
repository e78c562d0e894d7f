import type { OverviewCount } from '../../../../contract/overview';
import { BarList } from '../charts/bar-list';
import { ChartFrame } from '../charts/chart-frame';
import type { ChartData } from '../charts/chart-table';
import { formatNumber, formatShare, percentValue } from '../charts/format';
import { seriesPaint } from '../charts/paint';

export function mixTable(category: string, counts: readonly OverviewCount[]): ChartData {
  const total = counts.reduce((sum, c) => sum + c.jobs, 0);
  return {
    columns: [{ label: category }, { label: 'Jobs' }, { label: 'Share (%)' }],
    rows: counts.map((c) => [c.value, c.jobs, total > 0 ? percentValue(c.jobs / total) : null]),
  };
}

/** A mix of the jobs whose details say it: seniority levels, or employment types. */
export function MixChart({
  title,
  category,
  counts,
  paintIndex,
  fileName,
}: {
  title: string;
  category: string;
  counts: readonly OverviewCount[];
  paintIndex: number;
  fileName: string;
}) {
  const total = counts.reduce((sum, c) => sum + c.jobs, 0);
  return (
    <ChartFrame
      title={title}
      description={
        total > 0 ? `Of the ${formatNumber(total)} new jobs whose details say it.` : null
      }
      data={mixTable(category, counts)}
      fileName={fileName}
      empty={total === 0 ? 'No new job’s details say it in this range.' : null}
    >
      <BarList
        label={title}
        categoryLabel={category}
        valueLabel="Jobs"
        items={counts.map((c) => ({
          label: c.value,
          value: c.jobs,
          paint: seriesPaint(paintIndex),
          tooltip: [
            { label: 'Jobs', value: formatNumber(c.jobs) },
            { label: 'Share', value: formatShare(c.jobs / total) },
          ],
        }))}
      />
    </ChartFrame>
  );
}
