import { describe, expect, it } from 'vitest';
import { FIT_BAND_FLOORS, FIT_DEALBREAKER_CAP, fitBand, fitProfileWriteSchema } from './fit';

describe('fit bands', () => {
  it('puts each score in the band whose floor it reaches', () => {
    expect(fitBand(100)).toBe('strong');
    expect(fitBand(80)).toBe('strong');
    expect(fitBand(79)).toBe('good');
    expect(fitBand(60)).toBe('good');
    expect(fitBand(59)).toBe('weak');
    expect(fitBand(40)).toBe('weak');
    expect(fitBand(39)).toBe('poor');
    expect(fitBand(0)).toBe('poor');
  });

  it('caps a dealbreaker inside Poor', () => {
    expect(fitBand(FIT_DEALBREAKER_CAP)).toBe('poor');
    expect(FIT_DEALBREAKER_CAP + 1).toBe(FIT_BAND_FLOORS.weak);
  });
});

describe('fit profile body', () => {
  it('fills every optional field with its default', () => {
    const parsed = fitProfileWriteSchema.parse({ name: '  Backend  ' });
    expect(parsed).toEqual({
      name: 'Backend',
      cv_text: '',
      must_skills: [],
      plus_skills: [],
      dealbreakers: [],
      seniority: [],
      years_experience: null,
      languages: [],
      workplaces: [],
      places: [],
      salary_floor: null,
    });
  });

  it('names the field at fault', () => {
    const error = (body: unknown) =>
      fitProfileWriteSchema.safeParse(body).error?.issues[0]?.message;
    expect(error({})).toBe('name is required');
    expect(error({ name: 'x', colour: 1 })).toBe('Request body has unknown key colour');
    expect(error({ name: 'x', must_skills: [''] })).toBe(
      'must_skills must not hold an empty entry',
    );
    expect(error({ name: 'x', salary_floor: { amount: 1, currency: 'eur', period: 'year' } })).toBe(
      'salary_floor.currency must be a 3-letter currency code',
    );
    expect(error({ name: 'x', languages: ['xx'] })).toMatch(
      /^languages must hold ISO 639-1 codes of ar, cs/,
    );
    expect(error({ name: 'x', workplaces: ['office'] })).toBe(
      'workplaces must hold remote, hybrid, on-site',
    );
  });
});
