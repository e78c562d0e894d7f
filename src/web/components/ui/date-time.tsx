/**
 * An ISO date-time shown in the operator's own locale and time zone (SPEC.md §2: "local
 * date-time, or "-" when empty"). The machine-readable value stays in the `<time>` element.
 */
export function DateTime({ value }: { value: string | null }) {
  if (!value) return <>-</>;
  return <time dateTime={value}>{formatDateTime(value)}</time>;
}

export function formatDateTime(value: string): string {
  return new Date(value).toLocaleString();
}
