import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  effectiveSort,
  hasActiveFilters,
  jobFiltersToParams,
  minFitLabel,
  parseJobFilters,
  searchWords,
} from './job-filters';

const parse = (search: string) => parseJobFilters(new URLSearchParams(search));

describe('job filters in the URL', () => {
  it('reads every filter under the API’s names and writes them back the same', () => {
    const search =
      'q=data+engineer&batch=3&run=12&query=5&new_in_batch=3&posted=7d&workplace=remote%2Chybrid&easy_apply=true&has_salary=true&company=Acme&state=saved%2Capplied&flag=4&hide_reposts=true&min_fit=60&open=true&sort=fit';
    const filters = parse(search);
    expect(filters).toEqual({
      q: 'data engineer',
      batch: 3,
      run: 12,
      query: 5,
      new_in_batch: 3,
      posted: '7d',
      workplace: ['remote', 'hybrid'],
      easy_apply: true,
      has_salary: true,
      company: 'Acme',
      state: ['saved', 'applied'],
      flag: 4,
      hide_reposts: true,
      min_fit: 60,
      open: true,
      sort: 'fit',
    });
    expect(jobFiltersToParams(filters).toString()).toBe(search);
  });

  it('drops values the API would refuse instead of sending them', () => {
    const filters = parse(
      'batch=-1&run=abc&query=x1&new_in_batch=0&posted=1y&workplace=mars,remote,remote&easy_apply=yes&state=deleted,new&open=1&sort=random&min_fit=101',
    );
    expect(filters).toEqual({ ...EMPTY_FILTERS, workplace: ['remote'], state: ['new'] });
  });

  it('takes any fit from 0 to 100, and names the bands’ floors by their band (issue 40)', () => {
    expect(parse('min_fit=0').min_fit).toBe(0);
    expect(parse('min_fit=100').min_fit).toBe(100);
    for (const bad of ['-5', '6.5', '1000', 'good', ''])
      expect(parse(`min_fit=${bad}`).min_fit).toBeNull();
    expect(minFitLabel(80)).toBe('Fit: Strong or better');
    expect(minFitLabel(60)).toBe('Fit: Good or better');
    expect(minFitLabel(40)).toBe('Fit: Weak or better');
    expect(minFitLabel(75)).toBe('Fit at least 75');
    expect(hasActiveFilters({ ...EMPTY_FILTERS, min_fit: 0 })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, sort: 'fit' })).toBe(false);
  });

  it('leaves defaults out: an empty view is an empty query string', () => {
    expect(jobFiltersToParams(EMPTY_FILTERS).toString()).toBe('');
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, sort: 'posted' })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, has_salary: true })).toBe(true);
  });

  it('sorts newest unless chosen, and by relevance only while searching', () => {
    expect(effectiveSort(EMPTY_FILTERS)).toBe('newest');
    expect(effectiveSort({ ...EMPTY_FILTERS, q: 'x' })).toBe('newest');
    expect(effectiveSort({ ...EMPTY_FILTERS, q: 'x', sort: 'relevance' })).toBe('relevance');
    expect(effectiveSort({ ...EMPTY_FILTERS, sort: 'relevance' })).toBe('newest');
    expect(jobFiltersToParams({ ...EMPTY_FILTERS, sort: 'relevance' }).toString()).toBe('');
    expect(jobFiltersToParams({ ...EMPTY_FILTERS, q: 'x', sort: 'newest' }).toString()).toBe(
      'q=x&sort=newest',
    );
  });

  it('splits a search into lower-case words, FTS syntax left out', () => {
    expect(searchWords('"Data" OR scien* -(Berlin) 🚀 data')).toEqual([
      'data',
      'or',
      'scien',
      'berlin',
    ]);
  });
});
