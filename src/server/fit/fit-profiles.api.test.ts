import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiTokenCreatedSchema, type Query } from '../../contract';
import { FIT_PROFILES_MAX, fitProfileListSchema, fitProfileSchema } from '../../contract/fit';
import { fitAliasesSchema, fitStatusSchema, fitSuggestionsSchema } from '../../contract/fit-api';
import { BUILT_IN_ALIASES } from '../../fit';
import { startTestServer, type TestServer } from '../test-harness';
import { BACKEND_BODY, makeProfile } from './fit-test-kit';
import {
  FIT_DEFAULT_NEEDED_MESSAGE,
  FIT_PROFILE_LIMIT_MESSAGE,
  FIT_PROFILE_NOT_FOUND_MESSAGE,
  fitNameTakenMessage,
} from './profile-routes';

// Issue 40's profiles, aliases and status on a real server and SQLite file: every route, every
// refusal, the default's rules, the limit, names unique whatever their case, read-only tokens
// refused on writes, and suggestions learnt from the operator's triage.

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, payload?: object) =>
  server.authed({
    method,
    url: `/api/v1${path}`,
    ...(payload === undefined ? {} : { payload }),
  });
const errorOf = async (method: Method, path: string, payload?: object) => {
  const res = await call(method, path, payload);
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
};
const profiles = async () =>
  fitProfileListSchema.parse((await call('GET', '/fit-profiles')).json());

