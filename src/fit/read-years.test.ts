import { describe, expect, it } from 'vitest';
import { readYearsAsked } from './read-years';
import { tokenize } from './tokens';

const years = (text: string): number | null => readYearsAsked(tokenize(text))?.years ?? null;

describe('readYearsAsked', () => {
  it.each([
    ['5+ years of experience with Python', 5],
    ['At least 3 years in backend development', 3],
    ['3-5 years of experience', 3],
    ['3 to 5 years of professional experience', 3],
    ['a minimum of five years of experience', 5],
    ['Mindestens 3 Jahre Berufserfahrung', 3],
    ['3+ Jahre Berufserfahrung in der Softwareentwicklung', 3],
    ['Sie bringen zwei Jahre Erfahrung mit', 2],
    ['mehrjährige Berufserfahrung im Controlling', 2],
    ['several years of experience with SQL', 2],
    ['You have 2+ years with Go. Ideally 7+ years of experience overall.', 7],
  ])('reads %j as %i', (text, expected) => {
    expect(years(text)).toBe(expected);
  });

  it.each([
    'For over 20 years we have built software for banks.',
    'We were founded 12 years ago.',
    'Seit 25 Jahren entwickeln wir Software.',
    'Within 2 years you will lead a team.',
    'A 3 year contract',
    'multiple teams with experience in Java',
  ])('reads no ask in %j', (text) => {
    expect(years(text)).toBeNull();
  });

  it('marks where it is said', () => {
    const t = tokenize('What we look for\n- 5+ years of experience');
    const ask = readYearsAsked(t);
    expect(ask && t.text.slice(t.starts[ask.range[0]], t.ends[ask.range[1]])).toBe('5+ years');
  });
});
