import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiDownload, apiRequest, apiSend, ApiError, API_ROOT } from './api-client';
import { tokenStore } from './token-store';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const itemSchema = z.object({ n: z.number() });

describe('apiRequest', () => {
  it('sends the bearer header whenever a token is held, and parses with the schema', async () => {
    tokenStore.set('tok');
    let auth: string | null = null;
    server.use(
      http.get(`${API_ROOT}/thing`, ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ n: 1 });
      }),
    );
    await expect(apiRequest('/thing', itemSchema)).resolves.toEqual({ n: 1 });
    expect(auth).toBe('Bearer tok');
  });

  it('sends no authorization header without a token', async () => {
    let auth: string | null = 'unset';
    server.use(
      http.get(`${API_ROOT}/thing`, ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ n: 1 });
      }),
    );
    await apiRequest('/thing', itemSchema);
    expect(auth).toBeNull();
  });

  it('sends a file as the body itself, with its own media type (a CV upload)', async () => {
    const seen: { type: string | null; text: string }[] = [];
    server.use(
      http.post(`${API_ROOT}/upload`, async ({ request }) => {
        seen.push({ type: request.headers.get('content-type'), text: await request.text() });
        return HttpResponse.json({ n: 2 });
      }),
    );
    const typed = new File(['Ada Lovelace'], 'cv.txt', { type: 'text/plain' });
    await expect(
      apiRequest('/upload', itemSchema, { method: 'POST', file: typed }),
    ).resolves.toEqual({ n: 2 });
    // A file the browser has no type for goes as bytes: the server reads the name's ending.
    await apiRequest('/upload', itemSchema, { method: 'POST', file: new File(['x'], 'cv') });
    expect(seen).toEqual([
      { type: 'text/plain', text: 'Ada Lovelace' },
      { type: 'application/octet-stream', text: 'x' },
    ]);
  });

  it('turns an error body into an ApiError carrying its fields', async () => {
    server.use(
      http.post(`${API_ROOT}/queries`, () =>
        HttpResponse.json(
          { error: 'Maximum query limit reached', current_count: 50, max_allowed: 50 },
          { status: 409 },
        ),
      ),
    );
    const err = await apiRequest('/queries', itemSchema, { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      kind: 'http',
      status: 409,
      message: 'Maximum query limit reached',
      body: { current_count: 50, max_allowed: 50 },
    });
  });

  it('reports an answer that does not match the contract', async () => {
    server.use(http.get(`${API_ROOT}/thing`, () => HttpResponse.json({ n: 'one' })));
    await expect(apiRequest('/thing', itemSchema)).rejects.toMatchObject({ kind: 'parse' });
  });

  it('reports a network failure', async () => {
    server.use(http.get(`${API_ROOT}/thing`, () => HttpResponse.error()));
    await expect(apiRequest('/thing', itemSchema)).rejects.toMatchObject({
      kind: 'network',
      message: 'Network error',
    });
  });

  it('signs the operator out on a 401, except where the caller handles it', async () => {
    const listener = vi.fn();
    const unsubscribe = tokenStore.onUnauthorized(listener);
    server.use(
      http.get(`${API_ROOT}/thing`, () =>
        HttpResponse.json({ error: 'Authentication required' }, { status: 401 }),
      ),
    );
    await expect(apiRequest('/thing', itemSchema)).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    await expect(
      apiRequest('/thing', itemSchema, { handleUnauthorized: false }),
    ).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});

describe('apiSend', () => {
  it('takes a 2xx without a body, and still turns an error body into an ApiError', async () => {
    server.use(
      http.delete(`${API_ROOT}/thing/1`, () => new HttpResponse(null, { status: 204 })),
      http.delete(`${API_ROOT}/thing/2`, () =>
        HttpResponse.json({ error: 'Make another profile the default first' }, { status: 409 }),
      ),
    );
    await expect(apiSend('/thing/1', { method: 'DELETE' })).resolves.toBeUndefined();
    await expect(apiSend('/thing/2', { method: 'DELETE' })).rejects.toMatchObject({
      kind: 'http',
      status: 409,
      message: 'Make another profile the default first',
    });
  });
});

describe('apiDownload', () => {
  it('returns the file as a blob', async () => {
    server.use(
      http.get(
        `${API_ROOT}/batches/1/export`,
        () =>
          new HttpResponse(new Uint8Array([80, 75, 3, 4]), {
            headers: { 'content-type': 'application/octet-stream' },
          }),
      ),
    );
    const blob = await apiDownload('/batches/1/export');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([80, 75, 3, 4]));
  });
});
