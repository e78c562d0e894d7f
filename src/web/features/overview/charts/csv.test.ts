import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes a BOM, the header and one CRLF-ended record per row', () => {
    expect(
      toCsv(
        ['Day', 'New jobs'],
        [
          ['2025-03-04', 12],
          ['2025-03-05', 0],
        ],
      ),
    ).toBe('\uFEFFDay,New jobs\r\n2025-03-04,12\r\n2025-03-05,0\r\n');
  });

  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(toCsv(['a', 'b', 'c', 'd'], [['Acme, Inc.', 'The "best"', 'one\ntwo', 'a\rb']])).toBe(
      '\uFEFFa,b,c,d\r\n"Acme, Inc.","The ""best""","one\ntwo","a\rb"\r\n',
    );
  });

  it('writes an empty field for null and keeps numbers plain, negatives and decimals too', () => {
    expect(toCsv(['x', 'y', 'z'], [[null, -3, 0.25]])).toBe('\uFEFFx,y,z\r\n,-3,0.25\r\n');
  });

  it('leads formula-looking text with an apostrophe, full-width forms too', () => {
    const csv = toCsv(
      ['v'],
      [['=SUM(A1:A2)'], ['+1'], ['-x'], ['@cmd'], ['\tx'], ['＝1'], ['a=b'], ['=a,"b"']],
    );
    expect(csv.slice(1).split('\r\n')).toEqual([
      'v',
      "'=SUM(A1:A2)",
      "'+1",
      "'-x",
      "'@cmd",
      "'\tx",
      "'＝1",
      'a=b',
      `"'=a,""b"""`,
      '',
    ]);
  });

  it('reads back as the same table through a CSV parser', () => {
    const rows = [
      ['Financial Analyst · New York', 3, null],
      ['株式会社サクラテック', 0, 'x, "y"\nz'],
    ];
    const parsed: unknown = parse(toCsv(['Query', 'Jobs', 'Note'], rows), { bom: true });
    expect(parsed).toEqual([
      ['Query', 'Jobs', 'Note'],
      ['Financial Analyst · New York', '3', ''],
      ['株式会社サクラテック', '0', 'x, "y"\nz'],
    ]);
  });
});
