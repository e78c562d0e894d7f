import { describe, expect, it } from 'vitest';
import { bodyOf, draftOf, fieldOf, inWords, validate } from './profile-draft';

describe('profile drafts', () => {
  it('names the field an API message is about', () => {
    expect(fieldOf('name is required')).toBe('name');
    expect(fieldOf('each entry of must_skills must be at most 100 characters')).toBe('must_skills');
    expect(fieldOf('salary_floor.amount must be above 0')).toBe('salary_floor');
    expect(fieldOf('languages must hold ISO 639-1 codes of ar, cs')).toBe('languages');
    // "name" elsewhere is the plain word.
    expect(fieldOf('Request body has unknown key nickname')).toBeNull();
    expect(fieldOf('A file name is too long')).toBeNull();
    expect(fieldOf('A fit profile named "Backend" exists already: choose another name')).toBe(
      'name',
    );
  });

  it('says the API’s field names as the form does', () => {
    expect(inWords('each entry of plus_skills must be at most 100 characters')).toBe(
      'Each entry of Plus skills must be at most 100 characters',
    );
    expect(inWords('salary_floor.period must be one of year, month, hour')).toBe(
      "The salary floor's period must be one of year, month, hour",
    );
    expect(inWords('name must be at most 80 characters')).toBe(
      'Name must be at most 80 characters',
    );
    expect(inWords('places must hold at most 20')).toBe('Places must hold at most 20');
  });

  it('sends empty numbers as null and a salary floor only with an amount', () => {
    const draft = { ...draftOf(null), name: 'X', years: ' ', salaryAmount: '' };
    expect(bodyOf(draft)).toMatchObject({ years_experience: null, salary_floor: null });
    expect(
      bodyOf({ ...draft, years: '2,5', salaryAmount: '60000', salaryCurrency: ' usd ' }),
    ).toMatchObject({
      years_experience: 2.5,
      salary_floor: { amount: 60000, currency: 'USD', period: 'year' },
    });
  });

  it('checks with the contract: trimmed names, numbers that are not numbers', () => {
    const checked = validate({ ...draftOf(null), name: '  Backend ', years: 'seven' });
    expect(checked.body).toBeNull();
    expect(checked.errors).toEqual({
      years_experience: 'Years of experience must be a number or null',
    });
    const ok = validate({ ...draftOf(null), name: '  Backend ' });
    expect(ok.body?.name).toBe('Backend');
  });
});
