import { paintStyle, type Paint } from './paint';

export function Swatch({ paint, className }: { paint: Paint; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block size-3 shrink-0 rounded-sm ${className ?? ''}`}
      style={paintStyle(paint)}
    />
  );
}

/** The series of a chart, in the order they are drawn (bottom of a stack first). */
export function Legend({ items }: { items: readonly { label: string; paint: Paint }[] }) {
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
      {items.map((item, i) => (
        <li key={`${i}-${item.label}`} className="flex min-w-0 items-center gap-1.5">
          <Swatch paint={item.paint} />
          <span className="break-words">{item.label}</span>
        </li>
      ))}
    </ul>
  );
}
