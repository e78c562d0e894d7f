import { describe, expect, it } from 'vitest';
import { foldedJobText, MalformedAnswer, parseOpinion, quoteFound } from './opinion-answer';

const TITLE = 'Senior Backend Engineer (Node.js)';
const DESCRIPTION = `We build payments.\n\nYou have  5+ years of TypeScript and PostgreSQL.
Fluent Deutsch is a plus; Café-Erfahrung nicht nötig.`;
const folded = foldedJobText(TITLE, DESCRIPTION);

const answer = (body: object) => JSON.stringify(body);

describe('quoteFound', () => {
  it('finds the job’s words whatever their case, spacing, accents and punctuation', () => {
    expect(quoteFound('senior backend engineer', folded)).toBe(true);
    expect(quoteFound('5+ years of   typescript and postgresql', folded)).toBe(true);
    expect(quoteFound('cafe-erfahrung', folded)).toBe(true);
    expect(quoteFound('We build payments. You have', folded)).toBe(true);
  });

  it('refuses words not there, out of order, cut, or no words at all', () => {
    expect(quoteFound('10+ years of Rust', folded)).toBe(false);
    expect(quoteFound('PostgreSQL and TypeScript', folded)).toBe(false);
    expect(quoteFound('Senior Back', folded)).toBe(false);
    expect(quoteFound(' ... ', folded)).toBe(false);
  });
});

describe('parseOpinion', () => {
  it('keeps points with real quotes, drops and counts the others, and tidies the rest', () => {
    const opinion = parseOpinion(
      '```json\n' +
        answer({
          score: '83.6',
          verdict: 'Strong match\n  for a backend role',
          strengths: [
            { point: 'TypeScript', quote: '5+ years of TypeScript' },
            { point: 'Invented', quote: 'ten years of COBOL' },
          ],
          gaps: [{ point: 'German', quote: 'Fluent Deutsch is a plus' }],
        }) +
        '\n```',
      folded,
    );
    expect(opinion).toEqual({
      score: 84,
      verdict: 'Strong match for a backend role',
      strengths: [{ point: 'TypeScript', quote: '5+ years of TypeScript' }],
      gaps: [{ point: 'German', quote: 'Fluent Deutsch is a plus' }],
      droppedQuotes: 1,
    });
  });

  it('holds the score within 0 to 100', () => {
    const base = { verdict: 'x', strengths: [], gaps: [] };
    expect(parseOpinion(answer({ ...base, score: 140 }), folded).score).toBe(100);
    expect(parseOpinion(answer({ ...base, score: -3 }), folded).score).toBe(0);
  });

  it('refuses what is not the opinion asked for', () => {
    expect(() => parseOpinion('It fits.', folded)).toThrow(MalformedAnswer);
    expect(() => parseOpinion('{"score": 5,', folded)).toThrow(MalformedAnswer);
    expect(() =>
      parseOpinion(answer({ score: 'high', verdict: '', strengths: [], gaps: [] }), folded),
    ).toThrow(MalformedAnswer);
    expect(() => parseOpinion(answer({ score: 50, verdict: 'ok' }), folded)).toThrow(
      MalformedAnswer,
    );
  });
});
