/**
 * The Jobs screen's filters, kept in the URL's search params under the API's own names, so a
 * reload, Back and a shared link restore the view, and the same string filters the export.
 * Anything the URL holds that isn't a valid value is dropped here rather than sent to the API.
 */
import {
  effectiveJobSort,
  JOB_POSTED_WITHIN,
  JOB_SORTS,
  JOB_STATES,
  JOB_WORKPLACES,
  jobSearchWords,
  type JobPostedWithin,
  type JobSort,
  type JobState,
  type JobWorkplace,
} from '../../../contract/jobs';
import { FIT_BAND_FLOORS, FIT_BAND_LABELS } from '../../../contract/fit';
import { FIT_SCORE_MAX, FIT_SCORE_MIN } from '../../../contract/fit-api';
import { JOB_WORKPLACE_LABELS } from '../../../contract/workplace';

// The screen's names for the contract's values.
export const POSTED_WITHIN = JOB_POSTED_WITHIN;
export type PostedWithin = JobPostedWithin;
export const WORKPLACES = JOB_WORKPLACES;
export type Workplace = JobWorkplace;
export const TRIAGE_STATES = JOB_STATES;
export type TriageState = JobState;
export const SORTS = JOB_SORTS;
export type { JobSort };

/** Without a `state` filter the list shows every state but hidden (issue 9). */
export const DEFAULT_STATES: readonly TriageState[] = ['new', 'seen', 'saved', 'applied'];

export const POSTED_LABELS: Record<PostedWithin, string> = {
  '24h': 'Past 24 hours',
  '7d': 'Past 7 days',
  '30d': 'Past 30 days',
};
export const WORKPLACE_LABELS: Readonly<Record<Workplace, string>> = JOB_WORKPLACE_LABELS;
export const STATE_LABELS: Record<TriageState, string> = {
  new: 'New',
  seen: 'Seen',
  saved: 'Saved',
  applied: 'Applied',
  hidden: 'Hidden',
};
export const SORT_LABELS: Record<JobSort, string> = {
  newest: 'Newest first',
  posted: 'Posted date',
  relevance: 'Relevance',
  fit: 'Best fit',
};

/** "Fit at least": the bands' floors the filter offers, best first (decision 061's bands). */
export const MIN_FIT_CHOICES = (['strong', 'good', 'weak'] as const).map((band) => ({
  band,
  min: FIT_BAND_FLOORS[band],
}));

/** The chip of a `min_fit`: the band it starts, or the number a link gave. */
export function minFitLabel(min: number): string {
  const choice = MIN_FIT_CHOICES.find((c) => c.min === min);
  return choice ? `Fit: ${FIT_BAND_LABELS[choice.band]} or better` : `Fit at least ${min}`;
}

export interface JobFilters {
  q: string;
  batch: number | null;
  run: number | null;
  /** Issue 32: only jobs found by any run of this saved query (the Overview's searches). */
  query: number | null;
  new_in_batch: number | null;
  posted: PostedWithin | null;
  workplace: Workplace[];
  easy_apply: boolean;
  has_salary: boolean;
  company: string;
  /** Empty: the default (every state but hidden). */
  state: TriageState[];
  /** Issue 17: only jobs this flag rule labels (the rule's id). */
  flag: number | null;
  /** Issue 17: leave out reposts of jobs already triaged. */
  hide_reposts: boolean;
  /** Issue 40: only jobs whose fit is at least this (0–100); null: every job, with a fit or not. */
  min_fit: number | null;
  /** Issue 41: only jobs not found closed ("Open only"). */
  open: boolean;
  /** null: the default (newest, also while searching: docs/decisions/013). */
  sort: JobSort | null;
}

export const EMPTY_FILTERS: JobFilters = {
  q: '',
  batch: null,
  run: null,
  query: null,
  new_in_batch: null,
  posted: null,
  workplace: [],
  easy_apply: false,
  has_salary: false,
  company: '',
  state: [],
  flag: null,
  hide_reposts: false,
  min_fit: null,
  open: false,
  sort: null,
};

const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string): value is T =>
    (values as readonly string[]).includes(value);

/** A whole number from 0 to 100, as `min_fit=` takes it. */
function fitScore(value: string | null): number | null {
  if (value === null || !/^\d{1,3}$/.test(value)) return null;
  const n = Number(value);
  return n >= FIT_SCORE_MIN && n <= FIT_SCORE_MAX ? n : null;
}

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** Comma lists keep the canonical order and drop unknown or repeated words. */
function list<T extends string>(value: string | null, values: readonly T[]): T[] {
  if (!value) return [];
  const given = new Set(value.split(',').map((v) => v.trim()));
  return values.filter((v) => given.has(v));
}

export function parseJobFilters(params: URLSearchParams): JobFilters {
  const posted = params.get('posted');
  const sort = params.get('sort');
  return {
    q: params.get('q')?.trim() ?? '',
    batch: positiveInt(params.get('batch')),
    run: positiveInt(params.get('run')),
    query: positiveInt(params.get('query')),
    new_in_batch: positiveInt(params.get('new_in_batch')),
    posted: posted !== null && isOneOf(POSTED_WITHIN)(posted) ? posted : null,
    workplace: list(params.get('workplace'), WORKPLACES),
    easy_apply: params.get('easy_apply') === 'true',
    has_salary: params.get('has_salary') === 'true',
    company: params.get('company')?.trim() ?? '',
    state: list(params.get('state'), TRIAGE_STATES),
    flag: positiveInt(params.get('flag')),
    hide_reposts: params.get('hide_reposts') === 'true',
    min_fit: fitScore(params.get('min_fit')),
    open: params.get('open') === 'true',
    sort: sort !== null && isOneOf(SORTS)(sort) ? sort : null,
  };
}

/** The filters as search params, in a fixed order, leaving defaults out. */
export function jobFiltersToParams(filters: JobFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.batch !== null) params.set('batch', String(filters.batch));
  if (filters.run !== null) params.set('run', String(filters.run));
  if (filters.query !== null) params.set('query', String(filters.query));
  if (filters.new_in_batch !== null) params.set('new_in_batch', String(filters.new_in_batch));
  if (filters.posted) params.set('posted', filters.posted);
  if (filters.workplace.length > 0) params.set('workplace', filters.workplace.join(','));
  if (filters.easy_apply) params.set('easy_apply', 'true');
  if (filters.has_salary) params.set('has_salary', 'true');
  if (filters.company) params.set('company', filters.company);
  if (filters.state.length > 0) params.set('state', filters.state.join(','));
  if (filters.flag !== null) params.set('flag', String(filters.flag));
  if (filters.hide_reposts) params.set('hide_reposts', 'true');
  if (filters.min_fit !== null) params.set('min_fit', String(filters.min_fit));
  if (filters.open) params.set('open', 'true');
  // Relevance needs words to rank by; without a search it would mean nothing.
  const sort = effectiveSort(filters);
  if (filters.sort !== null && !(sort === 'newest' && !filters.q)) params.set('sort', sort);
  return params;
}

/** The order the list is in: newest unless chosen; relevance is offered only while searching. */
export function effectiveSort(filters: JobFilters): JobSort {
  return effectiveJobSort(filters.q, filters.sort);
}

/** Whether anything narrows the list (the search, a filter, or a non-default state choice). */
export function hasActiveFilters(filters: JobFilters): boolean {
  return jobFiltersToParams({ ...filters, sort: null }).size > 0;
}

/** The words of a search, for highlighting: the very words the server's index is asked for. */
export const searchWords = jobSearchWords;
