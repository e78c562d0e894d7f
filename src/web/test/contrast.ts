import fs from 'node:fs';
import path from 'node:path';

// WCAG contrast of the theme's colour tokens, read from the style sheets themselves (the tests of
// the chart colours and of the fit bands): theme-tokens.css in both themes, Tailwind's palette.

const WEB = path.resolve(import.meta.dirname, '..');
export const readWebFile = (file: string) => fs.readFileSync(path.resolve(WEB, file), 'utf8');
export const THEME_CSS = readWebFile('theme-tokens.css');
const TAILWIND_CSS = fs.readFileSync(
  path.resolve(WEB, '../../node_modules/tailwindcss/theme.css'),
  'utf8',
);

export type Rgb = readonly [number, number, number];

/** The two themes' selectors in the token sheets. */
export const THEMES = [
  ['light', ':root'],
  ['dark', ':root.dark'],
] as const;

/** The declarations of the first block whose selector is exactly `selector`. */
export function block(css: string, selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start === -1) throw new Error(`no ${selector} block`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  const vars = new Map<string, string>();
  for (const match of body.matchAll(/(--[\w-]+):\s*([^;]+);/g)) {
    vars.set(match[1] ?? '', (match[2] ?? '').trim());
  }
  return vars;
}

const palette = block(TAILWIND_CSS, '@theme default');

export function hex(value: string): Rgb {
  const digits = value.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  const byte = (i: number) => parseInt(full.slice(i, i + 2), 16) / 255;
  return [byte(0), byte(2), byte(4)];
}

/** CSS Color 4's OKLCH to sRGB (gamma-encoded, 0 to 1, clipped). */
function oklch(l: number, c: number, h: number): Rgb {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const encode = (x: number) => {
    const v = Math.min(1, Math.max(0, x));
    return v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
  };
  return [
    encode(4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_),
    encode(-1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_),
    encode(-0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_),
  ];
}

/** A token's colour: a hex value, an oklch() value, or a var() of Tailwind's palette. */
export function colour(value: string): Rgb {
  const variable = /^var\((--[\w-]+)\)$/.exec(value);
  if (variable) {
    const resolved = palette.get(variable[1] ?? '');
    if (!resolved) throw new Error(`${value} is not in Tailwind's palette`);
    return colour(resolved);
  }
  if (value.startsWith('#')) return hex(value);
  const ok = /^oklch\(([\d.]+)% ([\d.]+) ([\d.]+)\)$/.exec(value);
  if (ok) return oklch(Number(ok[1]) / 100, Number(ok[2]), Number(ok[3]));
  throw new Error(`cannot read the colour ${value}`);
}

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/**
 * Each token of `tokens` (declared in `css` under the theme's selector) against the theme's card
 * (--surface) and page (--canvas): the pairs under `least`, as "token on background: ratio".
 */
export function contrastFailures(
  css: string,
  selector: string,
  tokens: readonly string[],
  least: number,
): string[] {
  const declared = block(css, selector);
  const theming = block(THEME_CSS, selector);
  const failures: string[] = [];
  for (const token of tokens) {
    const value = declared.get(token);
    if (!value) throw new Error(`${token} is missing under ${selector}`);
    for (const background of ['--surface', '--canvas']) {
      const ratio = contrast(colour(value), colour(theming.get(background) ?? ''));
      if (ratio < least) failures.push(`${token} on ${background}: ${ratio.toFixed(2)}:1`);
    }
  }
  return failures;
}
