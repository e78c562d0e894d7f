import type { UseQueryResult } from '@tanstack/react-query';
import { APPLICATION_STAGE_LABELS, type OverviewPipeline } from '../../../../contract/pipeline';
import { ErrorAlert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { BarList } from '../charts/bar-list';
import { ChartFrame } from '../charts/chart-frame';
import type { ChartData } from '../charts/chart-table';
import { formatDecimal, formatNumber, formatShare, percentValue } from '../charts/format';
import { seriesPaint } from '../charts/paint';
import { csvFileName, type OverviewParams } from '../overview-params';

// Below the triage funnel (issue 33): what became of the applications, and how long each
// stage lasts. Its own call, so the triage figures never wait for it.

const FUNNEL_TITLE = 'Pipeline funnel';
const TIME_TITLE = 'Time in stage';

const appliedOf = (data: OverviewPipeline) =>
  data.funnel.find((f) => f.stage === 'applied')?.reached ?? 0;

/** The funnel's rows, each with its share of the applications that reached Applied. */
export function pipelineFunnelTable(data: OverviewPipeline): ChartData {
  const applied = appliedOf(data);
  return {
    columns: [{ label: 'Stage' }, { label: 'Applications' }, { label: 'Share of applied (%)' }],
    rows: data.funnel.map((f) => [
      APPLICATION_STAGE_LABELS[f.stage],
      f.reached,
      applied > 0 ? percentValue(f.reached / applied) : null,
    ]),
  };
}

/** The stages some stay ended in, with its median and how many stays it counts. */
export function timeInStageTable(data: OverviewPipeline): ChartData {
  return {
    columns: [
      { label: 'Stage' },
      { label: 'Median days', format: formatDecimal },
      { label: 'Finished stays' },
    ],
    rows: data.time_in_stage
      .filter((t) => t.stays > 0)
      .map((t) => [APPLICATION_STAGE_LABELS[t.stage], t.median_days, t.stays]),
  };
}

const days = (n: number) => `${formatDecimal(n)} ${n === 1 ? 'day' : 'days'}`;

function PipelineFunnel({ data, view }: { data: OverviewPipeline; view: OverviewParams }) {
  const applied = appliedOf(data);
  const onBoard = data.now.reduce((n, s) => n + s.applications, 0);
  return (
    <ChartFrame
      title={FUNNEL_TITLE}
      description={`The applications that entered Applied (or a later stage) in the range, and how many of them reached each stage; skipping a stage counts as passing it. On the board now: ${formatNumber(onBoard)}.`}
      data={pipelineFunnelTable(data)}
      fileName={csvFileName('pipeline-funnel', view)}
      empty={applied === 0 ? 'No application entered Applied in this range yet.' : null}
    >
      <BarList
        label={FUNNEL_TITLE}
        categoryLabel="Stage"
        valueLabel="Applications"
        items={data.funnel.map((f, i) => ({
          label: APPLICATION_STAGE_LABELS[f.stage],
          value: f.reached,
          paint: seriesPaint(i),
          tooltip: [
            { label: 'Applications', value: formatNumber(f.reached) },
            {
              label: 'Of those applied',
              value: applied > 0 ? formatShare(f.reached / applied) : '–',
            },
          ],
        }))}
      />
    </ChartFrame>
  );
}

function TimeInStage({ data, view }: { data: OverviewPipeline; view: OverviewParams }) {
  const stages = data.time_in_stage.filter((t) => t.stays > 0);
  return (
    <ChartFrame
      title={TIME_TITLE}
      description="The median time an application spent in each stage before its next move, over the stays that ended in the range."
      data={timeInStageTable(data)}
      fileName={csvFileName('time-in-stage', view)}
      empty={stages.length === 0 ? 'No application moved on from a stage in this range yet.' : null}
    >
      <BarList
        label="Median days in each stage"
        categoryLabel="Stage"
        valueLabel="Median days"
        format={formatDecimal}
        items={stages.map((t) => ({
          label: APPLICATION_STAGE_LABELS[t.stage],
          value: t.median_days ?? 0,
          paint: seriesPaint(4),
          tooltip: [
            { label: 'Median', value: t.median_days === null ? '–' : days(t.median_days) },
            { label: 'Finished stays', value: formatNumber(t.stays) },
          ],
        }))}
      />
    </ChartFrame>
  );
}

/** The pipeline's two charts, loading and failing on their own inside the Triage card. */
export function PipelineCharts({
  result,
  view,
}: {
  result: UseQueryResult<OverviewPipeline>;
  view: OverviewParams;
}) {
  const data = result.data;
  return (
    <div
      className="mt-2 flex min-w-0 flex-col gap-6 border-t border-line-soft pt-5"
      aria-busy={result.isPending || result.isPlaceholderData || undefined}
    >
      {result.isError ? (
        <ErrorAlert>{`Error loading the pipeline: ${result.error.message}`}</ErrorAlert>
      ) : null}
      {result.isPending ? (
        <div role="status" className="flex items-center justify-center gap-3 py-6 text-fg-muted">
          <Spinner />
          <span className="text-sm">Loading the pipeline...</span>
        </div>
      ) : null}
      {data !== undefined ? (
        <div
          className={cn(
            'grid min-w-0 gap-6 lg:grid-cols-2',
            result.isPlaceholderData && 'opacity-60 transition-opacity',
          )}
        >
          <PipelineFunnel data={data} view={view} />
          <TimeInStage data={data} view={view} />
        </div>
      ) : null}
    </div>
  );
}
