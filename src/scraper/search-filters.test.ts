import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from '../contract/search-filters';
import { guestFilterParams, postedWithinParam } from './search-filters';

describe('guestFilterParams', () => {
  it('sends nothing for no filters', () => {
    expect(guestFilterParams(NO_FILTERS)).toEqual({});
  });

  it('maps every filter to the documented parameter, several values comma-joined', () => {
    expect(
      guestFilterParams({
        posted_within: 'past_week',
        workplace: ['on_site', 'remote', 'hybrid'],
        experience: [
          'internship',
          'entry_level',
          'associate',
          'mid_senior',
          'director',
          'executive',
        ],
        job_type: [
          'full_time',
          'part_time',
          'contract',
          'temporary',
          'internship',
          'volunteer',
          'other',
        ],
        easy_apply: true,
        distance: 25,
      }),
    ).toEqual({
      f_TPR: 'r604800',
      f_WT: '1,2,3',
      f_E: '1,2,3,4,5,6',
      f_JT: 'F,P,C,T,I,V,O',
      f_AL: 'true',
      distance: '25',
    });
  });

  it.each([
    ['past_24_hours', 'r86400'],
    ['past_week', 'r604800'],
    ['past_month', 'r2592000'],
  ] as const)('maps posted within %s to f_TPR=%s', (postedWithin, param) => {
    expect(guestFilterParams({ ...NO_FILTERS, posted_within: postedWithin }).f_TPR).toBe(param);
  });

  it('takes an explicit window in place of the filters own one, and none for null', () => {
    const filters = {
      ...NO_FILTERS,
      posted_within: 'past_month' as const,
      workplace: ['remote' as const],
    };
    expect(guestFilterParams(filters, 90_000)).toEqual({ f_TPR: 'r90000', f_WT: '2' });
    expect(guestFilterParams(filters, null)).toEqual({ f_WT: '2' });
  });

  it('rounds a window up to whole seconds, never below one', () => {
    expect(postedWithinParam(3600.2)).toBe('r3601');
    expect(postedWithinParam(0)).toBe('r1');
  });
});
