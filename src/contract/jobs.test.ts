import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import {
  bulkJobStateBodySchema,
  jobExportQuerySchema,
  jobListQuerySchema,
  jobStateBodySchema,
} from './jobs';

const firstMessage = (schema: z.ZodMiniType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? null);
};

describe('jobListQuerySchema', () => {
  it('turns the texts of the query string into their meaning', () => {
    expect(
      jobListQuerySchema.parse({
        q: '  data engineer ',
        batch: '3',
        run: '12',
        new_in_batch: '3',
        posted: '7d',
        workplace: 'on-site,remote,remote',
        easy_apply: 'true',
        has_salary: 'false',
        company: ' Acme ',
        state: 'saved,new',
        sort: 'posted',
        cursor: 'abc',
        limit: '20',
      }),
    ).toEqual({
      q: 'data engineer',
      batch: 3,
      run: 12,
      new_in_batch: 3,
      posted: '7d',
      workplace: ['remote', 'on-site'],
      easy_apply: true,
      has_salary: false,
      company: 'Acme',
      state: ['new', 'saved'],
      sort: 'posted',
      cursor: 'abc',
      limit: 20,
    });
    expect(jobListQuerySchema.parse({})).toEqual({ limit: 50 });
  });

  it('refuses unknown parameters and values with a message naming them', () => {
    expect(firstMessage(jobListQuerySchema, { colour: 'red' })).toMatch(
      /^unknown parameter colour; known: q, batch/,
    );
    expect(firstMessage(jobListQuerySchema, { posted: '2d' })).toBe(
      'posted must be one of 24h, 7d, 30d',
    );
    expect(firstMessage(jobListQuerySchema, { workplace: 'remote,moon' })).toBe(
      'workplace must be a comma-separated list of: remote, hybrid, on-site',
    );
    expect(firstMessage(jobListQuerySchema, { state: 'archived' })).toMatch(/^state must be/);
    expect(firstMessage(jobListQuerySchema, { sort: 'oldest' })).toBe(
      'sort must be one of newest, posted, relevance, fit',
    );
    expect(firstMessage(jobListQuerySchema, { easy_apply: 'yes' })).toBe(
      'easy_apply must be true or false',
    );
    expect(firstMessage(jobListQuerySchema, { batch: '0' })).toBe(
      'batch must be a positive integer',
    );
    expect(firstMessage(jobListQuerySchema, { batch: ['1', '2'] })).toBe(
      'batch must be given once, as text',
    );
    for (const limit of ['0', '101', '-1', '1.5', 'ten'])
      expect(firstMessage(jobListQuerySchema, { limit })).toBe(
        'limit must be an integer from 1 to 100',
      );
    expect(firstMessage(jobListQuerySchema, { q: 'x'.repeat(501) })).toBe(
      'q must be at most 500 characters',
    );
  });

  it('the export takes the filters and a format (xlsx unless asked), but no page', () => {
    expect(jobExportQuerySchema.parse({ q: 'data', state: 'hidden' })).toEqual({
      q: 'data',
      state: ['hidden'],
      format: 'xlsx',
    });
    expect(jobExportQuerySchema.parse({ format: 'json' })).toEqual({ format: 'json' });
    expect(firstMessage(jobExportQuerySchema, { format: 'pdf' })).toBe(
      'format must be one of xlsx, csv, json',
    );
    expect(firstMessage(jobExportQuerySchema, { cursor: 'x' })).toMatch(
      /^unknown parameter cursor; known: .*, format$/,
    );
  });
});

describe('state bodies', () => {
  it('take a known state', () => {
    expect(jobStateBodySchema.parse({ state: 'applied' })).toEqual({ state: 'applied' });
    expect(firstMessage(jobStateBodySchema, { state: 'done' })).toBe(
      'state must be one of new, seen, saved, applied, hidden',
    );
    expect(firstMessage(jobStateBodySchema, { state: 'seen', x: 1 })).toMatch(/unknown key x/);
  });

  it('bulk: 1 to 500 positive integer ids', () => {
    expect(bulkJobStateBodySchema.parse({ ids: [1, 2], state: 'hidden' }).ids).toEqual([1, 2]);
    const ids = Array.from({ length: 501 }, (_, i) => i + 1);
    expect(firstMessage(bulkJobStateBodySchema, { ids, state: 'hidden' })).toBe(
      'ids must be a list of 1 to 500 job ids',
    );
    expect(firstMessage(bulkJobStateBodySchema, { ids: [], state: 'hidden' })).toBe(
      'ids must be a list of 1 to 500 job ids',
    );
    expect(firstMessage(bulkJobStateBodySchema, { ids: [1.5], state: 'hidden' })).toBe(
      'ids must hold positive integer job ids',
    );
    expect(firstMessage(bulkJobStateBodySchema, { ids: ['1'], state: 'hidden' })).toBe(
      'ids must hold positive integer job ids',
    );
  });
});
