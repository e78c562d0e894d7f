import { openSqliteFile } from '../db/sqlite-file';
import { describe, expect, it } from 'vitest';
import { foldWord, indexWords } from './text-fold';

// The words the rules and the highlighting read must be the search index's own words.

const TEXTS = [
  'Senior Data Engineer (m/w/d) – Python, SQL & Airflow; 100% remote',
  'Café RÉSUMÉ naïve façade Ångström Øresund Straße Dvořák Łódź',
  'Entwickler*in für Daten-Pipelines in München, Köln und Zürich',
  'データエンジニア 東京都 Инженер данных Москва مهندس بيانات',
  'C++ / C# / F# developer, node.js, .NET 8, ISO-27001, 24/7 on-call',
  'Cafe\u0301 decomposed, İstanbul, ǅemal, ﬁnance ligature, Ⅻ numeral',
  'Йошкар-Ола ёлка άλφα Ελλάδα ガギ Việt Nguyễn ŉ ḱ ṩ',
];

describe('foldWord and indexWords', () => {
  it('fold as the index does: lower case, accents off, ASCII left as it is', () => {
    expect(foldWord('Python')).toBe('python');
    expect(foldWord('RÉSUMÉ')).toBe('resume');
    expect(foldWord('München')).toBe('munchen');
    expect(foldWord('東京都')).toBe('東京都');
    // Only a Latin letter loses its marks: kana, Cyrillic and Greek letters keep theirs.
    expect(foldWord('データ')).toBe('データ');
    expect(foldWord('Ёлка')).toBe('ёлка');
    expect(foldWord('Nguyễn')).toBe('nguyen');
    expect(indexWords('node.js C++ 24/7')).toEqual(['node', 'js', 'c', '24', '7']);
  });

  it('cut and fold exactly the words FTS5 (unicode61, remove_diacritics 2) keeps', () => {
    const db = openSqliteFile(':memory:');
    db.exec(`CREATE VIRTUAL TABLE t USING fts5(x, tokenize = 'unicode61 remove_diacritics 2');
             CREATE VIRTUAL TABLE v USING fts5vocab(t, 'row');`);
    const insert = db.prepare('INSERT INTO t (x) VALUES (?)');
    for (const text of TEXTS) insert.run(text);
    const vocabulary = db
      .prepare('SELECT term FROM v ORDER BY term')
      .pluck()
      .all()
      .map((term) => String(term));
    const ours = [...new Set(TEXTS.flatMap(indexWords))].sort((a, b) =>
      // FTS5 orders its terms by their UTF-8 bytes.
      Buffer.compare(Buffer.from(a), Buffer.from(b)),
    );
    expect(ours).toEqual(vocabulary);
    db.close();
  });
});
