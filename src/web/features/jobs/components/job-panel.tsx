import { Ban, Bookmark, Check, EyeOff, ExternalLink } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FitBadge } from '../../../components/fit/fit-band';
import { ErrorAlert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LazyConfirmDialog } from '../../../components/ui/lazy-confirm-dialog';
import { formatDateTime } from '../../../components/ui/date-time';
import { SideSheet, SideSheetClose, SideSheetTitle } from '../../../components/ui/side-sheet';
import { Spinner } from '../../../components/ui/spinner';
import { Tooltip } from '../../../components/ui/tooltip';
import { siteName } from '../../../lib/site-name';
import { useBlockCompany } from '../api/block-company';
import { useJob } from '../api/get-job';
import type { JobDetail, JobState } from '../api/jobs-schema';
import { useUpdateJobState } from '../api/update-job-state';
import { fullDay, relativeDay } from '../relative-date';
import { EasyApplyBadge, StateBadge, workplaceLabel } from './job-cells';
import { FetchDetails } from './fetch-details';
import { FlagLabels, RuleReasons } from './job-rule-labels';
import { RepostChain } from './repost-chain';
import { RepostLine } from './repost-line';
import { TEXT_LINK_CLASS } from '../../../components/ui/text-link';
import { ApplicationSummary } from '../../../components/application/application-summary';
import { ClosedBadge } from '../../../components/job-facts/closed-badge';
import { CompanyApplyLink } from '../../../components/job-facts/company-apply-link';

// "Why this fit" (issue 40) is its own chunk: the panel opens without waiting for it.
const WhyThisFit = lazy(() => import('./why-this-fit').then((m) => ({ default: m.WhyThisFit })));

// The application (issue 33) is its own chunk: opening a job does not wait for its forms.
const ApplicationPanel = lazy(() =>
  import('../../../components/application/application-panel').then((m) => ({
    default: m.ApplicationPanel,
  })),
);

// Issue 41: what a closed posting says and "Closed before I applied", for the few jobs found
// closed: its own chunk, so that opening an open job (the link every notification gives) does not
// bring it.
const ClosedNotice = lazy(() =>
  import('../../../components/job-facts/closed-before-applied').then((m) => ({
    default: m.ClosedNotice,
  })),
);

// Issue 40: the language model's second opinion, for the few jobs that have one.
const SecondOpinions = lazy(() =>
  import('./second-opinion').then((m) => ({ default: m.SecondOpinions })),
);

export interface JobPanelProps {
  jobId: number | null;
  onClose: () => void;
  /** After closing: where focus goes back to (the row's title). */
  onClosed: () => void;
  /** Tells the operator what an action did (toast + live region). */
  announce: (message: string) => void;
  /** The last thing announced: repeated inside the sheet, which hides the rest of the page. */
  announcement: string;
  /** Save, Applied and Hide: the page's triage, shared with the keyboard shortcuts. */
  onSetState: (job: { id: number; title: string; state: JobState }, state: JobState) => void;
}

/**
 * The side sheet with everything stored about one job: focus moves into it, stays there, Escape
 * closes it, and focus returns to the row's title that opened it (`SideSheet`, decision 068).
 */
export function JobPanel({
  jobId,
  onClose,
  onClosed,
  onSetState,
  announce,
  announcement,
}: JobPanelProps) {
  return (
    <SideSheet open={jobId !== null} onClose={onClose} onClosed={onClosed}>
      {jobId !== null ? (
        <PanelBody jobId={jobId} onSetState={onSetState} announce={announce} />
      ) : null}
      {/* The modal sheet hides the page (and its toasts) from screen readers: say it here. */}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </SideSheet>
  );
}

function PanelBody({
  jobId,
  onSetState,
  announce,
}: {
  jobId: number;
  onSetState: JobPanelProps['onSetState'];
  announce: JobPanelProps['announce'];
}) {
  const job = useJob(jobId);
  const markSeen = useUpdateJobState();
  const marked = useRef<number | null>(null);
  const state = job.data?.state;
  useEffect(() => {
    // new → seen on opening, once per job, and silently: it's what opening means.
    if (state === 'new' && marked.current !== jobId) {
      marked.current = jobId;
      markSeen.mutate({ id: jobId, state: 'seen' });
    }
  }, [state, jobId, markSeen]);

  if (job.isPending) {
    return (
      <>
        <PanelHeader title="Loading job…" />
        <div className="flex flex-1 items-center justify-center" role="status" aria-label="Loading">
          <Spinner />
        </div>
      </>
    );
  }
  if (job.isError) {
    return (
      <>
        <PanelHeader title="Job" />
        <div className="p-6">
          <ErrorAlert>{`Error loading the job: ${job.error.message}`}</ErrorAlert>
        </div>
      </>
    );
  }
  return <JobDetails job={job.data} onSetState={onSetState} announce={announce} />;
}

function PanelHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 border-b border-line px-6 py-4">
      <div className="min-w-0 flex-1">
        <SideSheetTitle className="text-lg font-semibold leading-snug text-fg">
          {title}
        </SideSheetTitle>
        {children}
      </div>
      <SideSheetClose />
    </div>
  );
}

const TRIAGE_BUTTONS: { state: JobState; label: string; pressedLabel: string; icon: ReactNode }[] =
  [
    { state: 'saved', label: 'Save', pressedLabel: 'Saved', icon: <Bookmark aria-hidden="true" /> },
    {
      state: 'applied',
      label: 'Applied',
      pressedLabel: 'Applied',
      icon: <Check aria-hidden="true" />,
    },
    { state: 'hidden', label: 'Hide', pressedLabel: 'Hidden', icon: <EyeOff aria-hidden="true" /> },
  ];

function JobDetails({
  job,
  onSetState,
  announce,
}: {
  job: JobDetail;
  onSetState: JobPanelProps['onSetState'];
  announce: JobPanelProps['announce'];
}) {
  const site = siteName();
  return (
    <>
      <PanelHeader title={job.title}>
        <p className="mt-1 text-sm text-fg-muted">
          {[job.company_name, job.location].filter(Boolean).join(' · ') || '-'}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {job.fit ? <FitBadge fit={job.fit} /> : null}
          <StateBadge job={job} />
          <EasyApplyBadge easyApply={job.easy_apply} />
          <ClosedBadge closedAt={job.closed_at} />
          {job.company_blocked ? <Badge tone="red">Company blocked</Badge> : null}
        </div>
        <FlagLabels flags={job.flags} />
        <RepostLine repost={job.repost} />
        <RuleReasons job={job} />
      </PanelHeader>
      <div className="flex flex-wrap items-center gap-2 border-b border-line-soft px-6 py-3">
        <a
          href={job.url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-8 items-center gap-2 rounded-md bg-accent px-3 text-xs font-medium text-white shadow-sm hover:bg-accent-hover"
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          Open on {site}
        </a>
        <CompanyApplyLink applyUrl={job.apply_url} />
        {TRIAGE_BUTTONS.map((b) => {
          const pressed = job.state === b.state;
          return (
            <Button
              key={b.state}
              variant={pressed ? 'primary' : 'secondary'}
              size="sm"
              aria-pressed={pressed}
              onClick={() => onSetState(job, b.state)}
            >
              {b.icon}
              {pressed ? b.pressedLabel : b.label}
            </Button>
          );
        })}
        <BlockCompanyButton job={job} announce={announce} />
      </div>
      <div className="flex-1 overflow-y-auto px-6 py-5">
        {job.closed_at ? (
          <Suspense fallback={null}>
            <ClosedNotice
              jobId={job.id}
              closedAt={job.closed_at}
              stage={job.pipeline_stage}
              onWithdrawn={() => announce('Moved to Withdrawn: closed before you applied')}
            />
          </Suspense>
        ) : null}
        <FetchDetails job={job} />
        <Facts job={job} />
        {job.fits && job.fits.length > 0 ? (
          <Suspense
            fallback={
              <div role="status" aria-label="Loading why this fit" className="mt-6">
                <Spinner />
              </div>
            }
          >
            <WhyThisFit fits={job.fits} />
          </Suspense>
        ) : null}
        {job.second_opinions && job.second_opinions.length > 0 ? (
          <Suspense fallback={null}>
            <SecondOpinions opinions={job.second_opinions} fits={job.fits} />
          </Suspense>
        ) : null}
        <PipelineSection key={job.id} job={job} />
        <FoundBy job={job} />
        <RepostChain job={job} />
        <section aria-labelledby="job-description-heading" className="mt-6">
          <h3 id="job-description-heading" className="mb-2 text-sm font-semibold text-fg">
            Description
          </h3>
          {job.description_html ? (
            <div
              className="job-description text-sm leading-relaxed text-fg-soft [&_a]:text-accent-fg [&_a]:underline [&_b]:font-semibold [&_h1]:mt-4 [&_h1]:font-semibold [&_h2]:mt-4 [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:font-semibold [&_li]:my-1 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_strong]:font-semibold [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6"
              // The server sanitises description_html with sanitize-html before it is stored or
              // sent (an allow-list of text tags and http(s) links: no scripts, styles, event
              // handlers or images), so it is safe to render here; nothing else on this screen is.
              dangerouslySetInnerHTML={{ __html: job.description_html }}
            />
          ) : (
            <p className="text-sm text-fg-subtle">
              No description stored yet: a batch fetches it when it enriches the job.
            </p>
          )}
        </section>
      </div>
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-fg-subtle">{label}</dt>
      <dd className="text-sm text-fg-soft">{children}</dd>
    </div>
  );
}

function Facts({ job }: { job: JobDetail }) {
  const dash = (v: string | null) => v || '-';
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:grid-cols-3">
      <Fact label="Company">
        {dash(job.company_name)}
        <span className="block text-xs text-fg-subtle">
          {job.company_id !== null ? `ID ${job.company_id}` : 'ID unknown'}
        </span>
      </Fact>
      <Fact label="Location">
        {dash(job.location)}
        {job.workplace ? (
          <span className="block text-xs text-fg-subtle">{workplaceLabel(job.workplace)}</span>
        ) : null}
      </Fact>
      <Fact label="Posted">
        {job.posted_at ? (
          <time dateTime={job.posted_at} title={fullDay(job.posted_at)}>
            {relativeDay(job.posted_at)}
          </time>
        ) : (
          '-'
        )}
      </Fact>
      <Fact label="Applicants">{dash(job.applicants)}</Fact>
      <Fact label="Salary">{dash(job.salary)}</Fact>
      <Fact label="Seniority">{dash(job.seniority)}</Fact>
      <Fact label="Employment type">{dash(job.employment_type)}</Fact>
      <Fact label="Job function">{dash(job.job_function)}</Fact>
      <Fact label="Industries">{dash(job.industries)}</Fact>
      <Fact label="Easy Apply">{job.easy_apply ? 'Yes' : 'No'}</Fact>
      <Fact label="First seen">
        <time dateTime={job.first_seen_at}>{formatDateTime(job.first_seen_at)}</time>
      </Fact>
      <Fact label="Last seen">
        <time dateTime={job.last_seen_at}>{formatDateTime(job.last_seen_at)}</time>
      </Fact>
    </dl>
  );
}

