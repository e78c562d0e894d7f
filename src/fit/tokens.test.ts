import { describe, expect, it } from 'vitest';
import { tokenize } from './tokens';

const words = (text: string): string[] => {
  const t = tokenize(text);
  return Array.from({ length: t.count }, (_, i) => text.slice(t.starts[i], t.ends[i]));
};

describe('tokenize', () => {
  it('keeps the signs of skill names and the dots inside words', () => {
    expect(words('C++, C# and .NET on Node.js 3.5; ASP.NET')).toEqual([
      'C++',
      'C#',
      'and',
      '.NET',
      'on',
      'Node.js',
      '3.5',
      'ASP.NET',
    ]);
  });

  it('folds case and accents, and stems in the text’s language', () => {
    const en = tokenize('We are building Databases and you will love the Teams');
    expect(en.lang).toBe('en');
    expect(en.folded).toContain('databases');
    expect(en.stems).toContain('databas');
    const de = tokenize('Wir suchen Sie für unsere Lösungen und die Entwicklung von Datenbanken');
    expect(de.lang).toBe('de');
    expect(de.stems).toContain('losung');
    expect(de.stems).toContain('datenbank');
    expect(de.written).toBe('de');
    expect(tokenize('Kubernetes Terraform').written).toBeNull();
  });

  it('parts sentences at . ! ? before a space and at line breaks, clauses at commas', () => {
    const t = tokenize('Use Node.js here. Next one\nthird, fourth');
    expect(Array.from(t.sentence)).toEqual([0, 0, 0, 1, 1, 2, 2]);
    expect(Array.from(t.clause)).toEqual([0, 0, 0, 1, 1, 2, 3]);
  });

  it('reads letters of other scripts and decomposed accents as words', () => {
    expect(words('データ分析 und Cafe\u0301')).toEqual(['データ分析', 'und', 'Cafe\u0301']);
    expect(tokenize('Cafe\u0301').folded).toEqual(['cafe']);
  });
});
