import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { FitStatus } from '../../../contract/fit-api';
import type { Rule } from '../../../contract/rules';
import { fakeApplicationsApi, type FakeApplications } from '../../components/application/testing';
import { LocationProbe, renderScreen } from '../../test/render';
import type { JobDetail, JobListItem, JobState } from './api/jobs-schema';
import { JobsPage } from './jobs-page';

export const API = 'http://localhost:3000/api/v1';

/** The Jobs screen at `url`, with a probe that shows where the router is. */
export function renderJobs(url = '/jobs') {
  return renderScreen(
    <>
      <JobsPage />
      <LocationProbe />
    </>,
    { path: '/jobs', initialEntries: [url] },
  );
}

/** Where the router is now (path and search), as the probe shows it. */
export const location = () => screen.getByTestId('location').textContent ?? '';

export function aJob(id: number, overrides: Partial<JobDetail> = {}): JobDetail {
  return {
    id,
    title: `Job ${id}`,
    company_name: `Company ${id}`,
    company_id: 1000 + id,
    location: 'Berlin, Germany',
    posted_at: null,
    salary: null,
    easy_apply: false,
    applicants: null,
    workplace: null,
    search_terms: ['Data Analyst'],
    state: 'seen',
    first_seen_at: '2025-03-04T09:00:00.000Z',
    last_seen_at: '2025-03-05T09:00:00.000Z',
    url: `https://www.linkedin.com/jobs/view/${id}`,
    seniority: null,
    employment_type: null,
    job_function: null,
    industries: null,
    description_html: null,
    found_by: [],
    company_blocked: false,
    repost: null,
    group: null,
    repost_chain: [],
    flags: [],
    hidden_by_rule: null,
    muted_by_rule: null,
    details_fetched: true,
    pipeline_stage: null,
    ...overrides,
  };
}

export function listItem(job: JobDetail): JobListItem {
  const {
    seniority: _s,
    employment_type: _e,
    job_function: _f,
    industries: _i,
    description_html: _d,
    found_by: _b,
    last_seen_at: _l,
    company_blocked: _c,
    repost_chain: _r,
    details_fetched: _df,
    fits: _fits,
    ...item
  } = job;
  return item;
}

export interface FakeJobsApi {
  jobs: JobDetail[];
  /** Every GET /jobs request's search params, in order. */
  listRequests: URLSearchParams[];
  writes: { method: string; path: string; body: unknown }[];
  pageSize: number;
  /** What GET /rules answers (issue 17): the Flag filter's choices. */
  rules?: Rule[];
  /**
   * The jobs in the pipeline (issue 33): the panel's Pipeline section; none when left out. A job
   * with one is answered with its stage as `pipeline_stage` (issue 39), as the server does.
   */
  applications?: FakeApplications;
  /**
   * What GET /fit/status answers in turn (issue 40), the last one staying; by default a profile
   * exists and nothing is being scored.
   */
  fitStatuses?: FitStatus[];
}

export const FIT_IDLE: FitStatus = {
  rescoring: false,
  done: 0,
  total: 0,
  started_at: null,
  has_profiles: true,
};

/**
 * A small stand-in for the server's jobs API: it keeps states, hides hidden jobs by default,
 * pages with an opaque cursor (the next index), filters by `state` and by blocked companies, and
 * with `grouped=true` lists one row per group.
 */
