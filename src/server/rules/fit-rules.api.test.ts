import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ruleApplyResultSchema,
  ruleListSchema,
  rulePreviewSchema,
  ruleSchema,
  ruleSetExportSchema,
  jobListSchema,
} from '../../contract';
import { startTestServer, type TestServer } from '../test-harness';

// Issue 40: a rule's condition on a job's fit (docs/decisions/066), through the API on a real
// server and SQLite file: every refusal, the condition stored and answered, the export file, and
// preview and "Apply to stored jobs" over jobs whose best scores are set as the runner sets them.

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  server.authed({ method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload }) });

/** Jobs 201–206 with these best scores (null: no profile scored it). */
const SCORES: Array<[number, number | null, string]> = [
  [201, 92, 'Staff Backend Engineer'],
  [202, 80, 'Backend Engineer'],
  [203, 79, 'Platform Engineer'],
  [204, 39, 'Sales Engineer'],
  [205, 5, 'Sales Manager'],
  [206, null, 'Sales Director'],
];

function seed() {
  const db = server.database.sqlite;
  db.exec(
    `INSERT OR IGNORE INTO batches (id, kind, status, started_at) VALUES (1, 'manual', 'completed', 0)`,
  );
  const insert =
    db.prepare(`INSERT INTO jobs (id, title, company_name, company_normalized, location,
      url, first_seen_batch_id, first_seen_at, last_seen_at, state, fit_score)
    VALUES (@id, @title, 'ACME', 'acme', 'Berlin', @url, 1, @id, @id, 'new', @fit)`);
  for (const [id, fit, title] of SCORES)
    insert.run({ id: String(id), title, url: `https://www.linkedin.com/jobs/view/${id}`, fit });
}