describe('/fit-profiles', () => {
  it('makes a profile with every field, its defaults filled in, the first one the default', async () => {
    const made = await makeProfile(server, BACKEND_BODY);
    expect(made).toMatchObject({ ...BACKEND_BODY, id: 1, is_default: true, version: 1 });
    expect(made.created_at).toBe(new Date(server.ctx.now()).toISOString());
    const bare = await makeProfile(server, { name: '  Data  ' });
    expect(bare).toEqual({
      id: 2,
      name: 'Data',
      is_default: false,
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
      created_at: made.created_at,
      updated_at: made.created_at,
    });
    expect(fitProfileSchema.parse((await call('GET', '/fit-profiles/2')).json())).toEqual(bare);
  });

  it('lists the default first, then by name whatever the case', async () => {
    await makeProfile(server, { name: 'zeta' });
    await makeProfile(server, { name: 'Beta' });
    await makeProfile(server, { name: 'alpha' });
    expect((await profiles()).map((p) => p.name)).toEqual(['zeta', 'alpha', 'Beta']);
    await makeProfile(server, { name: 'Gamma', is_default: true });
    expect((await profiles()).map((p) => [p.name, p.is_default])).toEqual([
      ['Gamma', true],
      ['alpha', false],
      ['Beta', false],
      ['zeta', false],
    ]);
  });

  it('changes every field with PUT, moving the version only when what is scored changes', async () => {
    await makeProfile(server, BACKEND_BODY);
    server.advance(60_000);
    const renamed = await call('PUT', '/fit-profiles/1', { ...BACKEND_BODY, name: 'Back end' });
    expect(renamed.statusCode).toBe(200);
    expect(fitProfileSchema.parse(renamed.json())).toMatchObject({ name: 'Back end', version: 1 });
    // PUT is every field: what it leaves out takes its default.
    const changed = fitProfileSchema.parse(
      (await call('PUT', '/fit-profiles/1', { name: 'Back end', must_skills: ['Go'] })).json(),
    );
    expect(changed).toMatchObject({
      version: 2,
      must_skills: ['Go'],
      plus_skills: [],
      salary_floor: null,
      is_default: true,
    });
    expect(changed.updated_at).toBe(new Date(server.ctx.now()).toISOString());
    expect(changed.created_at).not.toBe(changed.updated_at);
  });

  it('makes another the default with is_default, and keeps one default always', async () => {
    await makeProfile(server, { name: 'A' });
    await makeProfile(server, { name: 'B' });
    const res = await call('PUT', '/fit-profiles/2', { name: 'B', is_default: true });
    expect(fitProfileSchema.parse(res.json()).is_default).toBe(true);
    expect((await profiles()).map((p) => [p.id, p.is_default])).toEqual([
      [2, true],
      [1, false],
    ]);
    // The default stays the default until another is made so.
    expect(await errorOf('PUT', '/fit-profiles/2', { name: 'B', is_default: false })).toEqual({
      status: 409,
      body: { error: FIT_DEFAULT_NEEDED_MESSAGE },
    });
    expect(await errorOf('DELETE', '/fit-profiles/2')).toEqual({
      status: 409,
      body: { error: FIT_DEFAULT_NEEDED_MESSAGE },
    });
    expect((await call('DELETE', '/fit-profiles/1')).json()).toEqual({ success: true });
    // The last one may go, default or not: then no job has a fit.
    expect((await call('DELETE', '/fit-profiles/2')).statusCode).toBe(200);
    expect(await profiles()).toEqual([]);
    expect((await makeProfile(server, { name: 'C' })).is_default).toBe(true);
  });

  it('refuses a name taken whatever its case, on POST and PUT', async () => {
    await makeProfile(server, { name: 'Müller Jobs' });
    await makeProfile(server, { name: 'Data' });
    for (const [method, path] of [
      ['POST', '/fit-profiles'],
      ['PUT', '/fit-profiles/2'],
    ] as const) {
      expect(await errorOf(method, path, { name: 'MÜLLER JOBS' })).toEqual({
        status: 409,
        body: { error: fitNameTakenMessage('MÜLLER JOBS') },
      });
    }
    // Its own name, in another case, is fine.
    expect((await call('PUT', '/fit-profiles/2', { name: 'DATA' })).statusCode).toBe(200);
  });

  it(`refuses an eleventh profile with 409 and the counts, like the query limit`, async () => {
    for (let i = 1; i <= FIT_PROFILES_MAX; i += 1) await makeProfile(server, { name: `P${i}` });
    expect(await errorOf('POST', '/fit-profiles', { name: 'One more' })).toEqual({
      status: 409,
      body: {
        error: FIT_PROFILE_LIMIT_MESSAGE,
        current_count: FIT_PROFILES_MAX,
        max_allowed: FIT_PROFILES_MAX,
      },
    });
    expect(await profiles()).toHaveLength(FIT_PROFILES_MAX);
  });

  it('answers 404 for a profile that does not exist, on every route', async () => {
    await makeProfile(server, { name: 'A' });
    for (const [method, path, body] of [
      ['GET', '/fit-profiles/9', undefined],
      ['PUT', '/fit-profiles/9', { name: 'X' }],
      ['DELETE', '/fit-profiles/9', undefined],
      ['GET', '/fit-profiles/9/suggestions', undefined],
    ] as const) {
      expect(await errorOf(method, path, body)).toEqual({
        status: 404,
        body: { error: FIT_PROFILE_NOT_FOUND_MESSAGE },
      });
    }
  });

  it.each([
    [{}, 'name is required'],
    [{ name: '   ' }, 'name is required'],
    [{ name: 'x'.repeat(81) }, 'name must be at most 80 characters'],
    [{ name: 'A', colour: 'red' }, 'Request body has unknown key colour'],
    [{ name: 'A', must_skills: 'Go' }, 'must_skills must be a list of words or phrases'],
    [{ name: 'A', must_skills: [''] }, 'must_skills must not hold an empty entry'],
    [
      { name: 'A', dealbreakers: Array<string>(101).fill('x') },
      'dealbreakers must hold at most 100',
    ],
    [{ name: 'A', seniority: ['boss'] }, 'seniority must hold'],
    [{ name: 'A', years_experience: 61 }, 'years_experience must be at most 60'],
    [{ name: 'A', years_experience: -1 }, 'years_experience must be 0 or more'],
    [{ name: 'A', languages: ['xx'] }, 'languages must hold ISO 639-1 codes'],
    [{ name: 'A', workplaces: ['moon'] }, 'workplaces must hold remote, hybrid, on-site'],
    [
      { name: 'A', salary_floor: { amount: 0, currency: 'EUR', period: 'year' } },
      'salary_floor.amount must be above 0',
    ],
    [
      { name: 'A', salary_floor: { amount: 5, currency: 'euro', period: 'year' } },
      'salary_floor.currency must be a 3-letter currency code',
    ],
    [
      { name: 'A', salary_floor: { amount: 5, currency: 'EUR', period: 'week' } },
      'salary_floor.period must be one of year, month, hour',
    ],
    [{ name: 'A', is_default: 'yes' }, 'is_default must be a boolean'],
  ])('answers 400 on POST and PUT, changing nothing: %#', async (body, message) => {
    await makeProfile(server, { name: 'Kept' });
    for (const [method, path] of [
      ['POST', '/fit-profiles'],
      ['PUT', '/fit-profiles/1'],
    ] as const) {
      const res = await errorOf(method, path, body);
      expect(res.status).toBe(400);
      expect(String(res.body.error)).toContain(message);
    }
    expect((await profiles()).map((p) => [p.name, p.version])).toEqual([['Kept', 1]]);
  });

  it('answers 400 for an id that is not one', async () => {
    expect((await errorOf('GET', '/fit-profiles/abc')).status).toBe(400);
    expect((await errorOf('DELETE', '/fit-profiles/0')).status).toBe(400);
  });

  it('lets a read-only API token read and refuses it every write', async () => {
    await makeProfile(server, { name: 'A' });
    const created = await call('POST', '/api-tokens', { name: 'reader', scope: 'read-only' });
    const token = apiTokenCreatedSchema.parse(created.json()).token;
    const as = (method: Method, path: string, payload?: object) =>
      server.app.inject({
        method,
        url: `/api/v1${path}`,
        headers: { authorization: `Bearer ${token}` },
        ...(payload === undefined ? {} : { payload }),
      });
    expect((await as('GET', '/fit-profiles')).statusCode).toBe(200);
    expect((await as('GET', '/fit-aliases')).statusCode).toBe(200);
    expect((await as('GET', '/fit/status')).statusCode).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/fit-profiles', { name: 'B' }],
      ['PUT', '/fit-profiles/1', { name: 'B' }],
      ['DELETE', '/fit-profiles/1', undefined],
      ['PUT', '/fit-aliases', { groups: [['JS', 'JavaScript']] }],
      ['DELETE', '/fit-aliases', undefined],
    ] as const) {
      expect((await as(method, path, body)).statusCode, `${method} ${path}`).toBe(403);
    }
    expect((await profiles()).map((p) => p.name)).toEqual(['A']);
  });

  it('sets the queries naming a deleted profile back to the default, and lists them so', async () => {
    await server.database.db
      .insertInto('locations')
      .values([{ id: 1, display_name: 'Berlin, Germany', seen_at: 0 }])
      .execute();
    await makeProfile(server, { name: 'A' });
    await makeProfile(server, { name: 'B' });
    const query = { job_title: 'Go', location_id: 1, status: 'active', is_ai: false };
    await call('POST', '/queries', { ...query, fit_profile_id: 2 });
    const listed = async () => (await call('GET', '/queries')).json<Query[]>();
    expect((await listed())[0]?.fit_profile_id).toBe(2);
    await call('DELETE', '/fit-profiles/2');
    expect((await listed())[0]?.fit_profile_id).toBeNull();
  });
});

