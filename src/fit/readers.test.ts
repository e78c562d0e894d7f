import { describe, expect, it } from 'vitest';
import { matchPlace, placeParts } from './read-place';
import { readSalary } from './read-salary';
import { readLevel } from './read-seniority';
import { readWorkplace } from './read-workplace';
import { tokenize } from './tokens';

describe('matchPlace', () => {
  const places = ['Berlin, Germany', 'Germany', 'Munich, Bavaria, Germany'].map((display_name) => ({
    place: { id: display_name, display_name },
    parts: placeParts(display_name),
  }));
  const only = (i: number) => places.slice(i, i + 1);
  it.each([
    ['Berlin, Berlin, Germany', 0, false, 'yes'],
    ['Berlin Metropolitan Area', 0, false, 'yes'],
    ['Germany', 0, false, 'maybe'],
    ['Germany (Remote)', 0, true, 'yes'],
    ['Hamburg, Germany', 0, true, 'yes'],
    ['Hamburg, Germany', 0, false, 'no'],
    ['Hamburg, Germany', 1, false, 'yes'],
    ['Greater Munich Metropolitan Area', 2, false, 'yes'],
    ['Paris, Île-de-France, France', 1, true, 'no'],
  ] as const)('%s against place %i (remote %s): %s', (location, i, remote, outcome) => {
    expect(matchPlace(placeParts(location), only(i), remote).outcome).toBe(outcome);
  });
});

describe('readWorkplace', () => {
  const offered = (text: string) => readWorkplace(tokenize(text))?.offered ?? null;
  it.each([
    ['This is a fully remote role.', ['remote']],
    ['Hybrid: two days in the office.', ['hybrid']],
    ['You work on-site in our Munich office.', ['on-site']],
    ['100% Homeoffice möglich', ['remote']],
    ['Hybrides Arbeiten, 2 Tage im Büro', ['hybrid']],
    ['No remote work: you work on-site.', ['on-site']],
    ['We run a hybrid cloud.', null],
  ] as const)('%j offers %j', (text, expected) => {
    expect(offered(text)).toEqual(expected);
  });
});

describe('readLevel', () => {
  it('takes the site’s criterion, else the title’s words, else an internship', () => {
    expect(readLevel('Mid-Senior level', tokenize('Engineer'), null)?.level).toBe('mid_senior');
    expect(readLevel(null, tokenize('Werkstudent Datenanalyse (m/w/d)'), null)?.level).toBe(
      'internship',
    );
    expect(readLevel(null, tokenize('Head of Engineering'), null)?.level).toBe('director');
    expect(readLevel(null, tokenize('Associate Product Manager'), null)?.level).toBe('associate');
    expect(readLevel(null, tokenize('Associate Director, Finance'), null)?.level).toBe('director');
    expect(readLevel('Not Applicable', tokenize('Engineer'), 'Internship')?.level).toBeUndefined();
    expect(readLevel(null, tokenize('Engineer'), 'Internship')?.level).toBe('internship');
  });
});

describe('readSalary', () => {
  it('reads the site’s salary, else a pay sentence of the description', () => {
    expect(readSalary('€70,000.00/yr - €90,000.00/yr', null)?.figures).toEqual({
      currency: 'EUR',
      yearly: 80_000,
    });
    const text = 'We offer great benefits. Jahresgehalt: 65.000 – 75.000 EUR brutto. Apply now.';
    expect(readSalary(null, tokenize(text))?.figures).toEqual({ currency: 'EUR', yearly: 70_000 });
    expect(readSalary(null, tokenize('Our customer base grows by 20,000 a year.'))).toBeNull();
  });
});
