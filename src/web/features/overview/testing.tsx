import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { recordDownloads, type RecordedDownloads } from '../../test/downloads';
import {
  overviewHeadlinesSchema,
  overviewMarketSchema,
  overviewNewJobsSchema,
  overviewSearchesSchema,
  overviewSiteHealthSchema,
  overviewTriageSchema,
} from '../../../contract/overview';
import { overviewPipelineSchema } from '../../../contract/pipeline';
import { queryListSchema } from '../../../contract/queries';
import { LocationProbe, renderScreen } from '../../test/render';
import { OverviewPage } from './overview-page';

// The Overview's answers for a week, each passed through the contract's own schema, so a fixture
// the server could not send fails here rather than passing a test.

export const API = 'http://localhost:3000/api/v1';

export const DAYS = [
  '2025-03-01',
  '2025-03-02',
  '2025-03-03',
  '2025-03-04',
  '2025-03-05',
  '2025-03-06',
  '2025-03-07',
];
const span = { range: '7', query_id: null, days: DAYS, backfills: [0, 0, 0, 0, 0, 0, 0] };

const analyst = [3, 0, 2, 5, 1, 0, 4];
const financial = [1, 1, 0, 0, 2, 0, 0];
const other = [0, 0, 1, 0, 0, 0, 1];
const reposts = [1, 0, 0, 2, 0, 0, 0];
const hidden = [0, 1, 0, 0, 0, 0, 2];

export const NEW_JOBS = overviewNewJobsSchema.parse({
  ...span,
  series: [
    { query_id: 1, label: 'Data Analyst · Berlin, Germany', jobs: analyst },
    { query_id: 2, label: 'Financial Analyst · New York', jobs: financial },
    { query_id: null, label: 'Other queries', jobs: other },
  ],
  reposts,
  hidden_by_rules: hidden,
  total: DAYS.map(
    (_, i) =>
      (analyst[i] ?? 0) +
      (financial[i] ?? 0) +
      (other[i] ?? 0) +
      (reposts[i] ?? 0) +
      (hidden[i] ?? 0),
  ),
});

/**
 * A week that starts with a search's first run (issue 39): its initial import stores 250 jobs,
 * the days after it about ten; `backfills` says two searches stored their first jobs that day.
 */
const importDay = [250, 8, 11, 9, 12, 7, 10];
export const BACKFILL_NEW_JOBS = overviewNewJobsSchema.parse({
  ...span,
  backfills: [2, 0, 0, 0, 0, 0, 0],
  series: [{ query_id: 1, label: 'Data Analyst · Berlin, Germany', jobs: importDay }],
  reposts: DAYS.map(() => 0),
  hidden_by_rules: DAYS.map(() => 0),
  total: importDay,
});

const search = {
  is_ai: false,
  query_status: 'active',
  last_run_status: 'completed',
  last_run_at: '2025-03-07T09:10:00.000Z',
};

export const SEARCHES = overviewSearchesSchema.parse({
  ...span,
  searches: [
    {
      ...search,
      query_id: 1,
      job_title: 'Data Analyst',
      location: 'Berlin, Germany',
      jobs_found: 120,
      unique_jobs_found: 18,
      new_last_run: 4,
      new_in_range: 15,
      kept_share: 0.8,
      site_requests: 60,
      requests_per_new_job: 4,
      daily_new: analyst,
      saved_in_range: 5,
      applied_in_range: 2,
      screening_in_range: 0,
      backfill_day: '2025-01-10',
    },
    {
      ...search,
      query_id: 2,
      job_title: 'Financial Analyst',
      location: 'New York',
      is_ai: true,
      // An AI search: it sees the same few jobs every day, most of them found first elsewhere.
      jobs_found: 40,
      unique_jobs_found: 9,
      new_last_run: 0,
      new_in_range: 4,
      kept_share: 1,
      site_requests: 90,
      requests_per_new_job: 22.5,
      last_run_status: 'failed',
      daily_new: financial,
      // Fewer saved and applied, but one reached Screening.
      saved_in_range: 1,
      applied_in_range: 1,
      screening_in_range: 1,
      backfill_day: '2025-02-01',
    },
    {
      ...search,
      query_id: 3,
      job_title: 'Zookeeper',
      location: 'Vienna, Austria',
      query_status: 'inactive',
      jobs_found: 0,
      unique_jobs_found: 0,
      new_last_run: null,
      new_in_range: 0,
      kept_share: null,
      site_requests: 0,
      requests_per_new_job: null,
      last_run_status: null,
      last_run_at: null,
      daily_new: [0, 0, 0, 0, 0, 0, 0],
      saved_in_range: 0,
      applied_in_range: 0,
      screening_in_range: 0,
      backfill_day: null,
    },
  ],
});

