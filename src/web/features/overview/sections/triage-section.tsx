import type { OverviewTriage } from '../../../../contract/overview';
import { usePipeline, useTriage } from '../api/get-overview';
import { BarList } from '../charts/bar-list';
import { ChartFrame } from '../charts/chart-frame';
import type { ChartData } from '../charts/chart-table';
import { formatNumber, formatShare, percentValue } from '../charts/format';
import { HATCHED, seriesPaint } from '../charts/paint';
import { csvFileName, type OverviewParams } from '../overview-params';
import { OverviewSection } from './overview-section';
import { PipelineCharts } from './pipeline-charts';

const TITLE = 'Triage';

const STAGE_LABELS: Record<OverviewTriage['stages'][number]['stage'], string> = {
  found: 'Found',
  seen: 'Seen',
  saved: 'Saved',
  applied: 'Applied',
};

const foundOf = (data: OverviewTriage) => data.stages.find((s) => s.stage === 'found')?.jobs ?? 0;

/** The funnel's rows, then the hidden jobs, each with its share of the jobs found. */
export function triageTable(data: OverviewTriage): ChartData {
  const found = foundOf(data);
  const share = (jobs: number) => (found > 0 ? percentValue(jobs / found) : null);
  return {
    columns: [{ label: 'Stage' }, { label: 'Jobs' }, { label: 'Share of found (%)' }],
    rows: [
      ...data.stages.map((s) => [STAGE_LABELS[s.stage], s.jobs, share(s.jobs)]),
      ['Hidden', data.hidden, share(data.hidden)],
    ],
  };
}

function TriageChart({ data, view }: { data: OverviewTriage; view: OverviewParams }) {
  const found = foundOf(data);
  const share = (jobs: number) => (found > 0 ? formatShare(jobs / found) : '–');
  return (
    <ChartFrame
      title={TITLE}
      level={2}
      description="What became of the jobs first seen in the range: each stage counts the jobs that reached it; hidden jobs apart."
      data={triageTable(data)}
      fileName={csvFileName('triage', view)}
      empty={found === 0 ? 'No jobs were found in this range yet, so none to triage.' : null}
    >
      <BarList
        label="Triage funnel"
        categoryLabel="Stage"
        valueLabel="Jobs"
        items={[
          ...data.stages.map((s, i) => ({
            label: STAGE_LABELS[s.stage],
            value: s.jobs,
            paint: seriesPaint(i + 4),
            tooltip: [
              { label: 'Jobs', value: formatNumber(s.jobs) },
              { label: 'Of the jobs found', value: share(s.jobs) },
            ],
          })),
          {
            label: 'Hidden',
            value: data.hidden,
            paint: HATCHED,
            apart: true,
            tooltip: [
              { label: 'Jobs', value: formatNumber(data.hidden) },
              { label: 'Of the jobs found', value: share(data.hidden) },
            ],
          },
        ]}
      />
    </ChartFrame>
  );
}

/**
 * 4. Triage: found → seen → saved → applied, hidden apart (issue 32); below it the application
 * pipeline's funnel and time in stage (issue 33), asked for at the same time.
 */
export function TriageSection({ view }: { view: OverviewParams }) {
  const pipeline = usePipeline(view);
  return (
    <OverviewSection title={TITLE} result={useTriage(view)} single>
      {(data) => (
        <>
          <TriageChart data={data} view={view} />
          <PipelineCharts result={pipeline} view={view} />
        </>
      )}
    </OverviewSection>
  );
}
