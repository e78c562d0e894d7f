import { describe, expect, it } from 'vitest';
import { EXCEL_MAX_CELL_TEXT, escapeXml, toCellText, toCellXml } from './cell-text';

describe('toCellText', () => {
  it('leaves ordinary text alone', () => {
    expect(toCellText('Analyst – Zürich 😀\tA\nB')).toBe('Analyst – Zürich 😀\tA\nB');
  });

  it('makes every line break a newline', () => {
    expect(toCellText('a\r\nb\rc\nd')).toBe('a\nb\nc\nd');
  });

  it('removes control characters other than tab, newline and carriage return', () => {
    expect(toCellText('a\u0000b\u0008c\u000Bd\u000Ce\u000Ef\u001Fg')).toBe('abcdefg');
  });

  it('removes U+FFFE, U+FFFF and unpaired surrogates', () => {
    expect(toCellText('a\uFFFEb\uFFFFc\uD83Dd\uDE00e')).toBe('abcde');
  });

  it('cuts at 32,767 characters', () => {
    expect(EXCEL_MAX_CELL_TEXT).toBe(32_767);
    expect(toCellText('x'.repeat(40_000))).toHaveLength(32_767);
    expect(toCellText('x'.repeat(32_767))).toHaveLength(32_767);
  });

  it('does not split a surrogate pair at the cut', () => {
    const cut = toCellText('x'.repeat(32_766) + '😀');
    expect(cut).toBe('x'.repeat(32_766));
  });

  it('cuts after removing illegal characters, not before', () => {
    expect(toCellText('\u0000'.repeat(10) + 'y'.repeat(32_767))).toBe('y'.repeat(32_767));
  });
});

describe('toCellXml', () => {
  const long = (text: string) => text + ' '.repeat(300);

  it('escapes the XML special characters, short text or long', () => {
    expect(toCellXml('a & b < c > d "e"')).toBe('a &amp; b &lt; c &gt; d &quot;e&quot;');
    expect(toCellXml(long('a & b < c > d "e"'))).toBe(
      long('a &amp; b &lt; c &gt; d &quot;e&quot;'),
    );
    expect(toCellXml("it's")).toBe("it's");
  });

  it('returns ordinary text unchanged', () => {
    const text = long('Analyst – Zürich 😀\tA\nB');
    expect(toCellXml(text)).toBe(text);
  });

  it('cleans long text as toCellText does short text', () => {
    for (const dirty of [
      'a\u0000b',
      'a\u001Fb',
      'a\rb',
      'a\uFFFEb',
      'a\uFFFFb',
      'a\uD800b',
      'a\uDC00b',
    ]) {
      expect(toCellText(long(dirty)), JSON.stringify(dirty)).toBe(long(toCellText(dirty)));
      expect(toCellXml(long(dirty)), JSON.stringify(dirty)).toBe(long(toCellText(dirty)));
    }
    expect(toCellText(long('a\r\nb'))).toBe(long('a\nb'));
  });

  it('cuts before escaping: 32,767 characters of text, however long the XML', () => {
    const xml = toCellXml('&'.repeat(40_000));
    expect(xml).toBe('&amp;'.repeat(EXCEL_MAX_CELL_TEXT));
  });
});

describe('escapeXml', () => {
  it('escapes for element text and double-quoted attributes', () => {
    expect(escapeXml('https://x.example/?a=1&b="2"<>')).toBe(
      'https://x.example/?a=1&amp;b=&quot;2&quot;&lt;&gt;',
    );
  });
});
