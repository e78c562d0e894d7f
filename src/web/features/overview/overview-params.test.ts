import { describe, expect, it } from 'vitest';
import {
  csvFileName,
  overviewParamsToApi,
  overviewParamsToUrl,
  parseOverviewParams,
} from './overview-params';

const parse = (search: string) => parseOverviewParams(new URLSearchParams(search));

describe('the Overview’s URL', () => {
  it('reads the range and the query, and defaults to 30 days of every query', () => {
    expect(parse('')).toEqual({ range: '30', query: null });
    expect(parse('range=7&query=12')).toEqual({ range: '7', query: 12 });
    expect(parse('range=all')).toEqual({ range: 'all', query: null });
  });

  it('drops what the API would refuse', () => {
    expect(parse('range=14&query=0')).toEqual({ range: '30', query: null });
    expect(parse('range=ALL&query=-3')).toEqual({ range: '30', query: null });
    expect(parse('query=1.5')).toEqual({ range: '30', query: null });
    expect(parse('query=1234567890123456')).toEqual({ range: '30', query: null });
  });

  it('writes the URL without the default range, and the API call always with it', () => {
    expect(overviewParamsToUrl({ range: '30', query: null }).toString()).toBe('');
    expect(overviewParamsToUrl({ range: '90', query: 4 }).toString()).toBe('range=90&query=4');
    expect(overviewParamsToApi({ range: '30', query: null }).toString()).toBe('range=30');
    expect(overviewParamsToApi({ range: 'all', query: 4 }).toString()).toBe('range=all&query=4');
  });

  it('names a download after the chart, the range and the query', () => {
    expect(csvFileName('new-jobs', { range: '30', query: null })).toBe('overview-new-jobs-30d.csv');
    expect(csvFileName('market', { range: 'all', query: 4 })).toBe(
      'overview-market-all-query-4.csv',
    );
  });
});
