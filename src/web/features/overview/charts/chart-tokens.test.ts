import { describe, expect, it } from 'vitest';
import {
  block,
  colour,
  contrast,
  contrastFailures,
  hex,
  readWebFile,
  THEMES,
} from '../../../test/contrast';

// WCAG 1.4.11: a chart's bars and lines need 3:1 against what they are drawn on. Each colour
// token of chart-tokens.css is checked in both themes against the card (--surface) and the page
// (--canvas), whose values come from theme-tokens.css and Tailwind's palette.

const chartCss = readWebFile('features/overview/charts/chart-tokens.css');

const TOKENS = [
  '--chart-1',
  '--chart-2',
  '--chart-3',
  '--chart-4',
  '--chart-5',
  '--chart-6',
  '--chart-7',
  '--chart-8',
  '--chart-neutral',
];

describe('the chart colours', () => {
  it('reads the palette right (known WCAG figures)', () => {
    expect(contrast(hex('#000'), hex('#fff'))).toBeCloseTo(21, 5);
    expect(contrast(hex('#767676'), hex('#ffffff'))).toBeCloseTo(4.54, 2);
    // Tailwind's slate-900 is #0f172b in sRGB, as its docs give it.
    const slate900 = colour('var(--color-slate-900)').map((c) => Math.round(c * 255));
    expect(slate900).toEqual([15, 23, 43]);
  });

  for (const [theme, selector] of THEMES) {
    it(`has 3:1 against the card and the page, ${theme}`, () => {
      expect(contrastFailures(chartCss, selector, TOKENS, 3)).toEqual([]);
    });
  }

  it('keeps eight distinct series colours in each theme', () => {
    for (const [, selector] of THEMES) {
      const chart = block(chartCss, selector);
      const values = TOKENS.map((t) => chart.get(t));
      expect(new Set(values).size).toBe(TOKENS.length);
    }
  });
});
