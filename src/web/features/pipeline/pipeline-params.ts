/**
 * The Pipeline screen's view, kept in the URL's search params (as the Jobs and Overview screens
 * keep theirs) so a reload, Back and a shared link show the same board. The filters go to
 * `GET /applications` under the API's own names; a value the API would refuse is dropped here.
 */
import {
  APPLICATION_STAGES,
  PIPELINE_COMPANY_FILTER_MAX,
  type ApplicationStage,
} from '../../../contract/pipeline';

export type PipelineView = 'board' | 'table';

export interface PipelineFilters {
  /** A saved query's id, or null for every query. */
  query: number | null;
  /** Part of the company's name, any case; '' for every company. */
  company: string;
}

export interface PipelineParams extends PipelineFilters {
  view: PipelineView;
  /** The stage a phone shows (one at a time); null: the first stage that holds a card. */
  stage: ApplicationStage | null;
  /** The application whose panel is open. */
  job: number | null;
}

export const NO_PIPELINE_FILTERS: PipelineFilters = { query: null, company: '' };

const ID = /^[1-9]\d{0,14}$/;

const isStage = (value: string | null): value is ApplicationStage =>
  APPLICATION_STAGES.some((s) => s === value);

export function parsePipelineParams(params: URLSearchParams): PipelineParams {
  const query = params.get('query');
  const job = params.get('job');
  const stage = params.get('stage');
  return {
    view: params.get('view') === 'table' ? 'table' : 'board',
    query: query !== null && ID.test(query) ? Number(query) : null,
    company: (params.get('company') ?? '').trim().slice(0, PIPELINE_COMPANY_FILTER_MAX),
    stage: isStage(stage) ? stage : null,
    job: job !== null && ID.test(job) ? Number(job) : null,
  };
}

/** The screen's URL: defaults left out, in a fixed order so equal views have equal URLs. */
export function pipelineParamsToUrl(view: PipelineParams): URLSearchParams {
  const params = new URLSearchParams();
  if (view.view === 'table') params.set('view', 'table');
  if (view.query !== null) params.set('query', String(view.query));
  if (view.company !== '') params.set('company', view.company);
  if (view.stage !== null) params.set('stage', view.stage);
  if (view.job !== null) params.set('job', String(view.job));
  return params;
}

/** `GET /applications` and its export: the filters alone, never the view. */
export function pipelineFiltersToApi(filters: PipelineFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.query !== null) params.set('query', String(filters.query));
  if (filters.company !== '') params.set('company', filters.company);
  return params;
}

export const hasPipelineFilters = (filters: PipelineFilters): boolean =>
  filters.query !== null || filters.company !== '';