describe('a rule on fit', () => {
  it('refuses a bad fit condition, or a rule with no condition at all, with a clear 400', async () => {
    const base = { name: 'Poor fits', action: 'hide' };
    const shape = 'fit must be {"below": n} or {"at_least": n}, n a whole number from 0 to 100';
    const cases: Array<[object, string]> = [
      [{ ...base, fit: { below: 101 } }, shape],
      [{ ...base, fit: { at_least: -1 } }, shape],
      [{ ...base, fit: { below: 39.5 } }, shape],
      [{ ...base, fit: { below: '40' } }, shape],
      [{ ...base, fit: { below: 40, at_least: 80 } }, shape],
      [{ ...base, fit: { above: 40 } }, shape],
      [{ ...base, fit: 40 }, shape],
      [{ ...base, fit: 'poor' }, shape],
      [{ ...base }, 'a rule needs at least one condition (words, or a fit)'],
      [{ ...base, conditions: [], fit: null }, 'a rule needs at least one condition'],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', '/rules', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toContain(message);
      const preview = await api('POST', '/rules/preview', body);
      expect(preview.statusCode, JSON.stringify(body)).toBe(400);
      expect(preview.json().error).toContain(message);
    }
    // An edit may not leave a rule without a condition either.
    const fitOnly = ruleSchema.parse(
      (await api('POST', '/rules', { ...base, fit: { below: 40 } })).json(),
    );
    const words = ruleSchema.parse(
      (
        await api('POST', '/rules', {
          name: 'Sales',
          action: 'mute',
          conditions: [{ field: 'title', value: 'sales' }],
        })
      ).json(),
    );
    for (const [id, patch] of [
      [fitOnly.id, { fit: null }],
      [words.id, { conditions: [] }],
      [fitOnly.id, { fit: { below: 200 } }],
    ] as const) {
      const res = await api('PATCH', `/rules/${id}`, patch);
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().error).toMatch(/a rule needs at least one condition|fit must be/);
    }
    const imported = await api('POST', '/rules/import', {
      version: 1,
      rules: [{ ...base, name: 'x', fit: { at_least: 'high' } }],
    });
    expect(imported.statusCode).toBe(400);
    expect(imported.json().error).toContain(shape);
    // Nothing of the refused ones was stored.
    const list = ruleListSchema.parse((await api('GET', '/rules')).json());
    expect(list.items.map((r) => [r.name, r.fit])).toEqual([
      ['Poor fits', { below: 40 }],
      ['Sales', null],
    ]);
  });

  it('stores the condition, acts with the details, and travels in the export file', async () => {
    const hide = await api('POST', '/rules', {
      name: 'Poor fits',
      action: 'hide',
      fit: { below: 40 },
    });
    expect(hide.statusCode, hide.body).toBe(201);
    expect(ruleSchema.parse(hide.json())).toMatchObject({
      conditions: [],
      fit: { below: 40 },
      card_only: false,
    });
    const flag = ruleSchema.parse(
      (
        await api('POST', '/rules', {
          name: 'Strong backend',
          action: 'flag',
          conditions: [{ field: 'title', value: 'backend' }],
          fit: { at_least: 80 },
        })
      ).json(),
    );
    const patched = await api('PATCH', `/rules/${flag.id}`, { fit: { at_least: 60 } });
    expect(ruleSchema.parse(patched.json()).fit).toEqual({ at_least: 60 });
    const words = ruleSchema.parse(
      (
        await api('POST', '/rules', {
          name: 'Sales',
          action: 'mute',
          conditions: [{ field: 'title', value: 'sales' }],
        })
      ).json(),
    );
    expect(words).toMatchObject({ fit: null, card_only: true });

    const file = ruleSetExportSchema.parse((await api('GET', '/rules/export')).json());
    expect(file.rules.map((r) => r.fit)).toEqual([{ below: 40 }, { at_least: 60 }, undefined]);
    // A rule without a fit is written as before issue 40.
    expect(Object.keys(file.rules[2] ?? {})).not.toContain('fit');
    const replaced = await api('POST', '/rules/import?mode=replace', file);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = ruleSetExportSchema.parse((await api('GET', '/rules/export')).json());
    expect(after).toEqual(file);
  });

  it('previews and applies to stored jobs by their fit; a job without a fit never matches', async () => {
    seed();
    const preview = rulePreviewSchema.parse(
      (await api('POST', '/rules/preview', { fit: { below: 40 } })).json(),
    );
    expect(preview).toEqual({
      matches: 2,
      examples: [
        { id: 205, title: 'Sales Manager', company_name: 'ACME' },
        { id: 204, title: 'Sales Engineer', company_name: 'ACME' },
      ],
    });
    const strongBackend = rulePreviewSchema.parse(
      (
        await api('POST', '/rules/preview', {
          conditions: [{ field: 'title', value: 'engineer' }],
          exceptions: [{ field: 'title', value: 'staff' }],
          fit: { at_least: 80 },
        })
      ).json(),
    );
    expect(strongBackend.examples.map((e) => e.id)).toEqual([202]);
    // A fit condition and exceptions only: every fit job but those an exception matches.
    const unless = rulePreviewSchema.parse(
      (
        await api('POST', '/rules/preview', {
          exceptions: [{ field: 'title', value: 'manager' }],
          fit: { below: 100 },
        })
      ).json(),
    );
    expect(unless.examples.map((e) => e.id)).toEqual([204, 203, 202, 201]);
    const everyScored = rulePreviewSchema.parse(
      (await api('POST', '/rules/preview', { fit: { at_least: 0 } })).json(),
    );
    expect(everyScored.matches).toBe(5);

    const hide = ruleSchema.parse(
      (await api('POST', '/rules', { name: 'Poor', action: 'hide', fit: { below: 40 } })).json(),
    );
    const flag = ruleSchema.parse(
      (
        await api('POST', '/rules', {
          name: 'Strong',
          action: 'flag',
          color: 'green',
          fit: { at_least: 80 },
        })
      ).json(),
    );
    const dry = ruleApplyResultSchema.parse(
      (await api('POST', `/rules/${hide.id}/apply?dry_run=true`)).json(),
    );
    expect(dry).toEqual({ matches: 2, changed: 2, dry_run: true });
    expect(
      ruleApplyResultSchema.parse((await api('POST', `/rules/${hide.id}/apply`)).json()),
    ).toEqual({ matches: 2, changed: 2, dry_run: false });
    expect(
      ruleApplyResultSchema.parse((await api('POST', `/rules/${flag.id}/apply`)).json()),
    ).toEqual({ matches: 2, changed: 2, dry_run: false });
    const list = jobListSchema.parse(
      (await api('GET', '/jobs?state=new,seen,saved,applied,hidden&limit=50')).json(),
    );
    const byId = new Map(list.items.map((item) => [item.id, item]));
    expect(byId.get(204)?.state).toBe('hidden');
    expect(byId.get(204)?.hidden_by_rule).toEqual({ id: hide.id, name: 'Poor' });
    expect(byId.get(205)?.state).toBe('hidden');
    expect(byId.get(206)?.state).toBe('new');
    expect(byId.get(203)?.state).toBe('new');
    expect(byId.get(201)?.flags).toEqual([{ rule_id: flag.id, name: 'Strong', color: 'green' }]);
    expect(byId.get(202)?.flags).toHaveLength(1);
    expect(byId.get(203)?.flags).toEqual([]);
  });
});