export const MARKET = overviewMarketSchema.parse({
  ...span,
  companies: [
    { name: 'Acme, Inc.', normalized_name: 'acme', company_id: 11, jobs: 6, blocked: false },
    { name: 'Globex GmbH', normalized_name: 'globex', company_id: 12, jobs: 4, blocked: true },
    {
      name: '=Formula Corp',
      normalized_name: 'formula',
      company_id: null,
      jobs: 1,
      blocked: false,
    },
  ],
  workplace: {
    remote: [1, 0, 1, 2, 1, 0, 2],
    hybrid: [1, 1, 0, 1, 1, 0, 1],
    'on-site': [2, 0, 1, 2, 1, 0, 1],
    unknown: [0, 0, 0, 0, 0, 0, 1],
  },
  salaries: [
    { currency: 'EUR', jobs: 9, p25: 55000, median: 65000, p75: 80000 },
    { currency: 'USD', jobs: 3, p25: 90000, median: 110000, p75: 125000 },
  ],
  seniority: [
    { value: 'Mid-Senior level', jobs: 12 },
    { value: 'Entry level', jobs: 4 },
  ],
  employment_types: [
    { value: 'Full-time', jobs: 15 },
    { value: 'Contract', jobs: 1 },
  ],
  easy_apply: { jobs: 20, easy_apply: 8 },
  applicants: { jobs: 12, median: 37 },
});

export const TRIAGE = overviewTriageSchema.parse({
  ...span,
  stages: [
    { stage: 'found', jobs: 40 },
    { stage: 'seen', jobs: 25 },
    { stage: 'saved', jobs: 8 },
    { stage: 'applied', jobs: 3 },
  ],
  hidden: 6,
});

/** The pipeline (issue 33): 12 applications entered Applied; four stages had finished stays. */
export const PIPELINE = overviewPipelineSchema.parse({
  funnel: [
    { stage: 'applied', reached: 12 },
    { stage: 'screening', reached: 6 },
    { stage: 'interviewing', reached: 3 },
    { stage: 'offer', reached: 1 },
  ],
  time_in_stage: [
    { stage: 'saved', median_days: 4.5, stays: 8 },
    { stage: 'applied', median_days: 9, stays: 10 },
    { stage: 'screening', median_days: 3.2, stays: 5 },
    { stage: 'interviewing', median_days: 1, stays: 2 },
    { stage: 'offer', median_days: null, stays: 0 },
    { stage: 'accepted', median_days: null, stays: 0 },
    { stage: 'rejected', median_days: null, stays: 0 },
    { stage: 'withdrawn', median_days: null, stays: 0 },
    { stage: 'no_answer', median_days: null, stays: 0 },
  ],
  now: [
    { stage: 'saved', applications: 4 },
    { stage: 'applied', applications: 5 },
    { stage: 'screening', applications: 2 },
    { stage: 'interviewing', applications: 2 },
    { stage: 'offer', applications: 1 },
    { stage: 'accepted', applications: 0 },
    { stage: 'rejected', applications: 3 },
    { stage: 'withdrawn', applications: 1 },
    { stage: 'no_answer', applications: 2 },
  ],
});

const calm = DAYS.map(() => false);

export const SITE_HEALTH = overviewSiteHealthSchema.parse({
  ...span,
  // Posted date drifted on the 2nd and recovered; salary drifts since the 6th.
  fields: [
    { field: 'company_id', fill: [1, 1, null, 0.95, 1, 1, 1], drifting: calm },
    { field: 'location', fill: [1, 1, null, 1, 1, 1, 1], drifting: calm },
    {
      field: 'posted_at',
      fill: [0.9, 0, null, 1, 0.8, 1, 1],
      drifting: [false, true, false, false, false, false, false],
    },
    {
      field: 'salary',
      fill: [0.5, 0.6, null, 0.55, 0.5, 0, 0],
      drifting: [false, false, false, false, false, true, true],
    },
    { field: 'seniority', fill: [1, 1, null, 1, 1, 1, 1], drifting: calm },
    { field: 'employment_type', fill: [1, 1, null, 1, 1, 1, 1], drifting: calm },
    { field: 'description', fill: [1, 1, null, 1, 1, 1, 1], drifting: calm },
    { field: 'applicants', fill: [0.75, 0.8, null, 0.7, 0.725, 0.8, 0.8], drifting: calm },
  ],
  requests: [20, 18, 0, 25, 22, 19, 21],
  rate_limited: [0, 2, 0, 0, 1, 0, 0],
  retries: [0, 2, 0, 1, 1, 0, 0],
  pauses: [0, 1, 0, 0, 1, 0, 0],
  pause_seconds: [0, 30.5, 0, 0, 12, 0, 0],
  failed_details: [0, 0, 0, 1, 0, 0, 0],
  drift: [{ field: 'salary', batch_id: 12, since: '2025-03-06T09:00:00.000Z' }],
  cookies: {
    cookies: 'present',
    last_check: {
      state: 'valid',
      checked_at: '2025-03-07T08:00:00.000Z',
      source: 'check',
      batch_id: null,
      current: true,
    },
  },
});

