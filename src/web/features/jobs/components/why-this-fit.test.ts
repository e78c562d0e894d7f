import { describe, expect, it } from 'vitest';
import { markedParts, points } from './why-this-fit';

describe('Why this fit: marks and points', () => {
  it('marks the given ranges, in order, overlaps joined and ranges past the end cut', () => {
    expect(
      markedParts('fluent German and English', [
        [18, 25],
        [0, 6],
        [3, 13],
        [40, 50],
      ]),
    ).toEqual([
      { text: 'fluent German', mark: true },
      { text: ' and ', mark: false },
      { text: 'English', mark: true },
    ]);
    expect(markedParts('no marks', [])).toEqual([{ text: 'no marks', mark: false }]);
  });

  it('says points whole or to one decimal', () => {
    expect(points(12)).toBe('12');
    expect(points(5.3333)).toBe('5.3');
    expect(points(0)).toBe('0');
  });
});
