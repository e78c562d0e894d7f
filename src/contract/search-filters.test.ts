import { describe, expect, it } from 'vitest';
import { queryWriteSchema } from './queries';
import {
  hasFilters,
  NO_FILTERS,
  normalizeFilters,
  searchFiltersWriteSchema,
} from './search-filters';

describe('search filters', () => {
  it('normalises to one form: every key, lists deduplicated in canonical order', () => {
    expect(normalizeFilters(undefined)).toEqual(NO_FILTERS);
    expect(normalizeFilters({})).toEqual(NO_FILTERS);
    expect(
      normalizeFilters({
        workplace: ['hybrid', 'on_site', 'hybrid'],
        job_type: ['other', 'full_time'],
      }),
    ).toEqual({
      ...NO_FILTERS,
      workplace: ['on_site', 'hybrid'],
      job_type: ['full_time', 'other'],
    });
  });

  it('tells an empty set from a set one', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, distance: 5 })).toBe(true);
    expect(hasFilters({ ...NO_FILTERS, posted_within: 'past_week' })).toBe(true);
  });

  it('refuses unknown keys and values, naming the field', () => {
    const message = (value: unknown) => {
      const r = searchFiltersWriteSchema.safeParse(value);
      return r.success ? null : r.error.issues[0]?.message;
    };
    expect(message({ remote: true })).toMatch(/^filters has unknown key remote; known: /);
    expect(message({ experience: ['senior'] })).toMatch(/^filters.experience must be a list of/);
    expect(message({ distance: 0 })).toMatch(/^filters.distance must be one of 5, 10, 25, 50, 100/);
    expect(message({ distance: null })).toBeNull();
  });

  it('is optional on a query body', () => {
    const body = { job_title: 'x', location_id: 1, status: 'active', is_ai: false };
    expect(queryWriteSchema.parse(body)).toEqual(body);
    expect(queryWriteSchema.parse({ ...body, filters: { easy_apply: true } }).filters).toEqual({
      easy_apply: true,
    });
  });
});
