import { Keyboard, SlidersHorizontal } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { PageHeader } from '../../components/ui/page-header';
import { SkipLink } from '../../components/ui/skip-link';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toaster';
import { siteName } from '../../lib/site-name';
import { useUrlParams } from '../../lib/use-url-params';
import { useBulkUpdateJobState } from './api/bulk-update-job-state';
import { useExportJobs } from './api/export-jobs';
import { getJobQueryOptions } from './api/get-job';
import { useJobs } from './api/get-jobs';
import type { JobListItem, JobState } from './api/jobs-schema';
import { useUpdateJobState } from './api/update-job-state';
import { NoJobsYet, NoMatchingJobs } from './components/jobs-empty-state';
import { ActiveFilterChips, JobsFilterPanel, JobsSearchBar } from './components/jobs-filters';
import { ExportViewButton } from './components/export-view-button';
import { JobsTable } from './components/jobs-table';
import { FitInvite } from './components/fit-invite';
import { FitLink, RulesLink } from './components/header-links';
import { useJobShortcuts } from './components/use-job-shortcuts';
import { jobsCountLine } from './count-line';
import {
  EMPTY_FILTERS,
  hasActiveFilters,
  jobFiltersToParams,
  parseJobFilters,
  searchWords,
  STATE_LABELS,
  type JobFilters,
} from './job-filters';

// The detail panel is its own chunk: the list's first visit doesn't pay for it (DESIGN.md budget).
const JobPanel = lazy(() =>
  import('./components/job-panel').then((m) => ({ default: m.JobPanel })),
);

/** The list's box, where "Skip to results" takes the focus (j, k and Enter work from there). */
const RESULTS_ID = 'jobs-results';

/** The search param that names the open job, so Back closes the panel and a link opens one. */
const OPEN_JOB_PARAM = 'job';

const TRIAGE_DONE: Record<JobState, string> = {
  new: 'Marked new',
  seen: 'Marked seen',
  saved: 'Saved',
  applied: 'Marked applied',
  hidden: 'Hidden',
};

