import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiTokenCreatedSchema } from '../../contract';
import {
  FIT_LLM_DAILY_TOKENS_DEFAULT,
  FIT_LLM_TOP_N_DEFAULT,
  FIT_LLM_USAGE_DAYS,
  fitLlmSettingsAnswerSchema,
} from '../../contract/fit-llm';
import { startTestServer, type TestServer } from '../test-harness';

// GET/PUT /fit/llm/settings (issue 40, docs/decisions/067): the key is write-only (no answer
// carries it, not even a 400's), kept only for the origin it was given for; every mistake is a
// 400 naming the field; a read-only token reads but cannot change them.

const KEY = 'sk-live-Zq8wT3nVb7Lp2Rk9Xy4MhC6d';
const URL_SETTINGS = '/api/v1/fit/llm/settings';
const VALID = {
  base_url: 'http://localhost:11434/v1',
  model: 'llama3.1:8b',
  top_n: 5,
  daily_token_budget: 40_000,
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.database.sqlite.prepare(`DELETE FROM settings WHERE key = 'fit_llm'`).run();
});

const put = (payload: unknown) =>
  server.authed({
    method: 'PUT',
    url: URL_SETTINGS,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
const get = async () => {
  const res = await server.authed({ method: 'GET', url: URL_SETTINGS });
  expect(res.statusCode, res.body).toBe(200);
  return fitLlmSettingsAnswerSchema.parse(res.json());
};
const storedKey = (): unknown => {
  const value = server.database.sqlite
    .prepare(`SELECT value FROM settings WHERE key = 'fit_llm'`)
    .pluck()
    .get();
  return z.object({ api_key: z.string().nullable() }).parse(JSON.parse(z.string().parse(value)))
    .api_key;
};

describe('GET /fit/llm/settings', () => {
  it('answers the defaults: nothing set, nothing sent, 14 days of no use', async () => {
    const answer = await get();
    expect(answer).toMatchObject({
      base_url: null,
      model: '',
      api_key_set: false,
      top_n: FIT_LLM_TOP_N_DEFAULT,
      daily_token_budget: FIT_LLM_DAILY_TOKENS_DEFAULT,
      active: false,
      queue: { pending: 0, failed: 0, budget_spent: false },
      last_error: null,
    });
    expect(answer.usage).toHaveLength(FIT_LLM_USAGE_DAYS);
    // Today first, in the server's zone (the harness' clock: 2026-11-02 08:00 UTC).
    expect(answer.usage[0]).toEqual({
      day: '2026-11-02',
      tokens: 0,
      requests: 0,
      estimated_tokens: 0,
    });
    expect(answer.usage.at(-1)?.day).toBe('2026-10-20');
  });
});

describe('PUT /fit/llm/settings', () => {
  it('stores the key but answers only that one is set, in PUT and GET alike', async () => {
    const res = await put({ ...VALID, api_key: `  ${KEY} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(KEY);
    const answer = fitLlmSettingsAnswerSchema.parse(res.json());
    expect(answer).toMatchObject({ ...VALID, api_key_set: true, active: true });
    expect(Object.keys(res.json() as object)).not.toContain('api_key');
    const again = await server.authed({ method: 'GET', url: URL_SETTINGS });
    expect(again.body).not.toContain(KEY);
    expect(storedKey()).toBe(KEY);
  });

  it('keeps the key when api_key is absent, removes it for null or empty', async () => {
    await put({ ...VALID, api_key: KEY });
    expect((await put({ ...VALID, top_n: 3 })).json()).toMatchObject({
      api_key_set: true,
      top_n: 3,
    });
    expect(storedKey()).toBe(KEY);
    expect((await put({ ...VALID, api_key: null })).json()).toMatchObject({ api_key_set: false });
    await put({ ...VALID, api_key: KEY });
    expect((await put({ ...VALID, api_key: '' })).json()).toMatchObject({ api_key_set: false });
    expect(storedKey()).toBeNull();
  });

  it('drops the key when the address moves to another origin without one', async () => {
    await put({ ...VALID, api_key: KEY });
    // Another path on the same origin keeps it.
    const samePlace = await put({ ...VALID, base_url: 'http://localhost:11434/api/v1' });
    expect(samePlace.json()).toMatchObject({ api_key_set: true });
    const elsewhere = await put({ ...VALID, base_url: 'https://llm.example.net/v1' });
    expect(elsewhere.json()).toMatchObject({ api_key_set: false });
    expect(storedKey()).toBeNull();
  });

  it('turns sending off with base_url null or top_n 0, keeping the rest', async () => {
    expect((await put({ ...VALID, base_url: null, model: '' })).json()).toMatchObject({
      active: false,
      base_url: null,
    });
    expect((await put({ ...VALID, top_n: 0 })).json()).toMatchObject({ active: false, top_n: 0 });
  });

  it('lets a read-only token read but not change them', async () => {
    const created = await server.authed({
      method: 'POST',
      url: '/api/v1/api-tokens',
      payload: { name: 'reader', scope: 'read-only' },
    });
    const { token } = apiTokenCreatedSchema.parse(created.json());
    const headers = { authorization: `Bearer ${token}` };
    const read = await server.app.inject({ method: 'GET', url: URL_SETTINGS, headers });
    expect(read.statusCode).toBe(200);
    const write = await server.app.inject({
      method: 'PUT',
      url: URL_SETTINGS,
      headers,
      payload: VALID,
    });
    expect(write.statusCode).toBe(403);
    expect((await get()).base_url).toBeNull();
  });

  const refusals: Array<[string, unknown, RegExp]> = [
    ['a body that is not an object', [1, 2], /Request body must be/],
    ['an unknown key', { ...VALID, key: KEY }, /unknown key key/],
    ['no base_url', { model: 'm', top_n: 5, daily_token_budget: 10 }, /base_url/],
    [
      'a base_url that is no URL',
      { ...VALID, base_url: 'localhost:11434' },
      /base_url must be an http\(s\) URL/,
    ],
    [
      'a base_url of another scheme',
      { ...VALID, base_url: 'ftp://example.com/v1' },
      /base_url must be an http\(s\) URL/,
    ],
    [
      'a base_url too long',
      { ...VALID, base_url: `http://x.example/${'a'.repeat(2_000)}` },
      /at most 2000/,
    ],
    [
      'a base_url on a port fetch refuses',
      { ...VALID, base_url: 'http://127.0.0.1:6000/v1' },
      /port/,
    ],
    [
      'a base_url with a password',
      { ...VALID, base_url: `https://me:${KEY}@llm.example.net/v1` },
      /must not hold a user name or password/,
    ],
    ['a model that is not text', { ...VALID, model: 7 }, /model must be text/],
    ['a model too long', { ...VALID, model: 'm'.repeat(201) }, /model must be at most 200/],
    [
      'no model with a base_url',
      { ...VALID, model: '  ' },
      /model is required when base_url is set/,
    ],
    ['a key that is not text', { ...VALID, api_key: 12345678 }, /api_key must be text or null/],
    [
      'a key too long',
      { ...VALID, api_key: `${KEY}${'x'.repeat(1_000)}` },
      /api_key must be at most 1000/,
    ],
    ['a key of two lines', { ...VALID, api_key: `${KEY}\n${KEY}` }, /api_key must be one line/],
    ['no top_n', { ...VALID, top_n: undefined }, /top_n must be a whole number from 0 to 50/],
    ['a negative top_n', { ...VALID, top_n: -1 }, /top_n must be a whole number from 0 to 50/],
    ['a top_n over 50', { ...VALID, top_n: 51 }, /top_n must be a whole number from 0 to 50/],
    ['a fractional top_n', { ...VALID, top_n: 2.5 }, /top_n must be a whole number/],
    ['a top_n as text', { ...VALID, top_n: '5' }, /top_n must be a whole number/],
    [
      'a budget of 0',
      { ...VALID, daily_token_budget: 0 },
      /daily_token_budget must be a whole number from 1 to 100000000/,
    ],
    [
      'a budget too large',
      { ...VALID, daily_token_budget: 100_000_001 },
      /daily_token_budget must be a whole number/,
    ],
    [
      'a timeout of 0',
      { ...VALID, timeout_seconds: 0 },
      /timeout_seconds must be a whole number from 1 to 600/,
    ],
    [
      'a timeout over 600',
      { ...VALID, timeout_seconds: 601 },
      /timeout_seconds must be a whole number from 1 to 600/,
    ],
  ];

  it.each(refusals)(
    'answers 400 for %s, quoting no key and storing nothing',
    async (_, body, error) => {
      await put({ ...VALID, api_key: KEY });
      const res = await put(body);
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { error: string }).error).toMatch(error);
      expect(res.body).not.toContain(KEY);
      expect(res.body).not.toContain(KEY.slice(4, 12));
      expect(await get()).toMatchObject({ ...VALID, api_key_set: true });
    },
  );
});