/** The week against the week before: each figure's change worked out as the server does. */
export const HEADLINES = overviewHeadlinesSchema.parse({
  ...span,
  previous_days: { first: '2025-02-22', last: '2025-02-28' },
  new_jobs: { value: 27, previous: 20, change: 7, change_share: 0.35 },
  kept: { value: 21, previous: 21, change: 0, change_share: 0 },
  saved: { value: 6, previous: 0, change: 6, change_share: null },
  applied: { value: 2, previous: 4, change: -2, change_share: -0.5 },
  site_requests: { value: 125, previous: 120, change: 5, change_share: 5 / 120 },
  requests_per_new_job: {
    value: 125 / 27,
    previous: 6,
    change: 125 / 27 - 6,
    change_share: (125 / 27 - 6) / 6,
  },
});

export const QUERIES = queryListSchema.parse([
  {
    id: 1,
    job_title: 'Data Analyst',
    location_id: 101,
    display_name: 'Berlin, Germany',
    status: 'active',
    is_ai: false,
  },
  {
    id: 2,
    job_title: 'Financial Analyst',
    location_id: 102,
    display_name: 'New York',
    status: 'active',
    is_ai: true,
  },
  {
    id: 4,
    job_title: 'Old search',
    location_id: 103,
    display_name: 'Paris, France',
    status: 'archived',
    is_ai: false,
  },
]);

export type OverviewAnswers = Record<
  'headlines' | 'new-jobs' | 'searches' | 'market' | 'triage' | 'site-health' | 'pipeline',
  unknown
>;

export const ANSWERS: OverviewAnswers = {
  headlines: HEADLINES,
  'new-jobs': NEW_JOBS,
  searches: SEARCHES,
  market: MARKET,
  triage: TRIAGE,
  'site-health': SITE_HEALTH,
  pipeline: PIPELINE,
};

/**
 * Serves the Overview's calls (the five sections', and the pipeline's) and the saved queries; returns every overview request's path and search
 * params, in order, so a test can check what the screen asked for.
 */
export function serveOverview(
  server: SetupServer,
  answers: Partial<OverviewAnswers> = {},
): { part: string; params: URLSearchParams }[] {
  const requests: { part: string; params: URLSearchParams }[] = [];
  const all = { ...ANSWERS, ...answers };
  server.use(
    http.get(`${API}/overview/:part`, ({ request, params }) => {
      const part = String(params.part);
      requests.push({ part, params: new URL(request.url).searchParams });
      const answer = Object.entries(all).find(([name]) => name === part)?.[1];
      if (answer === undefined) return HttpResponse.json({ error: 'Not found' }, { status: 404 });
      return HttpResponse.json(answer);
    }),
    http.get(`${API}/queries`, () => HttpResponse.json(QUERIES)),
  );
  return requests;
}

/** The Overview at `url`, with the router's location shown for navigation checks. */
export function renderOverview(url = '/overview') {
  return renderScreen(
    <>
      <OverviewPage />
      <LocationProbe />
    </>,
    { path: '/overview', initialEntries: [url] },
  );
}

/** A chart's frame, found by its heading: its buttons, legend, chart and table live inside. */
export const chart = (title: string) => screen.getByRole('region', { name: title });

/** A chart's frame once its call has answered (the loading card carries the same title). */
export async function findChart(title: string): Promise<HTMLElement> {
  // A file's first chart waits for the charts' modules to load, which takes over the default
  // second on a loaded CI machine: give it five (a chart that never draws still fails).
  return waitFor(
    () => {
      const region = chart(title);
      expect(within(region).queryByRole('status')).not.toBeInTheDocument();
      return region;
    },
    { timeout: 5_000 },
  );
}

/** A cell's text, its separate pieces (a name and a badge) joined by a space. */
function cellText(cell: Element): string {
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  const pieces: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (text) pieces.push(text);
  }
  return pieces.join(' ');
}

/** Every body row of a table, as the text of its cells (the row's header cell first). */
export function tableRows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map(cellText));
}

/**
 * A test file's fake API: the Overview's answers served before each test (a test may add its own
 * with `server.use`), and the downloads it starts recorded in `downloads`.
 */
export function fakeOverviewServer(): {
  server: SetupServer;
  readonly downloads: RecordedDownloads;
} {
  const server = setupServer();
  let recorded: RecordedDownloads | undefined;
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    recorded = recordDownloads();
    serveOverview(server);
  });
  afterEach(() => {
    server.resetHandlers();
    vi.restoreAllMocks();
  });
  afterAll(() => server.close());
  return {
    server,
    get downloads() {
      if (!recorded) throw new Error('downloads are recorded from the first test on');
      return recorded;
    },
  };
}
