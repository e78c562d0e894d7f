import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import {
  batchSchema,
  batchWireSchema,
  idParamSchema,
  locationSuggestionSchema,
  loginResponseSchema,
  queryLimitErrorSchema,
  queryRunSchema,
  queryWriteSchema,
  settingsWriteSchema,
  verifyResponseSchema,
} from './index';

const firstMessage = (schema: z.ZodMiniType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? null);
};

describe('auth schemas', () => {
  it('tell success from failure', () => {
    expect(loginResponseSchema.safeParse({ success: true, token: 'abc' }).success).toBe(true);
    expect(
      loginResponseSchema.safeParse({ success: false, error: 'Invalid password' }).success,
    ).toBe(true);
    expect(loginResponseSchema.safeParse({ success: true }).success).toBe(false);
    expect(verifyResponseSchema.safeParse({ authenticated: 'yes' }).success).toBe(false);
  });
});

describe('queryWriteSchema', () => {
  const good = {
    job_title: '  Data Analyst ',
    location_id: 103035651,
    status: 'active',
    is_ai: false,
  };

  it('trims job_title', () => {
    expect(queryWriteSchema.parse(good).job_title).toBe('Data Analyst');
  });

  it.each([
    [{ ...good, job_title: '   ' }, /job_title/],
    [{ ...good, job_title: 'x'.repeat(201) }, /job_title/],
    [{ ...good, location_id: 0 }, /location_id/],
    [{ ...good, location_id: 1.5 }, /location_id/],
    [{ ...good, location_id: '12' }, /location_id/],
    [{ ...good, status: 'deleted' }, /status/],
    [{ ...good, is_ai: 'true' }, /is_ai/],
  ])('rejects %j with a message naming the field', (value, message) => {
    expect(firstMessage(queryWriteSchema, value)).toMatch(message);
  });

  it('describes the limit error', () => {
    expect(
      queryLimitErrorSchema.safeParse({ error: 'x', current_count: 50, max_allowed: 50 }).success,
    ).toBe(true);
  });
});

describe('batchSchema', () => {
  it('shows a missing kind as daily and a missing status as running (SPEC.md §4)', () => {
    const b = batchSchema.parse({ id: 3 });
    expect(b.kind).toBe('daily');
    expect(b.status).toBe('running');
    expect(b.started_at).toBeNull();
    expect(b.finished_at).toBeNull();
  });

  it('is what the server must send in full, while the screens accept less', () => {
    expect(batchWireSchema.safeParse({ id: 3 }).success).toBe(false);
    const full = {
      id: 3,
      kind: 'manual',
      status: 'completed',
      started_at: '2026-11-02T08:00:00.000Z',
      finished_at: '2026-11-02T08:05:00.000Z',
      error: null,
      progress: null,
      jobs_new: 0,
      jobs_total: 0,
      search_mode: null,
      cancel_requested: false,
      parsed_partly: ['salary'],
    };
    expect(batchWireSchema.parse(full)).toEqual(full);
    expect(batchSchema.parse(full)).toEqual(full);
    // Issue 32: a server sends the fields it knows; the screens take none from an older one.
    expect(batchWireSchema.safeParse({ ...full, parsed_partly: ['favicon'] }).success).toBe(false);
    const { parsed_partly: _omitted, ...older } = full;
    expect(batchSchema.parse(older).parsed_partly).toEqual([]);
  });

  it('rejects an unknown status', () => {
    expect(batchSchema.safeParse({ id: 1, status: 'paused' }).success).toBe(false);
  });
});

describe('queryRunSchema', () => {
  it('accepts a run with empty times', () => {
    const run = queryRunSchema.parse({
      id: 1,
      batch_id: 2,
      query_id: 3,
      job_title: 'x',
      location: 'Berlin',
      is_ai: true,
      status: 'completed',
      start_time: null,
      end_time: null,
    });
    expect(run.error).toBeNull();
    expect(run.pages_fetched).toBe(0);
  });
});

describe('location suggestions', () => {
  it('turn ids and names into strings (SPEC.md §3)', () => {
    expect(
      locationSuggestionSchema.parse({ id: 103035651, displayName: 'Berlin, Germany' }),
    ).toEqual({
      id: '103035651',
      displayName: 'Berlin, Germany',
    });
  });
});

describe('settingsWriteSchema', () => {
  it.each(['00:00', '09:00', '23:59'])('accepts %s', (t) => {
    expect(settingsWriteSchema.safeParse({ cookies: 'a=b', script_time: t }).success).toBe(true);
  });
  it.each(['24:00', '9:00', '12:60', 'noon', ''])('rejects script_time %s', (t) => {
    expect(firstMessage(settingsWriteSchema, { cookies: '', script_time: t })).toMatch(
      /script_time/,
    );
  });
  it('rejects cookies over 64 KB', () => {
    expect(
      firstMessage(settingsWriteSchema, { cookies: 'x'.repeat(65 * 1024), script_time: '09:00' }),
    ).toMatch(/64 KB/);
  });
});

describe('idParamSchema', () => {
  it.each(['0', '-3', '1.5', 'abc', '99999999999999999999'])('rejects %s', (id) => {
    expect(idParamSchema.safeParse({ id }).success).toBe(false);
  });
  it('reads a positive integer from the path', () => {
    expect(idParamSchema.parse({ id: '42' })).toEqual({ id: 42 });
  });
});
