import { screen, within } from '@testing-library/react';
import { anApplication as anApplicationDetail } from '../../components/application/testing';
import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import {
  applicationDetailSchema,
  applicationSchema,
  APPLICATION_STAGES,
  type Application,
} from '../../../contract/pipeline';
import { queryListSchema } from '../../../contract/queries';
import { LocationProbe, renderScreen } from '../../test/render';
import { PipelinePage } from './pipeline-page';

export const API = 'http://localhost:3000/api/v1';

const DAY_MS = 86_400_000;
/** An instant `days` whole days before now (at this minute), as the API writes it. */
export const daysAgo = (days: number): string => new Date(Date.now() - days * DAY_MS).toISOString();
export const daysAhead = (days: number): string =>
  new Date(Date.now() + days * DAY_MS).toISOString();

/**
 * An application as `GET /applications` lists it: the shared fake's, dated relative to now (the
 * board counts days in a stage), passed through the contract's list schema.
 */
export function anApplication(jobId: number, overrides: Partial<Application> = {}): Application {
  return applicationSchema.parse({
    ...anApplicationDetail(jobId),
    stage_since: daysAgo(3),
    created_at: daysAgo(10),
    updated_at: daysAgo(3),
    ...overrides,
  });
}

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
]);

export interface FakePipelineApi {
  applications: Application[];
  /** Every GET /applications request's search params, in order. */
  listRequests: URLSearchParams[];
  /** Every PATCH /applications/{job_id}: its job id and body. */
  moves: { jobId: number; body: unknown }[];
  /** Every GET /applications/export request's search params. */
  exports: URLSearchParams[];
  /** When set, PATCH answers this status and `{error}` and changes nothing. */
  refuseMoves: { status: number; error: string } | null;
}

export function emptyPipelineApi(applications: Application[] = []): FakePipelineApi {
  return { applications, listRequests: [], moves: [], exports: [], refuseMoves: null };
}

const isStage = (value: unknown) => APPLICATION_STAGES.some((s) => s === value);

/**
 * A stand-in for the server's pipeline routes, as decision 056 has them: the list filtered by
 * query and company (any case), a move recorded with a new stage date, the export, the queries.
 */
export function fakePipelineApi(api: FakePipelineApi) {
  return [
    http.get(`${API}/applications/export`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      api.exports.push(params);
      return new HttpResponse(`job_id,stage\n`, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="pipeline.${params.get('format') === 'json' ? 'ndjson' : (params.get('format') ?? 'xlsx')}"`,
        },
      });
    }),
    http.get(`${API}/applications`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      api.listRequests.push(params);
      const query = Number(params.get('query') ?? 0);
      const company = (params.get('company') ?? '').toLowerCase();
      return HttpResponse.json({
        items: api.applications.filter(
          (a) =>
            (!query || a.query_id === query) &&
            (!company || a.company_name.toLowerCase().includes(company)),
        ),
      });
    }),
    // The application panel in the side sheet reads the one it shows, with its history.
    http.get(`${API}/applications/:id`, ({ params }) => {
      const found = api.applications.find((a) => a.job_id === Number(params.id));
      if (!found) return HttpResponse.json({ error: 'Application not found' }, { status: 404 });
      const history = [
        {
          id: found.job_id,
          stage: found.stage,
          at: found.stage_since,
          recorded_at: found.stage_since,
          source: 'operator',
        },
      ];
      return HttpResponse.json(applicationDetailSchema.parse({ ...found, history, contacts: [] }));
    }),
    http.patch(`${API}/applications/:id`, async ({ request, params }) => {
      const jobId = Number(params.id);
      const body = await request.json();
      api.moves.push({ jobId, body });
      if (api.refuseMoves)
        return HttpResponse.json(
          { error: api.refuseMoves.error },
          { status: api.refuseMoves.status },
        );
      const stage =
        typeof body === 'object' && body !== null && 'stage' in body ? body.stage : null;
      const found = api.applications.find((a) => a.job_id === jobId);
      if (!found) return HttpResponse.json({ error: 'Application not found' }, { status: 404 });
      if (!isStage(stage)) return HttpResponse.json({ error: 'bad stage' }, { status: 400 });
      const moved = applicationSchema.parse({
        ...found,
        stage,
        stage_since: new Date().toISOString(),
      });
      api.applications = api.applications.map((a) => (a.job_id === jobId ? moved : a));
      return HttpResponse.json(
        applicationDetailSchema.parse({ ...moved, history: [], contacts: [] }),
      );
    }),
    http.get(`${API}/queries`, () => HttpResponse.json(QUERIES)),
  ];
}

/** The Pipeline screen at `url`, with the router's location shown for navigation checks. */
export function renderPipeline(url = '/pipeline') {
  return renderScreen(
    <>
      <PipelinePage />
      <LocationProbe />
    </>,
    { path: '/pipeline', initialEntries: [url] },
  );
}

export const location = () => screen.getByTestId('location').textContent ?? '';

/** A board column, by its stage's name (its heading holds the name and the count). */
export const column = (label: string) =>
  screen.getByRole('region', { name: new RegExp(`^${label}, \\d+ applications?$`) });

/** The titles of the cards a column (or the phone's stage) holds, top to bottom. */
export const cardTitles = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

/** A window narrower than 640 px (a phone) or wider, as `useWideScreen` reads it. */
export function windowWidth(wide: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: wide,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}