export function fakeJobsApi(api: FakeJobsApi) {
  const isState = (s: unknown): s is JobState =>
    s === 'new' || s === 'seen' || s === 'saved' || s === 'applied' || s === 'hidden';
  const setState = (ids: number[], state: JobState) => {
    api.jobs = api.jobs.map((j) => (ids.includes(j.id) ? { ...j, state } : j));
  };
  const served = (job: JobDetail): JobDetail => ({
    ...job,
    pipeline_stage: api.applications?.items.find((a) => a.job_id === job.id)?.stage ?? null,
  });
  return [
    http.get(`${API}/jobs`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      api.listRequests.push(params);
      const states = params.get('state')?.split(',') ?? ['new', 'seen', 'saved', 'applied'];
      const group = params.get('group');
      const flag = Number(params.get('flag'));
      const minFit = params.get('min_fit');
      const passing = api.jobs.filter(
        (j) =>
          states.includes(j.state) &&
          !j.company_blocked &&
          // Issue 17: one group's members on request; the flag filter; reposts of jobs already
          // triaged left out on request.
          (!group || j.group?.key === group) &&
          (!flag || j.flags.some((f) => f.rule_id === flag)) &&
          // Issue 40: a job without a fit is left out once a least fit is asked for.
          (minFit === null || (j.fit != null && j.fit.score >= Number(minFit))) &&
          !(
            params.get('hide_reposts') === 'true' &&
            j.repost &&
            j.repost.earlier_state !== 'new'
          ) &&
          // Issue 41: Open only leaves out the jobs found closed.
          !(params.get('open') === 'true' && j.closed_at),
      );
      // Best fit first, jobs without a fit last, as the server sorts (issue 40).
      if (params.get('sort') === 'fit')
        passing.sort((a, b) => (b.fit?.score ?? -1) - (a.fit?.score ?? -1));
      // One row per group only when asked for (issue 30): the first passing member stands for it.
      const grouped = params.get('grouped') === 'true' && !group;
      const matching = grouped
        ? passing.filter(
            (j, i, all) => !j.group || all.findIndex((k) => k.group?.key === j.group?.key) === i,
          )
        : passing;
      const start = Number(params.get('cursor') ?? 0);
      const end = start + api.pageSize;
      return HttpResponse.json({
        items: matching.slice(start, end).map((j) => listItem(served(j))),
        next_cursor: end < matching.length ? String(end) : null,
        total: matching.length,
        total_capped: false,
        total_jobs: passing.length,
        total_jobs_capped: false,
      });
    }),
    http.get(`${API}/jobs/:id`, ({ params }) => {
      const job = api.jobs.find((j) => j.id === Number(params.id));
      return job
        ? HttpResponse.json(served(job))
        : HttpResponse.json({ error: 'Job not found' }, { status: 404 });
    }),
    http.post(`${API}/jobs/:id/details`, ({ params }) => {
      const id = Number(params.id);
      api.writes.push({ method: 'POST', path: `/jobs/${id}/details`, body: null });
      api.jobs = api.jobs.map((j) =>
        j.id === id ? { ...j, details_fetched: true, description_html: '<p>Fetched now.</p>' } : j,
      );
      const job = api.jobs.find((j) => j.id === id);
      return job
        ? HttpResponse.json(served(job))
        : HttpResponse.json({ error: 'Job not found' }, { status: 404 });
    }),
    http.patch(`${API}/jobs/:id`, async ({ request, params }) => {
      const body = await request.json();
      api.writes.push({ method: 'PATCH', path: `/jobs/${String(params.id)}`, body });
      const state =
        typeof body === 'object' && body !== null && 'state' in body ? body.state : null;
      if (!isState(state)) return HttpResponse.json({ error: 'bad state' }, { status: 400 });
      setState([Number(params.id)], state);
      return HttpResponse.json({ id: Number(params.id), state });
    }),
    http.post(`${API}/jobs/state`, async ({ request }) => {
      const body = await request.json();
      api.writes.push({ method: 'POST', path: '/jobs/state', body });
      if (typeof body !== 'object' || body === null || !('ids' in body) || !('state' in body))
        return HttpResponse.json({ error: 'bad body' }, { status: 400 });
      const { ids, state } = body;
      if (!Array.isArray(ids) || !isState(state))
        return HttpResponse.json({ error: 'bad body' }, { status: 400 });
      setState(ids.map(Number), state);
      return HttpResponse.json({ updated: ids.length });
    }),
    http.post(`${API}/companies/:id/ban`, ({ params }) => {
      const id = Number(params.id);
      api.writes.push({ method: 'POST', path: `/companies/${id}/ban`, body: null });
      api.jobs = api.jobs.map((j) => (j.company_id === id ? { ...j, company_blocked: true } : j));
      return HttpResponse.json({ id, normalized_name: 'acme' });
    }),
    http.get(`${API}/rules`, () => HttpResponse.json({ items: api.rules ?? [] })),
    http.get(`${API}/fit/status`, () => {
      const statuses = api.fitStatuses ?? [FIT_IDLE];
      const status = statuses.length > 1 ? statuses.shift() : statuses[0];
      return HttpResponse.json(status ?? FIT_IDLE);
    }),
    http.get(`${API}/batches`, () => HttpResponse.json([])),
    http.get(`${API}/query-runs`, () => HttpResponse.json([])),
    ...fakeApplicationsApi(api.applications ?? { items: [], writes: [] }),
  ];
}
