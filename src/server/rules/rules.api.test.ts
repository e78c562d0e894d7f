import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  jobDetailSchema,
  jobListSchema,
  RULE_MAX_CONDITIONS,
  RULE_PREVIEW_TITLES,
  ruleApplyResultSchema,
  ruleListSchema,
  rulePreviewSchema,
  ruleSchema,
  RULES_IMPORT_MAX_BYTES,
  RULES_MAX,
  ruleSetExportSchema,
  ruleSetFileText,
  type RuleWriteInput,
} from '../../contract';
import { ruleSetAtTheLimits } from '../../contract/rules-test-kit';
import { startTestServer, type TestServer } from '../test-harness';

// The rules API on a real server and SQLite file, over jobs stored as the runner stores them.

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

interface SeedJob {
  id: number;
  title: string;
  company?: string;
  location?: string;
  description?: string | null;
  state?: string;
}

function seed(jobs: SeedJob[]) {
  const db = server.database.sqlite;
  db.exec(
    `INSERT OR IGNORE INTO batches (id, kind, status, started_at) VALUES (1, 'manual', 'completed', 0)`,
  );
  const insert =
    db.prepare(`INSERT INTO jobs (id, title, company_name, company_normalized, location, url,
      details_fetched_at, first_seen_batch_id, first_seen_at, last_seen_at, state)
    VALUES (@id, @title, @company, lower(@company), @location, @url, @fetched, 1, @id, @id, @state)`);
  const addDescription = db.prepare(
    'INSERT INTO job_descriptions (job_id, description) VALUES (?, ?)',
  );
  for (const j of jobs) {
    insert.run({
      id: String(j.id),
      title: j.title,
      company: j.company ?? 'ACME',
      location: j.location ?? 'Berlin, Germany',
      url: `https://www.linkedin.com/jobs/view/${j.id}`,
      fetched: j.description === undefined || j.description === null ? null : 1,
      state: j.state ?? 'new',
    });
    if (typeof j.description === 'string') addDescription.run(String(j.id), j.description);
  }
}

const JOBS: SeedJob[] = [
  { id: 101, title: 'Senior Data Engineer', description: 'Fluent in German required.' },
  { id: 102, title: 'Data Engineer', description: 'English is fine.' },
  { id: 103, title: 'Senior Sales Manager', state: 'seen' },
  { id: 104, title: 'Senior Analyst', state: 'saved' },
  { id: 105, title: 'Junior Developer', company: 'Agency Flood' },
  { id: 106, title: 'Sénior Consultant', location: 'Paris, France' },
];

const api = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.authed({ method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload }) });

async function create(rule: RuleWriteInput) {
  const res = await api('POST', '/rules', rule);
  expect(res.statusCode, res.body).toBe(201);
  return ruleSchema.parse(res.json());
}

const SENIOR: RuleWriteInput = {
  name: 'No senior roles',
  conditions: [{ field: 'title', value: 'senior' }],
  action: 'hide',
};