describe('/fit-aliases', () => {
  it('answers the built-in list until changed, and every profile is scored anew after a change', async () => {
    const builtIn = fitAliasesSchema.parse((await call('GET', '/fit-aliases')).json());
    expect(builtIn).toEqual({ groups: BUILT_IN_ALIASES.map((g) => [...g]), built_in: true });
    await makeProfile(server, { name: 'A' });
    const groups = [['JS', 'JavaScript'], ['Kotlin'], [' k8s ', 'Kubernetes']];
    const put = await call('PUT', '/fit-aliases', { groups });
    expect(put.statusCode).toBe(200);
    const changed = {
      groups: [['JS', 'JavaScript'], ['Kotlin'], ['k8s', 'Kubernetes']],
      built_in: false,
    };
    expect(put.json()).toEqual(changed);
    expect((await call('GET', '/fit-aliases')).json()).toEqual(changed);
    expect((await profiles())[0]?.version).toBe(2);
    // The built-in list read back is a list the API takes.
    expect((await call('PUT', '/fit-aliases', { groups: builtIn.groups })).statusCode).toBe(200);
    const reset = await call('DELETE', '/fit-aliases');
    expect(reset.json()).toEqual(builtIn);
    expect((await profiles())[0]?.version).toBe(4);
  });

  it.each([
    [{}, 'groups'],
    [{ groups: 'JS' }, 'groups must be a list of lists of aliases'],
    [{ groups: [[]] }, 'an alias group needs at least one spelling'],
    [{ groups: [['JS', '  ']] }, 'an alias must not be empty'],
    [{ groups: [['x'.repeat(101)]] }, 'an alias must be at most 100 characters'],
    [{ groups: [Array(21).fill('x')] }, 'an alias group holds at most 20 spellings'],
    [{ groups: Array(1001).fill(['x']) }, 'groups must hold at most 1000 alias groups'],
    [{ groups: [], extra: 1 }, 'Request body must be {groups}'],
  ])('answers 400, changing nothing: %#', async (body, message) => {
    const res = await errorOf('PUT', '/fit-aliases', body);
    expect(res.status).toBe(400);
    expect(String(res.body.error)).toContain(message);
    expect(fitAliasesSchema.parse((await call('GET', '/fit-aliases')).json()).built_in).toBe(true);
  });
});

