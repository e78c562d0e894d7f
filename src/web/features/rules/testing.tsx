import { http, HttpResponse } from 'msw';
import type { Rule, RuleSetExport } from '../../../contract/rules';

export const API = 'http://localhost:3000/api/v1';

export function aRule(id: number, overrides: Partial<Rule> = {}): Rule {
  return {
    id,
    name: `Rule ${id}`,
    conditions: [{ field: 'title', value: 'senior' }],
    match: 'any',
    exceptions: [],
    action: 'hide',
    color: null,
    enabled: true,
    position: id,
    card_only: true,
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

/** A rule as the shared file holds it (`GET /rules/export`, `POST /rules/import`). */
export const EXPORTED_RULE: RuleSetExport['rules'][number] = {
  name: 'No senior roles',
  conditions: [{ field: 'title', value: 'senior' }],
  match: 'any',
  exceptions: [],
  action: 'hide',
  color: null,
  enabled: true,
};

export interface FakeRulesApi {
  rules: Rule[];
  /** Every write, in order. */
  writes: { method: string; path: string; body: unknown }[];
  /** What a preview answers for a body (default: nothing matches). */
  preview: (body: unknown) => {
    matches: number;
    examples: { id: number; title: string; company_name: string }[];
  };
  /** Jobs each rule matches / would change (apply) and could bring back (restore). */
  matches: Record<number, { matches: number; changed: number; restorable: number }>;
  carryOver: boolean;
}

export function emptyRulesApi(): FakeRulesApi {
  return {
    rules: [],
    writes: [],
    preview: () => ({ matches: 0, examples: [] }),
    matches: {},
    carryOver: true,
  };
}

const counts = (api: FakeRulesApi, id: number) =>
  api.matches[id] ?? { matches: 0, changed: 0, restorable: 0 };

/** A stand-in for the rules API (src/server/rules): keeps the set, its order and the counts. */
export function fakeRulesApi(api: FakeRulesApi) {
  const list = () => HttpResponse.json({ items: api.rules });
  const record = async (request: Request, path: string) => {
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : null;
    api.writes.push({ method: request.method, path, body });
    return body;
  };
  return [
    http.get(`${API}/rules`, list),
    http.get(`${API}/rules/export`, () => {
      const set: RuleSetExport = {
        version: 1,
        rules: api.rules.map(({ name, conditions, match, exceptions, action, color, enabled }) => ({
          name,
          conditions,
          match,
          exceptions,
          action,
          color,
          enabled,
        })),
      };
      return HttpResponse.json(set);
    }),
    http.post(`${API}/rules/preview`, async ({ request }) => {
      const body = await record(request, '/rules/preview');
      return HttpResponse.json(api.preview(body));
    }),
    http.post(`${API}/rules/import`, async ({ request }) => {
      const body = await record(request, `/rules/import${new URL(request.url).search}`);
      const rules =
        typeof body === 'object' && body !== null && 'rules' in body && Array.isArray(body.rules)
          ? body.rules.length
          : 0;
      return HttpResponse.json({ imported: rules, items: api.rules });
    }),
    http.put(`${API}/rules/order`, async ({ request }) => {
      const body = await record(request, '/rules/order');
      const ids =
        typeof body === 'object' && body !== null && 'ids' in body && Array.isArray(body.ids)
          ? body.ids.map(Number)
          : [];
      api.rules = ids
        .flatMap((id) => api.rules.filter((r) => r.id === id))
        .map((r, i) => ({ ...r, position: i + 1 }));
      return list();
    }),
    http.post(`${API}/rules`, async ({ request }) => {
      const body = await record(request, '/rules');
      const rule = aRule(api.rules.length + 100, {
        ...(typeof body === 'object' && body !== null ? body : {}),
        position: api.rules.length + 1,
      });
      api.rules = [...api.rules, rule];
      return HttpResponse.json(rule, { status: 201 });
    }),
    http.patch(`${API}/rules/:id`, async ({ request, params }) => {
      const id = Number(params.id);
      const body = await record(request, `/rules/${id}`);
      api.rules = api.rules.map((r) =>
        r.id === id ? { ...r, ...(typeof body === 'object' && body !== null ? body : {}) } : r,
      );
      const rule = api.rules.find((r) => r.id === id);
      return rule
        ? HttpResponse.json(rule)
        : HttpResponse.json({ error: 'Rule not found' }, { status: 404 });
    }),
    http.delete(`${API}/rules/:id`, async ({ request, params }) => {
      const id = Number(params.id);
      await record(request, `/rules/${id}`);
      api.rules = api.rules.filter((r) => r.id !== id);
      return HttpResponse.json({ success: true, restorable: counts(api, id).restorable });
    }),
    http.post(`${API}/rules/:id/apply`, async ({ request, params }) => {
      const id = Number(params.id);
      const dryRun = new URL(request.url).searchParams.get('dry_run') === 'true';
      if (!dryRun) await record(request, `/rules/${id}/apply`);
      const { matches, changed } = counts(api, id);
      return HttpResponse.json({ matches, changed, dry_run: dryRun });
    }),
    http.post(`${API}/rules/:id/restore`, async ({ request, params }) => {
      const id = Number(params.id);
      const dryRun = new URL(request.url).searchParams.get('dry_run') === 'true';
      if (!dryRun) await record(request, `/rules/${id}/restore`);
      return HttpResponse.json({ restored: counts(api, id).restorable, dry_run: dryRun });
    }),
    http.get(`${API}/reposts/settings`, () =>
      HttpResponse.json({ carry_over_triage: api.carryOver }),
    ),
    http.put(`${API}/reposts/settings`, async ({ request }) => {
      const body = await record(request, '/reposts/settings');
      if (typeof body === 'object' && body !== null && 'carry_over_triage' in body)
        api.carryOver = body.carry_over_triage === true;
      return HttpResponse.json({ carry_over_triage: api.carryOver });
    }),
  ];
}
