// The figures the Overview counts from the texts the site shows (issue 32): a salary range made a
// yearly amount in its currency, and the applicants caption made a number. Pure, so the store,
// the details writer and the migration that fills the jobs stored before read them alike. A text
// they cannot read gives null, never an error: the site words these freely.

/** A salary as one yearly figure: its range's midpoint, made a year. */
export interface SalaryFigures {
  /** ISO 4217 code. */
  currency: string;
  /** Whole units of the currency a year. */
  yearly: number;
}

/** How many of each period a working year holds (40-hour weeks, 5-day weeks). */
export const PERIODS_A_YEAR = { year: 1, month: 12, week: 52, day: 260, hour: 2080 } as const;
type Period = keyof typeof PERIODS_A_YEAR;

const PERIOD_WORDS: ReadonlyArray<[Period, RegExp]> = [
  ['year', /\/\s*(?:yr|year|annum|a)\b|\b(?:per|a|an)\s+(?:year|annum)\b|\b(?:yearly|annually)\b/i],
  ['month', /\/\s*(?:mo|mth|month)\b|\b(?:per|a)\s+month\b|\bmonthly\b/i],
  ['week', /\/\s*(?:wk|week)\b|\b(?:per|a)\s+week\b|\bweekly\b/i],
  ['day', /\/\s*(?:d|day)\b|\b(?:per|a)\s+day\b|\bdaily\b/i],
  ['hour', /\/\s*(?:h|hr|hour)\b|\b(?:per|an)\s+hour\b|\bhourly\b/i],
];

/** Signs of more than one letter first: "CA$" is not "$". */
const CURRENCY_SIGNS: ReadonlyArray<[string, string]> = [
  ['US$', 'USD'],
  ['CA$', 'CAD'],
  ['C$', 'CAD'],
  ['AU$', 'AUD'],
  ['A$', 'AUD'],
  ['NZ$', 'NZD'],
  ['HK$', 'HKD'],
  ['SG$', 'SGD'],
  ['S$', 'SGD'],
  ['MX$', 'MXN'],
  ['R$', 'BRL'],
  ['$', 'USD'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
  ['₹', 'INR'],
  ['₩', 'KRW'],
  ['₪', 'ILS'],
  ['₺', 'TRY'],
  ['₱', 'PHP'],
  ['zł', 'PLN'],
];

/** Codes the site writes beside an amount (signs cover the rest). */
// prettier-ignore
const CURRENCY_CODES = new Set([
  'USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'CHF', 'JPY', 'CNY', 'INR', 'SEK', 'NOK', 'DKK',
  'PLN', 'CZK', 'HUF', 'RON', 'SGD', 'HKD', 'BRL', 'MXN', 'ZAR', 'ILS', 'AED', 'SAR', 'TRY',
  'KRW', 'PHP', 'IDR', 'MYR', 'THB', 'ARS', 'CLP', 'COP', 'NGN', 'KES', 'EGP',
]);

/** An amount: digits grouped by thousands, or plain, with decimals, and a K or M after it. */
const AMOUNT =
  /(\d{1,3}(?:[,.'\u00a0\u202f ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d+)?)(?:\s?([kKmM])(?![a-z]))?/g;

/** A unstated period is a year only for amounts no month or hour pays. */
const UNSTATED_YEARLY_MIN = 10_000;

/** One figure of the text: "70,000.00", "70.000,00", "4.5", "1 200". */
function amountOf(digits: string): number {
  const grouped = /^\d{1,3}([,.'\u00a0\u202f ])\d{3}(?:\1\d{3})*(?:([.,])(\d{1,2}))?$/.exec(digits);
  if (grouped && grouped[1] !== grouped[2]) {
    const whole = digits.slice(0, grouped[2] ? -(grouped[3] ?? '').length - 1 : undefined);
    return Number(whole.replace(/\D/g, '')) + (grouped[3] ? Number(`0.${grouped[3]}`) : 0);
  }
  return Number(digits.replace(',', '.'));
}

function periodOf(text: string): Period | 'unstated' | null {
  const found = PERIOD_WORDS.filter(([, words]) => words.test(text)).map(([period]) => period);
  if (found.length > 1) return null;
  return found[0] ?? 'unstated';
}

/** The currency the text names, once or more; null when it names none or two. */
function currencyOf(text: string): string | null {
  const named = new Set<string>();
  let rest = text;
  for (const [sign, code] of CURRENCY_SIGNS) {
    if (rest.includes(sign)) named.add(code);
    rest = rest.replaceAll(sign, ' ');
  }
  for (const word of rest.match(/\b[A-Z]{3}\b/g) ?? [])
    if (CURRENCY_CODES.has(word)) named.add(word);
  return named.size === 1 ? ([...named][0] ?? null) : null;
}

/** The one or two amounts of the text, a K or M of the last one shared by a bare first one. */
function amountsOf(text: string): number[] | null {
  const found = [...text.matchAll(AMOUNT)].map((m) => ({
    value: amountOf(m[1] ?? ''),
    scale: m[2] === undefined ? 0 : m[2].toLowerCase() === 'k' ? 1_000 : 1_000_000,
  }));
  if (found.length === 0 || found.length > 2) return null;
  const lastScale = found[found.length - 1]?.scale ?? 0;
  return found.map(({ value, scale }) => value * (scale || lastScale || 1));
}

/**
 * "€70,000.00/yr - €90,000.00/yr" → EUR 80,000; "$30.00/hr - $91.00/hr" → USD 125,840;
 * "¥4.5M/yr - ¥6M/yr" → JPY 5,250,000; "€70K/yr - €90K/yr" → EUR 80,000. A range without its
 * period is yearly when its midpoint is 10,000 or more (the guest cards drop "/yr").
 */
export function salaryFigures(text: string | null | undefined): SalaryFigures | null {
  if (!text) return null;
  const currency = currencyOf(text);
  const period = periodOf(text);
  const amounts = amountsOf(text);
  if (currency === null || period === null || amounts === null) return null;
  const midpoint = amounts.reduce((sum, amount) => sum + amount, 0) / amounts.length;
  if (!Number.isFinite(midpoint) || midpoint <= 0) return null;
  if (period === 'unstated' && midpoint < UNSTATED_YEARLY_MIN) return null;
  const yearly = Math.round(midpoint * PERIODS_A_YEAR[period === 'unstated' ? 'year' : period]);
  return yearly > 0 && yearly < 1e12 ? { currency, yearly } : null;
}

/**
 * 200 for "Over 200 applicants", 25 for "Be among the first 25 applicants", 1234 for "1,234
 * applicants"; null without a number.
 */
export function applicantsCount(text: string | null | undefined): number | null {
  const digits = text ? /(\d[\d,.\s]*)/.exec(text)?.[1] : undefined;
  if (!digits) return null;
  const n = Number(digits.replace(/[,.\s]/g, ''));
  return Number.isSafeInteger(n) ? n : null;
}
