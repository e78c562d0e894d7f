import type { ReactNode } from 'react';

/** A figure on its own: its name, the figure, and a line saying what it counts or how it moved. */
export function Stat({
  label,
  value,
  detail,
}: {
  label: string;
  value: string;
  detail: ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-md border border-line-soft bg-surface-muted px-4 py-3">
      <dt className="text-xs font-semibold text-fg-subtle">{label}</dt>
      <dd className="text-2xl font-semibold text-fg tabular-nums">{value}</dd>
      <dd className="text-xs text-fg-muted">{detail}</dd>
    </div>
  );
}
