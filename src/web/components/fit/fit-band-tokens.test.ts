import { describe, expect, it } from 'vitest';
import { FIT_BANDS } from '../../../contract/fit';
import { block, contrastFailures, THEME_CSS, THEMES } from '../../test/contrast';

// WCAG 1.4.11: the band's bars are a graphic, which needs 3:1 against the card and the page.
const TOKENS = FIT_BANDS.map((band) => `--fit-${band}`);

describe('the fit band colours', () => {
  for (const [theme, selector] of THEMES) {
    it(`have 3:1 against the card and the page, ${theme}`, () => {
      expect(contrastFailures(THEME_CSS, selector, TOKENS, 3)).toEqual([]);
    });

    it(`are four different colours, ${theme}`, () => {
      const declared = block(THEME_CSS, selector);
      expect(new Set(TOKENS.map((t) => declared.get(t))).size).toBe(FIT_BANDS.length);
    });
  }
});