describe('/fit/status', () => {
  it('says whether any profile exists and counts the stored jobs once one does', async () => {
    const before = fitStatusSchema.parse((await call('GET', '/fit/status')).json());
    expect(before).toMatchObject({ has_profiles: false, total: 0 });
    await makeProfile(server, { name: 'A' });
    const after = fitStatusSchema.parse((await call('GET', '/fit/status')).json());
    expect(after.has_profiles).toBe(true);
  });
});

/** `n` jobs the profile scores, in a triage state, each with words of its own. */
function seedTriaged(from: number, n: number, state: string, words: (i: number) => string) {
  const db = server.database.sqlite;
  db.exec(
    `INSERT OR IGNORE INTO batches (id, kind, status, started_at) VALUES (1, 'manual', 'completed', 0)`,
  );
  const job = db.prepare(`INSERT INTO jobs (id, title, company_name, company_normalized, location,
      url, first_seen_batch_id, first_seen_at, state) VALUES (?, ?, 'Acme', 'acme', 'Berlin', 'x', 1, ?, ?)`);
  const description = db.prepare(
    'INSERT INTO job_descriptions (job_id, description) VALUES (?, ?)',
  );
  const fit = db.prepare(`INSERT INTO job_fits (job_id, profile_id, profile_version, score,
      dealbreaker, source, parts, scored_at) VALUES (?, 1, 1, 50, 0, 'details', '[]', 0)`);
  for (let i = from; i < from + n; i += 1) {
    job.run(String(i), `Engineer ${i}`, i, state);
    description.run(String(i), words(i));
    fit.run(String(i));
  }
}

describe('/fit-profiles/{id}/suggestions', () => {
  it('is not ready below 20 saved and 20 hidden jobs, and suggests nothing', async () => {
    await makeProfile(server, BACKEND_BODY);
    seedTriaged(1, 19, 'saved', () => 'We build with Terraform.');
    seedTriaged(100, 40, 'hidden', () => 'Fluent French required.');
    const res = await call('GET', '/fit-profiles/1/suggestions');
    expect(fitSuggestionsSchema.parse(res.json())).toEqual({
      ready: false,
      saved_of: 19,
      hidden_of: 40,
      items: [],
    });
  });

  it('suggests the words of saved jobs as plus skills and of hidden ones as dealbreakers, with counts', async () => {
    await makeProfile(server, { ...BACKEND_BODY, plus_skills: [] });
    const filler = (i: number) => ['Berlin office.', 'Great team.', 'Modern stack.'][i % 3] ?? '';
    seedTriaged(1, 25, 'saved', (i) => `We automate with Terraform. ${filler(i)}`);
    seedTriaged(100, 15, 'applied', (i) => `Terraform and Rust daily. ${filler(i)}`);
    seedTriaged(200, 30, 'hidden', (i) => `Fluent French is a must. ${filler(i)}`);
    // A job a rule hid is the rule's judgement, not the operator's: left out.
    seedTriaged(300, 50, 'hidden', () => 'Terraform everywhere.');
    server.database.sqlite.exec(
      `INSERT INTO rules (id, name, conditions, match, action, position, created_at, updated_at)
         VALUES (1, 'r', '[]', 'any', 'hide', 1, 0, 0);
       UPDATE jobs SET hidden_by_rule_id = 1 WHERE CAST(id AS INTEGER) >= 300`,
    );
    const res = await call('GET', '/fit-profiles/1/suggestions');
    const suggestions = fitSuggestionsSchema.parse(res.json());
    expect(suggestions).toMatchObject({ ready: true, saved_of: 40, hidden_of: 30 });
    const terraform = suggestions.items.find((s) => s.term === 'Terraform');
    expect(terraform).toMatchObject({
      kind: 'plus_skill',
      saved: 40,
      saved_of: 40,
      hidden: 0,
      hidden_of: 30,
    });
    const french = suggestions.items.find((s) => /French/.test(s.term));
    expect(french).toMatchObject({ kind: 'dealbreaker', saved: 0, hidden: 30 });
    // Plus skills first, then dealbreakers.
    const kinds = suggestions.items.map((s) => s.kind);
    expect(kinds.indexOf('dealbreaker')).toBeGreaterThan(kinds.lastIndexOf('plus_skill'));
  });
});