/** `/jobs`: every job the product has found, searchable, filterable and triaged (issue 9). */
export function JobsPage() {
  // `filters` is what the list shows; `shownFilters` what the controls show, a click at once.
  const { committed: params, shown: shownParams, set: setParams } = useUrlParams();
  const filters = useMemo(() => parseJobFilters(params), [params]);
  const shownFilters = useMemo(() => parseJobFilters(shownParams), [shownParams]);
  const openParam = Number(params.get(OPEN_JOB_PARAM));
  const openJobId = Number.isSafeInteger(openParam) && openParam > 0 ? openParam : null;
  const words = useMemo(() => searchWords(filters.q), [filters.q]);

  const jobs = useJobs(filters);
  const items = useMemo(() => jobs.data?.pages.flatMap((p) => p.items), [jobs.data]);

  const toast = useToast();
  // Row moves for screen readers (the page's live region); triage results go to toasts, which
  // the sheet repeats inside itself while it is open (a modal hides the page from them).
  const [announcement, setAnnouncement] = useState('');
  // A phone shows the search and the order; the other filters wait behind a button.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterPanelId = useId();
  const [lastResult, setLastResult] = useState('');
  // The keyboard's row, by id, and where it was: when it leaves the list (hidden, blocked), the
  // row that slides into its place takes over, as in a mail client.
  const [highlight, setHighlight] = useState<{ id: number; index: number } | null>(null);
  // The last job opened: the panel stays mounted from then on, and focus returns to its row.
  const [lastOpenId, setLastOpenId] = useState(openJobId);
  if (openJobId !== null && openJobId !== lastOpenId) setLastOpenId(openJobId);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const updateState = useUpdateJobState();
  const bulkUpdate = useBulkUpdateJobState();
  const exportJobs = useExportJobs();
  const results = useRef<HTMLElement>(null);

  const setFilters = useCallback(
    (next: JobFilters, { replace = false }: { replace?: boolean } = {}) => {
      const nextParams = jobFiltersToParams(next);
      const open = shownParams.get(OPEN_JOB_PARAM);
      if (open) nextParams.set(OPEN_JOB_PARAM, open);
      setParams(nextParams, { replace });
      setSelected(new Set());
    },
    [shownParams, setParams],
  );

  const openJob = useCallback(
    (id: number) => {
      const next = new URLSearchParams(shownParams);
      next.set(OPEN_JOB_PARAM, String(id));
      // Moving from one open job to the next replaces; opening the panel adds a history entry.
      setParams(next, { replace: shownParams.has(OPEN_JOB_PARAM) });
    },
    [shownParams, setParams],
  );
  const closeJob = useCallback(() => {
    const next = new URLSearchParams(shownParams);
    next.delete(OPEN_JOB_PARAM);
    setParams(next, { replace: true });
  }, [shownParams, setParams]);

  const announce = useCallback(
    (message: string) => {
      toast(message);
      setLastResult(message);
    },
    [toast],
  );

  const setJobState = useCallback(
    (job: { id: number; title: string; state: JobState }, target: JobState) => {
      // Pressing the state a job already has takes it back to plain "seen" (unsave, unhide).
      const state = job.state === target ? 'seen' : target;
      updateState.mutate(
        { id: job.id, state },
        { onSuccess: () => announce(`${TRIAGE_DONE[state]}: ${job.title}`) },
      );
    },
    [updateState, announce],
  );

  const highlightRow = useCallback(
    (id: number) => {
      const index = items?.findIndex((j) => j.id === id) ?? -1;
      if (index !== -1) setHighlight({ id, index });
    },
    [items],
  );

  // The job the keys act on: the open one, else the highlighted row.
  const highlightedIndex = (() => {
    if (!highlight || !items || items.length === 0) return -1;
    const index = items.findIndex((j) => j.id === highlight.id);
    return index !== -1 ? index : Math.min(highlight.index, items.length - 1);
  })();
  const highlightedId = items?.[highlightedIndex]?.id ?? null;
  const currentId = openJobId ?? highlightedId;
  // An open job from a link may not be in the loaded rows: the panel's answer stands in.
  const openDetail = useQuery({ ...getJobQueryOptions(openJobId ?? 0), enabled: false }).data;
  const current =
    items?.find((j) => j.id === currentId) ??
    (openDetail && openDetail.id === openJobId ? openDetail : null);
  const move = (step: 1 | -1) => {
    if (!items || items.length === 0) return;
    const found = items.findIndex((j) => j.id === currentId);
    const index = found !== -1 ? found : highlightedIndex;
    const nextIndex =
      index === -1
        ? step === 1
          ? 0
          : items.length - 1
        : Math.min(Math.max(index + step, 0), items.length - 1);
    const job = items[nextIndex];
    if (!job) return;
    setHighlight({ id: job.id, index: nextIndex });
    setAnnouncement(
      `${nextIndex + 1} of ${items.length}: ${job.title}${job.company_name ? ` at ${job.company_name}` : ''}`,
    );
    if (openJobId !== null) openJob(job.id);
    // Near the end of what's loaded, fetch the next page before the keys run out of rows.
    if (nextIndex >= items.length - 3 && jobs.hasNextPage && !jobs.isFetchingNextPage)
      void jobs.fetchNextPage();
  };
  useJobShortcuts({
    next: () => move(1),
    previous: () => move(-1),
    open: () => {
      if (openJobId === null && current) openJob(current.id);
    },
    save: () => current && setJobState(current, 'saved'),
    applied: () => current && setJobState(current, 'applied'),
    hide: () => current && setJobState(current, 'hidden'),
    openOnSite: () => {
      if (!current) return;
      window.open(current.url, '_blank', 'noopener,noreferrer');
      setAnnouncement(`Opened ${current.title} on ${siteName()} in a new tab`);
    },
  });

  const bulkSet = (state: JobState) => {
    const ids = [...selected];
    bulkUpdate.mutate(
      { ids, state },
      {
        onSuccess: () => {
          toast(`${TRIAGE_DONE[state]}: ${ids.length} ${ids.length === 1 ? 'job' : 'jobs'}`);
          setSelected(new Set());
        },
      },
    );
  };

  const filtered = hasActiveFilters(filters);
  return (
    <>
      {/* The screen's first stop: the filters are about thirty before the first job. */}
      <SkipLink target={results} targetId={RESULTS_ID}>
        Skip to results
      </SkipLink>
      <PageHeader
        title="Jobs"
        actions={
          <>
            <RulesLink />
            <FitLink />
            <ExportViewButton
              pending={exportJobs.isPending}
              onExport={(format) => exportJobs.mutate({ filters, format })}
            />
          </>
        }
      />
      <div className="flex flex-col gap-4">
        <Card className="flex flex-col gap-4 p-4">
          <JobsSearchBar filters={shownFilters} onChange={setFilters} />
          <Button
            variant="secondary"
            size="sm"
            className="self-start sm:hidden"
            aria-expanded={filtersOpen}
            aria-controls={filterPanelId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <SlidersHorizontal aria-hidden="true" />
            Filters
          </Button>
          <div id={filterPanelId} className={cn(!filtersOpen && 'max-sm:hidden')}>
            <JobsFilterPanel filters={shownFilters} onChange={setFilters} />
          </div>
        </Card>
        <FitInvite />
        <ActiveFilterChips filters={shownFilters} onChange={setFilters} />
        {exportJobs.isError ? (
          <ErrorAlert>{`Export failed: ${exportJobs.error.message}`}</ErrorAlert>
        ) : null}
        {updateState.isError ? (
          <ErrorAlert>{`Could not change the job: ${updateState.error.message}`}</ErrorAlert>
        ) : null}
        {bulkUpdate.isError ? (
          <ErrorAlert>{`Could not change the selected jobs: ${bulkUpdate.error.message}`}</ErrorAlert>
        ) : null}
        {jobs.isError ? (
          <ErrorAlert>{`Error loading jobs: ${jobs.error.message}`}</ErrorAlert>
        ) : null}
        {jobs.isError && !jobs.data ? null : (
          <Card
            ref={results}
            id={RESULTS_ID}
            tabIndex={-1}
            aria-label="Results"
            className="focus-visible:outline-2 focus-visible:outline-focus"
            aria-busy={jobs.isPlaceholderData || undefined}
          >
            <div className="flex min-h-12 flex-wrap items-center justify-between gap-3 border-b border-line-soft px-4 py-2">
              <p className="text-sm text-fg-muted" aria-live="polite">
                {items ? jobsCountLine(items.length, jobs.data?.pages[0]) : ''}
              </p>
              {selected.size > 0 ? (
                <BulkActions
                  count={selected.size}
                  pending={bulkUpdate.isPending}
                  onSet={bulkSet}
                  onClear={() => setSelected(new Set())}
                />
              ) : (
                <p className="hidden items-center gap-1.5 text-xs text-fg-subtle sm:flex">
                  <Keyboard className="size-4" aria-hidden="true" />
                  <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>Enter</kbd> open · <kbd>s</kbd> save ·{' '}
                  <kbd>a</kbd> applied · <kbd>h</kbd> hide · <kbd>o</kbd> open on site
                </p>
              )}
            </div>
            <div className={jobs.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
              <JobsTable
                jobs={items}
                words={words}
                highlightedId={currentId}
                selected={selected}
                onHighlight={highlightRow}
                onOpen={(job: JobListItem) => {
                  highlightRow(job.id);
                  openJob(job.id);
                }}
                onToggle={(id) =>
                  setSelected((all) => {
                    const next = new Set(all);
                    if (!next.delete(id)) next.add(id);
                    return next;
                  })
                }
                onToggleAll={(select) =>
                  setSelected(select && items ? new Set(items.map((j) => j.id)) : new Set())
                }
                empty={
                  filtered ? (
                    <NoMatchingJobs onClear={() => setFilters(EMPTY_FILTERS)} />
                  ) : (
                    <NoJobsYet />
                  )
                }
              />
            </div>
            {jobs.hasNextPage ? (
              <LoadMore
                pending={jobs.isFetchingNextPage}
                onLoad={() => {
                  if (!jobs.isFetchingNextPage) void jobs.fetchNextPage();
                }}
              />
            ) : null}
          </Card>
        )}
      </div>
      <div className="sr-only" aria-live="polite">
        {announcement}
      </div>
      {/* Mounted from the first opening on, so closing is a transition Radix can see and focus
          goes back to the row. */}
      {lastOpenId !== null ? (
        <Suspense fallback={null}>
          <JobPanel
            jobId={openJobId}
            onClose={closeJob}
            onClosed={() =>
              document.querySelector<HTMLElement>(`tr[data-job-id="${lastOpenId}"] button`)?.focus()
            }
            onSetState={setJobState}
            announce={announce}
            announcement={lastResult}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function BulkActions({
  count,
  pending,
  onSet,
  onClear,
}: {
  count: number;
  pending: boolean;
  onSet: (state: JobState) => void;
  onClear: () => void;
}) {
  const states: JobState[] = ['seen', 'saved', 'applied', 'hidden'];
  return (
    <div role="group" aria-label="Selected jobs" className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-fg-soft">{count} selected</span>
      {states.map((s) => (
        <Button key={s} variant="secondary" size="sm" disabled={pending} onClick={() => onSet(s)}>
          Mark {STATE_LABELS[s].toLowerCase()}
        </Button>
      ))}
      <Button variant="ghost" size="sm" onClick={onClear}>
        Clear selection
      </Button>
    </div>
  );
}

/** "Load more", and the same automatically when the button scrolls into view. */
function LoadMore({ pending, onLoad }: { pending: boolean; onLoad: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  useEffect(() => {
    load.current = onLoad;
  });
  useEffect(() => {
    const element = ref.current;
    // jsdom and old browsers have no IntersectionObserver: the button alone still works.
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) load.current();
      },
      { rootMargin: '400px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="flex justify-center border-t border-line-soft p-3">
      <Button variant="secondary" size="sm" disabled={pending} onClick={onLoad}>
        {pending ? <Spinner /> : null}
        {pending ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}
