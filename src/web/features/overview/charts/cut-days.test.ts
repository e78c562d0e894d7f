import { describe, expect, it } from 'vitest';
import { cutDays } from './cut-days';

describe('cutDays (issue 39)', () => {
  it('cuts a search’s first day that stands far above the days after it', () => {
    // The demo's 90 days: 256 new jobs the first day, about 50 a day after it.
    const totals = [256, 46, 50, 54, 64, 44];
    const { top, cut } = cutDays(totals, [5, 0, 0, 0, 0, 0]);
    expect([...cut]).toEqual([0]);
    expect(top).toBe(64);
  });

  it('keeps a first day that is not far above the rest, and counts it in the scale', () => {
    // A search added on day 3 stores 70; the others' days reach 50.
    const { top, cut } = cutDays([256, 46, 50, 70, 44], [4, 0, 0, 1, 0]);
    expect([...cut]).toEqual([0]);
    expect(top).toBe(70);
  });

  it('cuts nothing without a first day, or without another day to read', () => {
    expect(cutDays([300, 10, 12])).toEqual({ top: 300, cut: new Set() });
    expect(cutDays([300, 10, 12], [0, 0, 0])).toEqual({ top: 300, cut: new Set() });
    expect(cutDays([250, 0, 0], [1, 0, 0])).toEqual({ top: 250, cut: new Set() });
  });
});
