import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { anApplication as anApplicationDetail } from '../../components/application/testing';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import {
  applicationDetailSchema,
  applicationSchema,
  APPLICATION_STAGES,
  isClosingStage,
  type Application,
  type ApplicationEvent,
  type ApplicationStage,
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
  /** Each application's history as the fake recorded it: its entry from before, then its moves. */
  history: Map<number, ApplicationEvent[]>;
  /** Every DELETE /applications/{job_id}/history/{event_id} (an undo): job and entry. */
  undos: { jobId: number; eventId: number }[];
  /** GET /jobs/{id} asked (the panel's description): the job ids, in order. */
  jobReads: number[];
}

export function emptyPipelineApi(applications: Application[] = []): FakePipelineApi {
  return {
    applications,
    listRequests: [],
    moves: [],
    exports: [],
    refuseMoves: null,
    history: new Map(),
    undos: [],
    jobReads: [],
  };
}

const stageOf = (value: unknown): ApplicationStage | null =>
  APPLICATION_STAGES.find((s) => s === value) ?? null;
const bodyField = (body: unknown, key: string): unknown =>
  typeof body === 'object' && body !== null
    ? Object.entries(body).find(([name]) => name === key)?.[1]
    : undefined;

/** The fake's history of an application: one entry from before the test, then its moves. */
function historyOf(api: FakePipelineApi, a: Application): ApplicationEvent[] {
  const kept = api.history.get(a.job_id);
  if (kept) return kept;
  const first: ApplicationEvent = {
    id: a.job_id * 100,
    stage: a.stage,
    at: a.stage_since,
    recorded_at: a.stage_since,
    source: 'operator',
    ended_next_step: null,
  };
  api.history.set(a.job_id, [first]);
  return [first];
}

const detailOf = (api: FakePipelineApi, a: Application) =>
  applicationDetailSchema.parse({ ...a, history: historyOf(api, a), contacts: [] });

/** PATCH: the move recorded as the server records it, the step ended when the server ends it. */
function patchApplication(api: FakePipelineApi, found: Application, body: unknown) {
  const stage = stageOf(bodyField(body, 'stage'));
  if (!stage) return HttpResponse.json({ error: 'bad stage' }, { status: 400 });
  const history = historyOf(api, found);
  const ends = bodyField(body, 'next_step') === null || isClosingStage(stage);
  const now = new Date().toISOString();
  const entry: ApplicationEvent = {
    id: (history.at(-1)?.id ?? 0) + 1,
    stage,
    at: now,
    recorded_at: now,
    source: 'operator',
    ended_next_step: ends ? found.next_step : null,
  };
  api.history.set(found.job_id, [...history, entry]);
  const moved = applicationSchema.parse({
    ...found,
    stage,
    stage_since: now,
    next_step: ends ? null : found.next_step,
  });
  api.applications = api.applications.map((a) => (a.job_id === found.job_id ? moved : a));
  return HttpResponse.json(detailOf(api, moved));
}

/** DELETE history: the latest entry goes, the stage, its date and the ended step come back. */
function undoMove(api: FakePipelineApi, found: Application, eventId: number) {
  const history = historyOf(api, found);
  const [before, move] = history.slice(-2);
  if (!before || move?.id !== eventId)
    return HttpResponse.json({ error: 'Only the latest move can be undone' }, { status: 409 });
  api.history.set(found.job_id, history.slice(0, -1));
  const undone = applicationSchema.parse({
    ...found,
    stage: before.stage,
    stage_since: before.at,
    next_step: move.ended_next_step ?? found.next_step,
  });
  api.applications = api.applications.map((a) => (a.job_id === found.job_id ? undone : a));
  return HttpResponse.json(detailOf(api, undone));
}

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
      return HttpResponse.json(detailOf(api, found));
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
      const found = api.applications.find((a) => a.job_id === jobId);
      if (!found) return HttpResponse.json({ error: 'Application not found' }, { status: 404 });
      return patchApplication(api, found, body);
    }),
    http.delete(`${API}/applications/:id/history/:eventId`, ({ params }) => {
      const jobId = Number(params.id);
      const eventId = Number(params.eventId);
      api.undos.push({ jobId, eventId });
      const found = api.applications.find((a) => a.job_id === jobId);
      if (!found) return HttpResponse.json({ error: 'Application not found' }, { status: 404 });
      return undoMove(api, found, eventId);
    }),
    // The panel's description, asked for when shown.
    http.get(`${API}/jobs/:id`, ({ params }) => {
      api.jobReads.push(Number(params.id));
      return HttpResponse.json({
        id: Number(params.id),
        description_html: '<p>Build <strong>dashboards</strong> for the risk team.</p>',
      });
    }),
    http.get(`${API}/queries`, () => HttpResponse.json(QUERIES)),
  ];
}

/**
 * The fake pipeline API for a test file, its applications `seed()` afresh before each test, and
 * the mocks and stubbed globals (a phone's width) undone after it.
 */
export function fakePipelineServer(seed: () => Application[]) {
  const api = emptyPipelineApi();
  const server = setupServer(...fakePipelineApi(api));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    Object.assign(api, emptyPipelineApi(seed()));
  });
  afterEach(() => {
    server.resetHandlers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  afterAll(() => server.close());
  return { api, server };
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

/**
 * Moves a card by its Move menu, as a mouse does: the button, then the stage. The menu's chunk
 * loads when first pressed, which a loaded machine may take a while to do.
 */
export async function moveByMenu(user: UserEvent, title: string, stage: string) {
  await user.click(screen.getByRole('button', { name: `Move ${title} to…` }));
  await user.click(await screen.findByRole('menuitem', { name: stage }, { timeout: 5000 }));
}
