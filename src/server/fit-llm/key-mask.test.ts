import { describe, expect, it } from 'vitest';
import { KEY_PIECE_MIN, maskKey } from './key-mask';

const KEY = 'sk-abcDEF1234567890xyz';

describe('maskKey', () => {
  it('masks the key whole, in another case, and any piece of 6 characters or more', () => {
    const text = `Bearer ${KEY} / ${KEY.toUpperCase()} / cut ${KEY.slice(2, 10)} / end ${KEY.slice(-6)}.`;
    const masked = maskKey(text, KEY);
    expect(masked).toBe('Bearer *** / *** / cut *** / end ***.');
    for (let i = 0; i + KEY_PIECE_MIN <= KEY.length; i++) {
      expect(masked.toLowerCase()).not.toContain(KEY.slice(i, i + KEY_PIECE_MIN).toLowerCase());
    }
  });

  it('leaves pieces shorter than 6 characters and texts without the key alone', () => {
    expect(maskKey('sk-ab is short, 12345 too', KEY)).toBe('sk-ab is short, 12345 too');
    expect(maskKey('HTTP 500: upstream failed', KEY)).toBe('HTTP 500: upstream failed');
    expect(maskKey(`any ${KEY}`, null)).toBe(`any ${KEY}`);
  });

  it('masks a short key wherever it appears whole', () => {
    expect(maskKey('key abc given: abc', 'abc')).toBe('key *** given: ***');
  });

  it('keeps its place in a text whose lower case is longer (İ)', () => {
    expect(maskKey(`İİ ${KEY} İ`, KEY)).toBe('İİ *** İ');
  });
});