async function jobList(query = '') {
  const res = await api('GET', `/jobs${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return jobListSchema.parse(res.json());
}
const ids = (list: { items: Array<{ id: number }> }) => list.items.map((i) => i.id).sort();
async function job(id: number) {
  const res = await api('GET', `/jobs/${id}`);
  expect(res.statusCode).toBe(200);
  return jobDetailSchema.parse(res.json());
}

describe('the rule set', () => {
  it('creates, lists, edits, disables and deletes rules, in order', async () => {
    const a = await create(SENIOR);
    expect(a).toMatchObject({
      name: 'No senior roles',
      match: 'any',
      exceptions: [],
      action: 'hide',
      color: null,
      enabled: true,
      position: 1,
      card_only: true,
    });
    const b = await create({
      name: 'German',
      conditions: [{ field: 'description', value: '"fluent in German"' }],
      action: 'flag',
    });
    expect(b).toMatchObject({ color: 'blue', position: 2, card_only: false });

    const patched = await api('PATCH', `/rules/${b.id}`, { enabled: false, color: 'red' });
    expect(patched.statusCode).toBe(200);
    expect(ruleSchema.parse(patched.json())).toMatchObject({ enabled: false, color: 'red' });

    const reordered = await api('PUT', '/rules/order', { ids: [b.id, a.id] });
    expect(reordered.statusCode).toBe(200);
    expect(ruleListSchema.parse(reordered.json()).items.map((r) => [r.id, r.position])).toEqual([
      [b.id, 1],
      [a.id, 2],
    ]);

    const deleted = await api('DELETE', `/rules/${b.id}`);
    expect(deleted.json()).toEqual({ success: true, restorable: 0 });
    const list = ruleListSchema.parse((await api('GET', '/rules')).json());
    expect(list.items.map((r) => [r.name, r.position])).toEqual([['No senior roles', 1]]);
    expect((await api('PATCH', `/rules/${b.id}`, { enabled: true })).statusCode).toBe(404);
    expect((await api('DELETE', '/rules/999')).json()).toEqual({ error: 'Rule not found' });
  });

  it('refuses bad rules with a clear 400', async () => {
    await create(SENIOR);
    const cases: Array<[object, string]> = [
      [{ ...SENIOR, name: 'NO  SENIOR roles' }, 'A rule named "No senior roles" already exists'],
      [{ ...SENIOR, name: 'x', conditions: [] }, 'a rule needs at least one condition'],
      [{ ...SENIOR, name: 'x', conditions: [{ field: 'title', value: '  ' }] }, 'needs a word'],
      [{ ...SENIOR, name: 'x', conditions: [{ field: 'title', value: '*' }] }, 'wildcard alone'],
      [{ ...SENIOR, name: 'x', conditions: [{ field: 'title', value: '*ops' }] }, 'at least 2'],
      [
        {
          ...SENIOR,
          name: 'x',
          conditions: Array.from({ length: 200 }, (_, i) => ({ field: 'title', value: `w${i}` })),
        },
        `at most ${RULE_MAX_CONDITIONS} conditions`,
      ],
      [{ ...SENIOR, name: 'x', color: '#ff0000' }, 'color must be one of blue'],
      [{ ...SENIOR, name: 'x', priority: 1 }, 'unknown key priority'],
      [{ ...SENIOR, name: 'x', conditions: [{ field: 'salary', value: 'x' }] }, 'field must be'],
      [{ ...SENIOR, name: 'x', action: 'delete' }, 'action must be one of hide, flag, mute'],
      [{ ...SENIOR, name: '' }, 'name must not be empty'],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', '/rules', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error).toContain(message);
    }
    const order = await api('PUT', '/rules/order', { ids: [1, 7] });
    expect(order.statusCode).toBe(400);
    expect(order.json().error).toBe('ids must list every rule once: unknown 7');
    const dry = await api('POST', '/rules/1/apply?dry_run=maybe');
    expect(dry.statusCode).toBe(400);
    expect(dry.json().error).toContain('dry_run must be true or false');
  });
});

describe('preview, apply and bring back', () => {
  it('previews a rule not saved yet: the count and a few titles', async () => {
    seed(JOBS);
    const res = await api('POST', '/rules/preview', {
      conditions: [{ field: 'title', value: 'senior' }],
    });
    expect(res.statusCode).toBe(200);
    const preview = rulePreviewSchema.parse(res.json());
    // Sénior folds to senior, as the search does.
    expect(preview.matches).toBe(4);
    expect(preview.examples.map((e) => e.id)).toEqual([106, 104, 103, 101]);
    expect(preview.examples[0]).toEqual({
      id: 106,
      title: 'Sénior Consultant',
      company_name: 'ACME',
    });
    const exceptions = await api('POST', '/rules/preview', {
      conditions: [{ field: 'title', value: 'senior' }],
      exceptions: [{ field: 'description', value: 'fluent in german' }],
    });
    expect(rulePreviewSchema.parse(exceptions.json()).matches).toBe(3);
    const bad = await api('POST', '/rules/preview', {
      conditions: [{ field: 'title', value: '*' }],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('counts the same jobs in a preview as applying finds, whichever way the index answers', async () => {
    seed(JOBS);
    // Answered by the index alone (counted there), and checked word by word (a `*` inside).
    const shapes: Array<Pick<RuleWriteInput, 'conditions' | 'match' | 'exceptions'>> = [
      { conditions: [{ field: 'title', value: 'senior' }] },
      { conditions: [{ field: 'title', value: 'eng*' }] },
      { conditions: [{ field: 'title', value: 'se*or' }] },
      { conditions: [{ field: 'description', value: '"fluent in german"' }] },
      {
        conditions: [{ field: 'title', value: 'senior' }],
        exceptions: [{ field: 'location', value: 'paris' }],
      },
      { conditions: [{ field: 'title', value: 'nowhere' }] },
    ];
    const counts: number[] = [];
    for (const [i, shape] of shapes.entries()) {
      const res = await api('POST', '/rules/preview', shape);
      expect(res.statusCode, res.body).toBe(200);
      const preview = rulePreviewSchema.parse(res.json());
      const rule = await create({ ...shape, name: `Shape ${i}`, action: 'flag' });
      const dry = ruleApplyResultSchema.parse(
        (await api('POST', `/rules/${rule.id}/apply?dry_run=true`)).json(),
      );
      expect(preview.matches, JSON.stringify(shape)).toBe(dry.matches);
      // The newest first, as many as there are up to the few shown.
      const examples = preview.examples.map((e) => e.id);
      expect(examples).toEqual([...examples].sort((a, b) => b - a));
      expect(examples).toHaveLength(Math.min(dry.matches, RULE_PREVIEW_TITLES));
      counts.push(preview.matches);
    }
    expect(counts).toEqual([4, 2, 4, 1, 3, 0]);
  });

  it('applies a hide rule after a count, and brings back only what nobody changed since', async () => {
    seed(JOBS);
    const rule = await create(SENIOR);
    const dry = await api('POST', `/rules/${rule.id}/apply?dry_run=true`);
    // 104 is saved: the operator's pick is never hidden by a rule.
    expect(ruleApplyResultSchema.parse(dry.json())).toEqual({
      matches: 4,
      changed: 3,
      dry_run: true,
    });
    expect(ids(await jobList())).toEqual([101, 102, 103, 104, 105, 106]);

    const applied = await api('POST', `/rules/${rule.id}/apply`);
    expect(applied.json()).toEqual({ matches: 4, changed: 3, dry_run: false });
    expect(ids(await jobList())).toEqual([102, 104, 105]);
    const hidden = await jobList('?state=hidden');
    expect(hidden.items.map((i) => [i.id, i.hidden_by_rule])).toEqual(
      expect.arrayContaining([[101, { id: rule.id, name: 'No senior roles' }]]),
    );
    expect((await job(103)).hidden_by_rule).toEqual({ id: rule.id, name: 'No senior roles' });

    // The operator hides 101 themselves and looks at 106 again: those are theirs now.
    expect((await api('PATCH', '/jobs/101', { state: 'hidden' })).statusCode).toBe(200);
    expect((await api('POST', '/jobs/state', { ids: [106], state: 'hidden' })).statusCode).toBe(
      200,
    );
    expect((await job(101)).hidden_by_rule).toBeNull();

    expect((await api('PATCH', `/rules/${rule.id}`, { enabled: false })).statusCode).toBe(200);
    const count = await api('POST', `/rules/${rule.id}/restore?dry_run=true`);
    expect(count.json()).toEqual({ restored: 1, dry_run: true });
    const restored = await api('POST', `/rules/${rule.id}/restore`);
    expect(restored.json()).toEqual({ restored: 1, dry_run: false });
    // 103 was seen before the rule hid it, and is seen again.
    expect((await job(103)).state).toBe('seen');
    expect(ids(await jobList())).toEqual([102, 103, 104, 105]);
  });

  it('offers to bring back on delete, and still can after it', async () => {
    seed(JOBS);
    const rule = await create(SENIOR);
    await api('POST', `/rules/${rule.id}/apply`);
    const deleted = await api('DELETE', `/rules/${rule.id}`);
    expect(deleted.json()).toEqual({ success: true, restorable: 3 });
    // Still hidden, still saying by which rule.
    expect((await job(101)).hidden_by_rule).toEqual({ id: rule.id, name: 'No senior roles' });
    expect((await api('POST', `/rules/${rule.id}/restore`)).json()).toEqual({
      restored: 3,
      dry_run: false,
    });
    expect(ids(await jobList())).toEqual([101, 102, 103, 104, 105, 106]);
    // A deleted rule cannot be applied again, nor does it block its name.
    expect((await api('POST', `/rules/${rule.id}/apply`)).statusCode).toBe(404);
    await create(SENIOR);
  });

  it('flags with a coloured label, filterable, and only while the rule is enabled', async () => {
    seed(JOBS);
    const rule = await create({
      name: 'Agencies',
      conditions: [{ field: 'company', value: 'agency' }],
      action: 'flag',
      color: 'amber',
    });
    expect((await api('POST', `/rules/${rule.id}/apply`)).json()).toEqual({
      matches: 1,
      changed: 1,
      dry_run: false,
    });
    const flagged = await jobList(`?flag=${rule.id}`);
    expect(flagged.items.map((i) => [i.id, i.flags])).toEqual([
      [105, [{ rule_id: rule.id, name: 'Agencies', color: 'amber' }]],
    ]);
    expect((await job(105)).flags).toHaveLength(1);
    expect((await job(101)).flags).toEqual([]);
    const exported = await api('GET', `/jobs/export?flag=${rule.id}`);
    expect(exported.statusCode).toBe(200);
    expect((await api('GET', '/jobs?flag=abc')).statusCode).toBe(400);

    await api('PATCH', `/rules/${rule.id}`, { enabled: false });
    expect((await job(105)).flags).toEqual([]);
    expect((await jobList(`?flag=${rule.id}`)).items).toEqual([]);
    await api('PATCH', `/rules/${rule.id}`, { enabled: true });
    expect((await job(105)).flags).toHaveLength(1);
  });

  it('mutes: the job stays listed, marked', async () => {
    seed(JOBS);
    const rule = await create({
      name: 'Quiet juniors',
      conditions: [{ field: 'title', value: 'jun*' }],
      action: 'mute',
    });
    await api('POST', `/rules/${rule.id}/apply`);
    const list = await jobList();
    expect(list.items.find((i) => i.id === 105)?.muted_by_rule).toEqual({
      id: rule.id,
      name: 'Quiet juniors',
    });
    expect(list.items.find((i) => i.id === 101)?.muted_by_rule).toBeNull();
  });
});

describe('sharing a rule set', () => {
  it('exports a versioned file and imports it back, adding or replacing', async () => {
    await create({ ...SENIOR, exceptions: [{ field: 'location', value: 'remote' }] });
    await create({
      name: 'Agencies',
      conditions: [
        { field: 'company', value: 'agency' },
        { field: 'company', value: 'recruit*' },
      ],
      match: 'any',
      action: 'flag',
      color: 'violet',
      enabled: false,
    });
    const res = await api('GET', '/rules/export');
    expect(res.headers['content-disposition']).toBe('attachment; filename="jobscout-rules.json"');
    const file = ruleSetExportSchema.parse(res.json());
    expect(file).toEqual({
      version: 1,
      rules: [
        {
          name: 'No senior roles',
          conditions: [{ field: 'title', value: 'senior' }],
          match: 'any',
          exceptions: [{ field: 'location', value: 'remote' }],
          action: 'hide',
          color: null,
          enabled: true,
        },
        {
          name: 'Agencies',
          conditions: [
            { field: 'company', value: 'agency' },
            { field: 'company', value: 'recruit*' },
          ],
          match: 'any',
          exceptions: [],
          action: 'flag',
          color: 'violet',
          enabled: false,
        },
      ],
    });

    const clash = await api('POST', '/rules/import', file);
    expect(clash.statusCode).toBe(400);
    expect(clash.json().error).toContain('Rules named "No senior roles", "Agencies" already exist');

    const replaced = await api('POST', '/rules/import?mode=replace', file);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().imported).toBe(2);
    expect(ruleSetExportSchema.parse((await api('GET', '/rules/export')).json())).toEqual(file);

    // A fresh server takes the file as it is.
    await server.close();
    server = await startTestServer();
    expect((await api('POST', '/rules/import', file)).statusCode).toBe(200);
    expect(ruleSetExportSchema.parse((await api('GET', '/rules/export')).json())).toEqual(file);
  });

  it('refuses a file of another version, or with a bad rule, naming what is wrong', async () => {
    const v2 = await api('POST', '/rules/import', { version: 2, rules: [] });
    expect(v2.statusCode).toBe(400);
    expect(v2.json().error).toContain('version must be 1');
    const bad = await api('POST', '/rules/import', {
      version: 1,
      rules: [{ ...SENIOR, conditions: [{ field: 'title', value: '*' }] }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('wildcard alone');
    const twice = await api('POST', '/rules/import', { version: 1, rules: [SENIOR, SENIOR] });
    expect(twice.json().error).toBe(
      'The rule set names "No senior roles" twice: names must differ',
    );
    expect(ruleListSchema.parse((await api('GET', '/rules')).json()).items).toEqual([]);
  });
});

describe('a rule set at every limit', () => {
  /** POST /rules/import with `text` as the body, as sent by curl from a file. */
  const importText = (mode: 'add' | 'replace', text: string) =>
    server.authed({
      method: 'POST',
      url: `/api/v1/rules/import?mode=${mode}`,
      headers: { 'content-type': 'application/json' },
      payload: text,
    });
  const exported = async () => {
    const res = await api('GET', '/rules/export');
    expect(res.statusCode).toBe(200);
    return { text: res.body, set: ruleSetExportSchema.parse(res.json()) };
  };

  it('imports back whatever export writes, in either mode, up to the limit derived from them', async () => {
    const set = ruleSetAtTheLimits();
    for (const rule of set.rules) await create(rule);
    const first = await exported();
    expect(first.set).toEqual(set);
    // The file as the dashboard saves it, indented: the largest form of an export.
    const saved = ruleSetFileText(first.set);
    const savedBytes = Buffer.byteLength(saved);
    expect(Buffer.byteLength(first.text)).toBeLessThan(savedBytes);
    expect(savedBytes).toBeLessThanOrEqual(RULES_IMPORT_MAX_BYTES);
    // The limit is that of such a set, not a round number far above it (each value's one letter
    // is the only character not escaped).
    expect(savedBytes).toBeGreaterThan(RULES_IMPORT_MAX_BYTES * 0.99);

    const replaced = await importText('replace', first.text);
    expect(replaced.statusCode, replaced.body.slice(0, 200)).toBe(200);
    expect(replaced.json().imported).toBe(RULES_MAX);
    expect((await exported()).set).toEqual(set);

    // A body exactly at the limit is taken; one byte more is refused before it is read whole.
    const atTheLimit = saved + ' '.repeat(RULES_IMPORT_MAX_BYTES - savedBytes);
    expect((await importText('replace', atTheLimit)).statusCode).toBe(200);
    const over = await importText('replace', `${atTheLimit} `);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ error: 'Request body is too large' });
    expect((await exported()).set).toEqual(set);

    // A fresh server adds the saved file as it is.
    await server.close();
    server = await startTestServer();
    const added = await importText('add', saved);
    expect(added.statusCode, added.body.slice(0, 200)).toBe(200);
    expect((await exported()).set).toEqual(set);
  });

  it(`refuses more than ${RULES_MAX} rules with a 400 naming the limit`, async () => {
    const rules = (count: number, prefix: string) =>
      Array.from({ length: count }, (_, i) => ({ ...SENIOR, name: `${prefix} ${i}` }));
    const tooMany = await api('POST', '/rules/import', {
      version: 1,
      rules: rules(RULES_MAX + 1, 'R'),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toContain(`at most ${RULES_MAX} rules`);

    expect(
      (await api('POST', '/rules/import', { version: 1, rules: rules(RULES_MAX - 1, 'R') }))
        .statusCode,
    ).toBe(200);
    const added = await api('POST', '/rules/import', { version: 1, rules: rules(2, 'S') });
    expect(added.statusCode).toBe(400);
    expect(added.json().error).toBe(
      `A rule set holds at most ${RULES_MAX} rules: ${RULES_MAX - 1} + 2 is too many`,
    );
    expect((await api('POST', '/rules', { ...SENIOR, name: 'S 0' })).statusCode).toBe(201);
    const oneMore = await api('POST', '/rules', { ...SENIOR, name: 'S 1' });
    expect(oneMore.statusCode).toBe(400);
    expect(oneMore.json().error).toBe(`A rule set holds at most ${RULES_MAX} rules`);
  });
});
