import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from '../contract/search-filters';
import {
  INCREMENTAL_MARGIN_SECONDS,
  planSearch,
  searchFingerprint,
  type SearchedQuery,
} from './search-plan';

const HOUR = 3_600_000;
const query: SearchedQuery = {
  job_title: 'data engineer',
  location_id: 103035651,
  filters: { ...NO_FILTERS, workplace: ['remote'] },
};
const ran = (q: SearchedQuery, startTime: number) => ({
  start_time: startTime,
  search_fingerprint: searchFingerprint(q),
});

describe('planSearch (docs/decisions/017)', () => {
  it('runs a query that never completed in full, with its own filters only', () => {
    expect(planSearch(query, undefined, 1_000_000)).toEqual({
      mode: 'full',
      fingerprint: searchFingerprint(query),
      params: { f_WT: '2' },
    });
  });

  it('asks a query that completed before only for what was posted since, plus an hour', () => {
    const now = 10 * 24 * HOUR;
    const plan = planSearch(query, ran(query, now - 24 * HOUR), now);
    expect(plan.mode).toBe('incremental');
    expect(INCREMENTAL_MARGIN_SECONDS).toBe(3600);
    expect(plan.params).toEqual({ f_TPR: `r${86_400 + 3600}`, f_WT: '2' });
  });

  it('rounds the elapsed time up to whole seconds', () => {
    const plan = planSearch(query, ran(query, 0), 1500);
    expect(plan.params.f_TPR).toBe('r3602');
  });

  it.each([
    ['search term', { ...query, job_title: 'data scientist' }],
    ['place', { ...query, location_id: 90000084 }],
    ['filters', { ...query, filters: { ...query.filters, easy_apply: true } }],
  ])('runs in full again once the %s changed', (_what, edited) => {
    const plan = planSearch(edited, ran(query, 0), 24 * HOUR);
    expect(plan.mode).toBe('full');
    expect(plan.params.f_TPR).toBeUndefined();
    expect(plan.fingerprint).not.toBe(searchFingerprint(query));
  });

  it('runs in full when the previous run has no fingerprint (before migration 0004)', () => {
    const plan = planSearch(query, { start_time: 0, search_fingerprint: null }, HOUR);
    expect(plan.mode).toBe('full');
  });

  it("keeps the operator's own posted within when it is narrower than the window", () => {
    const daily = {
      ...query,
      filters: { ...query.filters, posted_within: 'past_24_hours' as const },
    };
    // Last run a week ago: a week + 1 h is wider than the operator's 24 h.
    const plan = planSearch(daily, ran(daily, 0), 7 * 24 * HOUR);
    expect(plan).toMatchObject({ mode: 'full', params: { f_TPR: 'r86400', f_WT: '2' } });
  });

  it("narrows the operator's posted within when the window is narrower", () => {
    const monthly = {
      ...query,
      filters: { ...query.filters, posted_within: 'past_month' as const },
    };
    const plan = planSearch(monthly, ran(monthly, 0), 24 * HOUR);
    expect(plan).toMatchObject({ mode: 'incremental', params: { f_TPR: 'r90000' } });
  });

  it('gives equal fingerprints for equal searches only', () => {
    expect(searchFingerprint(query)).toBe(searchFingerprint({ ...query }));
    expect(searchFingerprint(query)).toMatch(/^[0-9a-f]{32}$/);
    expect(searchFingerprint({ ...query, filters: NO_FILTERS })).not.toBe(searchFingerprint(query));
  });
});
