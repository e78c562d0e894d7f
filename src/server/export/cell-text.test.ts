import { describe, expect, it } from 'vitest';
import { EXCEL_MAX_CELL_TEXT, toCellText } from './cell-text';

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
