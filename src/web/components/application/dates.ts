// The pipeline's dates are instants (ISO 8601 with an offset); the operator types them in a
// datetime-local field, in the browser's own zone.

const pad = (n: number) => String(n).padStart(2, '0');

/** "2027-01-31T09:30" in the browser's zone: a datetime-local field's value. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local field's value as an instant; null when it is empty or not a date. */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Jan 31, 2027, 9:30 AM" in the operator's locale and zone. */
export const formatWhen = (iso: string): string => whenFormat.format(new Date(iso));
