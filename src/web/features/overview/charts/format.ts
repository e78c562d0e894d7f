// The Overview's numbers and days, in the operator's locale. Days are the server's calendar days
// (YYYY-MM-DD in its time zone): they are shown as written, never moved into the browser's zone.

const numberFormat = new Intl.NumberFormat();
const percentFormat = new Intl.NumberFormat(undefined, {
  style: 'percent',
  maximumFractionDigits: 1,
});
const shortDay = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const longDay = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

const dayDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** "Mar 4": an axis tick. */
export const formatDayShort = (day: string): string => shortDay.format(dayDate(day));
/** "Mar 4 – 9", or "Mar 4" for one day: a period of days. */
export const formatDayRange = (first: string, last: string): string =>
  first === last ? formatDayShort(first) : shortDay.formatRange(dayDate(first), dayDate(last));
/** "Tue, Mar 4, 2025": a tooltip's heading and a day's accessible name. */
export const formatDayLong = (day: string): string => longDay.format(dayDate(day));
export const formatNumber = (n: number): string => numberFormat.format(n);
/** A share from 0 to 1: "82.5%". */
export const formatShare = (share: number): string => percentFormat.format(share);
/** A share as the tables and CSV files write it: a percentage with one decimal, 82.5. */
export const percentValue = (share: number): number => Math.round(share * 1000) / 10;

const currencyFormats = new Map<string, Intl.NumberFormat>();

/** "€65,000"; a code Intl does not know is written after the number. */
export function formatMoney(amount: number, currency: string): string {
  let format = currencyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat(undefined, {
        style: 'currency',
        currency,
        maximumFractionDigits: 0,
      });
    } catch {
      return `${formatNumber(Math.round(amount))} ${currency}`;
    }
    currencyFormats.set(currency, format);
  }
  return format.format(amount);
}

const decimalFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
/** "12.3": a ratio such as site requests per new job. */
export const formatDecimal = (n: number): string => decimalFormat.format(n);
const ratioFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
/** "1.22": a ratio near 1, whose change from one range to the next is a few hundredths. */
export const formatRatio = (n: number): string => ratioFormat.format(n);
