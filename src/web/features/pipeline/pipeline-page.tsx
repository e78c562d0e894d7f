import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { ApplicationStage } from '../../../contract/pipeline';
import type { ExportFormat } from '../../../contract/export-formats';
import { ErrorAlert } from '../../components/ui/alert';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { useNow } from '../../lib/use-now';
import { useUrlParams } from '../../lib/use-url-params';
import { useExportApplications } from './api/export-applications';
import { useApplications } from './api/get-applications';
import {
  byStage,
  DEFAULT_TABLE_SORT,
  firstStageWithCards,
  type TableSort,
} from './application-order';
import { NoMatchingApplications, NothingInPipeline } from './components/pipeline-empty';
import { PipelineFiltersBar } from './components/pipeline-filters';
import { PipelineTable } from './components/pipeline-table';
import { ExportButtons, ViewToggle } from './components/pipeline-toolbar';
import type { CardsView } from './moving';
import {
  hasPipelineFilters,
  NO_PIPELINE_FILTERS,
  parsePipelineParams,
  pipelineParamsToUrl,
  type PipelineFilters,
  type PipelineParams,
} from './pipeline-params';
import { useLoadedModule } from './use-loaded-module';
import { useMoves } from './use-moves';
import { useWideScreen } from './use-wide-screen';

// Drag and drop (@dnd-kit) comes with the board's own chunk, after the screen has painted: the
// table and a phone never load it (DESIGN.md: a first visit ≤ 150 kB). The cards come with the
// board's or the phone's chunk.
const loadBoard = () => import('./components/pipeline-board');
const loadPhoneStage = () => import('./components/phone-stage');
// The side sheet (a Radix dialog and the shared application panel) loads when first opened.
const ApplicationSheet = lazy(() =>
  import('./application-sheet').then((m) => ({ default: m.ApplicationSheet })),
);

/** A part of its own chunk: drawn once loaded, a spinner until then, what failed if it did. */
function Loaded<T>({
  part,
  what,
  children,
}: {
  part: { module: T | null; error: Error | null };
  what: string;
  children: (module: T) => ReactNode;
}) {
  if (part.error) return <ErrorAlert>{`Could not load ${what}: ${part.error.message}`}</ErrorAlert>;
  return part.module === null ? <Loading /> : children(part.module);
}

function Loading() {
  return (
    <div className="flex justify-center py-16" role="status" aria-label="Loading">
      <Spinner />
    </div>
  );
}

/**
 * `/pipeline` (issues 33 and 39): every application by stage, as a board (columns, drag and drop,
 * a Move menu, a first page of each column) or a table, narrowed by query and company; one stage
 * at a time on a phone.
 */