/**
 * The job's application: stage, timeline, next step, notes, contacts. Asked for only while the
 * job is on the board (its `pipeline_stage`); triage asks for it again (update-job-state.ts).
 */
function PipelineSection({ job }: { job: JobDetail }) {
  // The whole application (timeline, notes, contacts, editing) loads when asked for.
  const [open, setOpen] = useState(false);
  const onBoard = job.pipeline_stage !== null && job.pipeline_stage !== undefined;
  return (
    <section
      aria-labelledby="job-pipeline-heading"
      className="mt-6 rounded-lg border border-line-soft p-4"
    >
      <h3 id="job-pipeline-heading" className="mb-3 text-sm font-semibold text-fg">
        Pipeline
      </h3>
      {open && onBoard ? (
        <Suspense
          fallback={
            <div role="status" aria-label="Loading the application" className="py-2">
              <Spinner />
            </div>
          }
        >
          <ApplicationPanel jobId={job.id} headingLevel={4} />
        </Suspense>
      ) : (
        <ApplicationSummary jobId={job.id} onBoard={onBoard} onOpen={() => setOpen(true)} />
      )}
    </section>
  );
}

function FoundBy({ job }: { job: JobDetail }) {
  if (job.found_by.length === 0) return null;
  return (
    <section aria-labelledby="job-found-by-heading" className="mt-6">
      <h3 id="job-found-by-heading" className="mb-2 text-sm font-semibold text-fg">
        Found by
      </h3>
      <ul className="flex flex-col gap-1 text-sm text-fg-soft">
        {job.found_by.map((f) => (
          <li key={f.run_id}>
            <span className="font-medium">{f.search_term}</span>
            {f.search_location ? ` in ${f.search_location}` : ''} ·{' '}
            <Link to={`/jobs?run=${f.run_id}`} className={TEXT_LINK_CLASS}>
              run #{f.run_id}
            </Link>{' '}
            of{' '}
            <Link to={`/jobs?batch=${f.batch_id}`} className={TEXT_LINK_CLASS}>
              batch #{f.batch_id}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function BlockCompanyButton({
  job,
  announce,
}: {
  job: JobDetail;
  announce: JobPanelProps['announce'];
}) {
  const [confirming, setConfirming] = useState(false);
  const block = useBlockCompany();
  const companyId = job.company_id;
  const reason =
    companyId === null
      ? `The company's ${siteName()} ID is unknown, so it cannot be blocked from here.`
      : job.company_blocked
        ? 'This company is already blocked.'
        : null;
  const name = job.company_name ?? `company ${companyId ?? ''}`.trim();
  return (
    <>
      <Tooltip content={reason}>
        <Button
          variant="secondary"
          size="sm"
          className="text-danger-fg"
          disabled={reason !== null || block.isPending}
          onClick={() => setConfirming(true)}
        >
          <Ban aria-hidden="true" />
          {block.isPending ? 'Blocking...' : 'Block company'}
        </Button>
      </Tooltip>
      {block.isError ? (
        <ErrorAlert className="w-full">Failed to block company. Please try again.</ErrorAlert>
      ) : null}
      {/* Radix's alert dialog loads when Block is first asked for, not with the panel. */}
      {confirming ? (
        <LazyConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Block company"
          message={`Block ${name}? Its jobs leave this list and are never enriched or exported again. You can unblock it on the Companies screen.`}
          destructive
          onConfirm={() => {
            if (companyId === null) return;
            block.mutate(companyId, {
              onSuccess: () => announce('Company blocked successfully!'),
              onError: (err) => console.warn(`blocking company ${companyId} failed`, err),
            });
          }}
        />
      ) : null}
    </>
  );
}
