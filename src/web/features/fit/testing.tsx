import { http, HttpResponse } from 'msw';
import { fitProfileWriteSchema, type FitProfile } from '../../../contract/fit';
import type { FitCvText, FitStatus, FitSuggestions } from '../../../contract/fit-api';
import { LocationProbe, renderScreen } from '../../test/render';
import { FitPage } from './fit-page';

export const API = 'http://localhost:3000/api/v1';

/** The fit screen at `url`, with a probe that shows where the router is. */
export function renderFit(url = '/jobs/fit') {
  return renderScreen(
    <>
      <FitPage />
      <LocationProbe />
    </>,
    { path: '/jobs/fit', initialEntries: [url] },
  );
}

export function aProfile(id: number, overrides: Partial<FitProfile> = {}): FitProfile {
  return {
    id,
    name: `Profile ${id}`,
    is_default: id === 1,
    version: 1,
    cv_text: '',
    must_skills: [],
    plus_skills: [],
    dealbreakers: [],
    seniority: [],
    years_experience: null,
    languages: [],
    workplaces: [],
    places: [],
    salary_floor: null,
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

export interface FakeFitApi {
  profiles: FitProfile[];
  /** Every write, in order, with its body (a CV upload's body is its text). */
  writes: { method: string; path: string; body: unknown; type?: string | null }[];
  /** What a CV upload answers, by the file's name; an `error` is sent with its status. */
  cvText: (name: string, text: string) => FitCvText | { status: number; error: string };
  suggestions: Record<number, FitSuggestions>;
  aliases: { groups: string[][]; built_in: boolean };
  builtInAliases: string[][];
  /** The answers GET /fit/status gives in turn; the last one stays. */
  statuses: FitStatus[];
  statusRequests: number;
  /** A write's error by path, to answer instead of storing (`{error}` with the status). */
  failWrite: Record<string, { status: number; error: string }>;
}

export const IDLE: FitStatus = {
  rescoring: false,
  done: 0,
  total: 0,
  started_at: null,
  has_profiles: false,
};

export function emptyFitApi(): FakeFitApi {
  const builtIn = [
    ['JavaScript', 'JS', 'ECMAScript'],
    ['Kubernetes', 'k8s'],
    ['PostgreSQL', 'Postgres'],
  ];
  return {
    profiles: [],
    writes: [],
    cvText: (_name, text) => ({ text, skills: [] }),
    suggestions: {},
    aliases: { groups: builtIn, built_in: true },
    builtInAliases: builtIn,
    statuses: [IDLE],
    statusRequests: 0,
    failWrite: {},
  };
}

const json = async (request: Request): Promise<unknown> => {
  const text = await request.text();
  return text ? JSON.parse(text) : null;
};

/**
 * A stand-in for the fit API (src/server/fit): it keeps the profiles (the first made is the
 * default, one default at all times), checks bodies with the contract's schema as the server
 * does, and answers uploads, suggestions, aliases and the rescoring's status from the fixture.
 */
export function fakeFitApi(api: FakeFitApi) {
  const failed = (path: string) => {
    const fail = api.failWrite[path];
    return fail ? HttpResponse.json({ error: fail.error }, { status: fail.status }) : null;
  };
  const store = (id: number | null, body: unknown) => {
    const parsed = fitProfileWriteSchema.safeParse(body);
    if (!parsed.success)
      return HttpResponse.json({ error: parsed.error.issues[0]?.message }, { status: 400 });
    const { is_default, ...fields } = parsed.data;
    const old = api.profiles.find((p) => p.id === id);
    const newId = id ?? Math.max(0, ...api.profiles.map((p) => p.id)) + 1;
    const makeDefault = is_default === true || api.profiles.length === 0;
    const profile = aProfile(newId, {
      ...fields,
      is_default: makeDefault || (old?.is_default ?? false),
      version: (old?.version ?? 0) + 1,
    });
    api.profiles = [
      ...api.profiles
        .filter((p) => p.id !== newId)
        .map((p) => (makeDefault ? { ...p, is_default: false } : p)),
      profile,
    ].sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.name.localeCompare(b.name));
    return HttpResponse.json(profile, { status: id === null ? 201 : 200 });
  };
  return [
    http.get(`${API}/fit-profiles`, () => HttpResponse.json(api.profiles)),
    http.post(`${API}/fit-profiles`, async ({ request }) => {
      const body = await json(request);
      api.writes.push({ method: 'POST', path: '/fit-profiles', body });
      return failed('/fit-profiles') ?? store(null, body);
    }),
    http.post(`${API}/fit-profiles/cv-text`, async ({ request }) => {
      const name = new URL(request.url).searchParams.get('name') ?? '';
      const text = await request.text();
      api.writes.push({
        method: 'POST',
        path: `/fit-profiles/cv-text?name=${name}`,
        body: text,
        type: request.headers.get('content-type'),
      });
      const answer = api.cvText(name, text);
      return 'error' in answer
        ? HttpResponse.json({ error: answer.error }, { status: answer.status })
        : HttpResponse.json(answer);
    }),
    http.put(`${API}/fit-profiles/:id`, async ({ request, params }) => {
      const id = Number(params.id);
      const body = await json(request);
      api.writes.push({ method: 'PUT', path: `/fit-profiles/${id}`, body });
      return failed(`/fit-profiles/${id}`) ?? store(id, body);
    }),
    http.delete(`${API}/fit-profiles/:id`, ({ params }) => {
      const id = Number(params.id);
      api.writes.push({ method: 'DELETE', path: `/fit-profiles/${id}`, body: null });
      const fail = failed(`/fit-profiles/${id}`);
      if (fail) return fail;
      api.profiles = api.profiles.filter((p) => p.id !== id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${API}/fit-profiles/:id/suggestions`, ({ params }) => {
      const found = api.suggestions[Number(params.id)];
      return HttpResponse.json(found ?? { ready: false, saved_of: 0, hidden_of: 0, items: [] });
    }),
    http.get(`${API}/fit-aliases`, () => HttpResponse.json(api.aliases)),
    http.put(`${API}/fit-aliases`, async ({ request }) => {
      const body = await json(request);
      api.writes.push({ method: 'PUT', path: '/fit-aliases', body });
      const fail = failed('/fit-aliases');
      if (fail) return fail;
      const groups =
        typeof body === 'object' && body !== null && 'groups' in body && Array.isArray(body.groups)
          ? body.groups.map((g: unknown) => (Array.isArray(g) ? g.map(String) : []))
          : [];
      api.aliases = { groups, built_in: false };
      return HttpResponse.json(api.aliases);
    }),
    http.delete(`${API}/fit-aliases`, () => {
      api.writes.push({ method: 'DELETE', path: '/fit-aliases', body: null });
      api.aliases = { groups: api.builtInAliases, built_in: true };
      return HttpResponse.json(api.aliases);
    }),
    http.get(`${API}/fit/status`, () => {
      const status = api.statuses[Math.min(api.statusRequests, api.statuses.length - 1)] ?? IDLE;
      api.statusRequests += 1;
      return HttpResponse.json({ ...status, has_profiles: api.profiles.length > 0 });
    }),
    // The places field's typeahead.
    http.get(`${API}/locations/typeahead`, ({ request }) => {
      const query = new URL(request.url).searchParams.get('query') ?? '';
      return HttpResponse.json(
        'berlin'.startsWith(query.trim().toLowerCase())
          ? [
              { id: '103035651', displayName: 'Berlin, Germany' },
              { id: '106967730', displayName: 'Berlin, New Hampshire, United States' },
            ]
          : [],
      );
    }),
  ];
}