export function PipelinePage() {
  // `view` is what the board shows; `shownView` what the controls show, a click at once.
  const { committed: params, shown: shownParams, set: setParams } = useUrlParams();
  const view = useMemo(() => parsePipelineParams(params), [params]);
  const shownView = useMemo(() => parsePipelineParams(shownParams), [shownParams]);
  const filters = useMemo<PipelineFilters>(
    () => ({ query: view.query, company: view.company }),
    [view.query, view.company],
  );
  const shownFilters = useMemo<PipelineFilters>(
    () => ({ query: shownView.query, company: shownView.company }),
    [shownView.query, shownView.company],
  );
  const update = useCallback(
    (next: Partial<PipelineParams>, { replace = false }: { replace?: boolean } = {}) =>
      setParams(pipelineParamsToUrl({ ...shownView, ...next }), { replace }),
    [shownView, setParams],
  );

  const applications = useApplications(filters);
  const items = applications.data?.items;
  const wide = useWideScreen();
  // The board's chunk is asked for with the applications, not after them (with 2,000 they take
  // a while to come and to read): an empty pipeline fetches it for nothing, within its budget.
  const board = useLoadedModule(loadBoard, view.view === 'board' && wide);
  const phone = useLoadedModule(
    loadPhoneStage,
    view.view === 'board' && !wide && items !== undefined && items.length > 0,
  );
  const columns = useMemo(() => byStage(items ?? []), [items]);
  const moves = useMoves(items);
  const exporter = useExportApplications();
  const now = useNow();
  const [sort, setSort] = useState<TableSort>(DEFAULT_TABLE_SORT);
  // The stages (and the table) showing every card past their first page.
  const [allShown, setAllShown] = useState<ReadonlySet<ApplicationStage | 'table'>>(new Set());
  const showAll = useCallback(
    (what: ApplicationStage | 'table') => setAllShown((shown) => new Set(shown).add(what)),
    [],
  );
  // The panel stays mounted from its first opening on, so closing is a transition Radix sees and
  // focus goes back to the card's title.
  const [lastOpenId, setLastOpenId] = useState(view.job);
  if (view.job !== null && view.job !== lastOpenId) setLastOpenId(view.job);

  const openTo = useCallback(
    (jobId: number) => `?${pipelineParamsToUrl({ ...view, job: jobId }).toString()}`,
    [view],
  );

  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const exportAs = (format: ExportFormat) => {
    setExporting(format);
    exporter.mutate({ filters, format }, { onSettled: () => setExporting(null) });
  };

  const cardsView: CardsView = {
    columns,
    now,
    openTo,
    onMove: moves.moveTo,
    allShown,
    onShowAll: showAll,
    pinnedId: moves.pinnedId,
    undo: moves.undo,
  };

  const filtered = hasPipelineFilters(filters);
  const setFilters = (next: PipelineFilters, options?: { replace?: boolean }) =>
    update({ ...next, stage: null }, options);

  return (
    <>
      <PageHeader
        title="Pipeline"
        actions={
          <>
            <ViewToggle view={shownView.view} onChange={(v) => update({ view: v })} />
            <ExportButtons pending={exporting} onExport={exportAs} />
          </>
        }
      />
      <div className="flex min-w-0 flex-col gap-4">
        <Card className="p-4">
          <PipelineFiltersBar filters={shownFilters} onChange={setFilters} />
        </Card>
        {exporter.isError ? (
          <ErrorAlert>{`Export failed: ${exporter.error.message}`}</ErrorAlert>
        ) : null}
        {moves.moveError ? <ErrorAlert>{moves.moveError}</ErrorAlert> : null}
        {applications.isError ? (
          <ErrorAlert>{`Error loading the pipeline: ${applications.error.message}`}</ErrorAlert>
        ) : null}
        {items === undefined ? (
          applications.isError ? null : (
            <Loading />
          )
        ) : items.length === 0 ? (
          <Card>
            {filtered ? (
              <NoMatchingApplications onClear={() => setFilters(NO_PIPELINE_FILTERS)} />
            ) : (
              <NothingInPipeline />
            )}
          </Card>
        ) : (
          <div
            className={
              applications.isPlaceholderData ? 'min-w-0 opacity-60 transition-opacity' : 'min-w-0'
            }
            aria-busy={applications.isPlaceholderData || undefined}
          >
            <p className="mb-2 text-sm text-fg-muted" aria-live="polite">
              {items.length} {items.length === 1 ? 'application' : 'applications'}
            </p>
            {view.view === 'table' ? (
              <Card>
                <PipelineTable
                  applications={items}
                  sort={sort}
                  onSort={setSort}
                  now={now}
                  openTo={openTo}
                  showAll={allShown.has('table')}
                  onShowAll={() => showAll('table')}
                />
              </Card>
            ) : wide ? (
              <Loaded part={board} what="the board">
                {(m) => <m.PipelineBoard {...cardsView} />}
              </Loaded>
            ) : (
              <Loaded part={phone} what="the stage">
                {(m) => (
                  <m.PhoneStage
                    {...cardsView}
                    stage={view.stage ?? firstStageWithCards(columns)}
                    onStage={(stage) => update({ stage }, { replace: true })}
                  />
                )}
              </Loaded>
            )}
          </div>
        )}
      </div>
      {moves.question}
      {lastOpenId !== null ? (
        <Suspense fallback={null}>
          <ApplicationSheet
            jobId={view.job}
            application={items?.find((a) => a.job_id === view.job)}
            onClose={() => update({ job: null }, { replace: true })}
            onClosed={() =>
              document.querySelector<HTMLElement>(`[data-job-id="${lastOpenId}"] a`)?.focus()
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}
