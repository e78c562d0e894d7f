import {
  API_BASE_PATH,
  APPLICATION_STAGES,
  EXPORT_FORMATS,
  JOB_POSTED_WITHIN,
  JOB_SEARCH_MAX_LENGTH,
  JOB_SORTS,
  JOB_STATES,
  JOB_WORKPLACES,
  JOBS_PAGE_DEFAULT,
  JOBS_PAGE_MAX,
  OVERVIEW_RANGE_DEFAULT,
  OVERVIEW_RANGES,
  RULE_IMPORT_MODES,
} from '../../contract';

/*
 * What each query parameter of the API means, as the reference shows it. The texts live here, on
 * the server, rather than in the contract's schemas: the dashboard's bundles import those schemas
 * and would carry every text to the browser. A name means the same on every route that takes it
 * (`format` on the three exports, the filters on the list and its export); openapi.ts puts each
 * text on the parameter, and the API reference test fails on a parameter without one.
 */
export const QUERY_PARAMETER_DESCRIPTIONS: Readonly<Record<string, string>> = {
  q: `Words to search for in the title, company, location and description (at most ${JOB_SEARCH_MAX_LENGTH} characters): a job matches when it has every word, the last one also as the start of a word`,
  batch: 'Only the jobs found by this batch (its id)',
  run: 'Only the jobs found by this query run (its id)',
  new_in_batch: 'Only the jobs this batch found first (its id)',
  posted: `Only the jobs posted within this time: ${JOB_POSTED_WITHIN.join(', ')}`,
  workplace: `Only these workplaces, comma-separated: ${JOB_WORKPLACES.join(', ')}`,
  easy_apply: 'true: only Easy Apply jobs (false, the default, leaves no job out)',
  has_salary: 'true: only the jobs that state a salary (false, the default, leaves no job out)',
  company:
    'Only the jobs of companies whose name contains this text (case, spacing and legal suffixes aside)',
  state: `Only these triage states, comma-separated: ${JOB_STATES.join(', ')}. Without it, every state but hidden`,
  flag: 'Only the jobs an enabled flag rule labels (the rule’s id)',
  sort: `The order: ${JOB_SORTS.join(', ')} (relevance needs q; fit: the best fit first, ties newest first, jobs without a fit last). Newest first by default`,
  hide_reposts:
    'true: leave out reposts of jobs already triaged (the earlier job is no longer new)',
  group: 'Only the jobs of this group (the same role in several places), by the key the list gives',
  grouped:
    'false (the default): every job, one item each; true: one row per group of the same role in several places (each group’s `group.jobs` and `group.size` say how many jobs and places it holds; `total` then counts rows, `total_jobs` jobs). An export always lists every job',
  open: 'true: only the jobs whose page was not found closed ("Open only"; `closed_at` is null). false, the default, leaves no job out',
  min_fit:
    'Only the jobs whose fit (`fit.score`) is at least this, 0 to 100 (Strong 80, Good 60, Weak 40); jobs without a fit are left out when it is given',
  cursor: 'Where the next page starts: the `next_cursor` of the page before',
  limit: `Jobs per page, 1 to ${JOBS_PAGE_MAX} (default ${JOBS_PAGE_DEFAULT})`,
  format: `The file's format: ${EXPORT_FORMATS.join(', ')} (default xlsx)`,
  query:
    'The typeahead’s text typed so far: the site suggests places whose names start with it. On the Overview, a saved query’s id: the figures of that query alone (site health covers every query, and checks the id)',
  range: `The Overview’s days in the server’s time zone: ${OVERVIEW_RANGES.join(', ')} (the last 7, 30 or 90 days, today included, or every day since the first batch; default ${OVERVIEW_RANGE_DEFAULT})`,
  dry_run: 'true: count what the call would change, and change nothing',
  mode: `${RULE_IMPORT_MODES.join(' or ')}: add the file's rules after yours (their names must be new), or replace yours with them (default add)`,
};

/**
 * The names a group of routes gives a meaning of its own, by the routes' path prefix: the
 * Overview's `query` is a saved query, where the typeahead's is the text typed (issue 32).
 */
export const ROUTE_QUERY_PARAMETER_DESCRIPTIONS: ReadonlyArray<
  readonly [prefix: string, texts: Readonly<Record<string, string>>]
> = [
  [
    `${API_BASE_PATH}/overview/`,
    {
      range: `The days counted, in the server's time zone: ${OVERVIEW_RANGES.filter((r) => r !== 'all').join(', ')} (today and the days before it) or all (from the first day anything was found). Default ${OVERVIEW_RANGE_DEFAULT}`,
      query: 'Only what this saved query found (its id); every query without it',
    },
  ],
  [
    `${API_BASE_PATH}/fit-profiles/cv-text`,
    {
      name: 'The uploaded file’s name (cv.pdf): its ending tells a .txt, .pdf or .docx, before the media type',
    },
  ],
  [
    `${API_BASE_PATH}/jobs`,
    { query: 'Only the jobs found by any run of this saved query (its id)' },
  ],
  [
    `${API_BASE_PATH}/applications`,
    {
      stage: `Only the applications in these stages, comma-separated: ${APPLICATION_STAGES.join(', ')}`,
      query: 'Only the applications of jobs this saved query found first (its id)',
      company:
        'Only the applications of companies whose name contains this text (case, spacing and legal suffixes aside)',
    },
  ],
];
