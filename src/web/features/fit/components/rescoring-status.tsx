import { useFitStatus } from '../../../components/fit/fit-queries';

/**
 * The background rescoring after a change (issue 40): how many stored jobs are scored against the
 * profiles as they are now. Polled while it runs (fit-queries.ts), quiet once it is done.
 */
export function RescoringStatus() {
  const status = useFitStatus().data;
  if (!status?.rescoring) return null;
  const { done, total } = status;
  const share = total > 0 ? Math.floor((done / total) * 100) : 0;
  return (
    <section
      aria-labelledby="fit-rescoring-heading"
      className="rounded-lg border border-line bg-surface px-5 py-4 shadow-sm"
    >
      <h2 id="fit-rescoring-heading" className="text-sm font-semibold text-fg">
        Scoring stored jobs again
      </h2>
      <p className="mt-1 text-sm text-fg-muted" aria-live="polite">
        {`${done.toLocaleString()} of ${total.toLocaleString()} jobs scored (${share}%). The list shows the new scores as they come.`}
      </p>
      <div
        role="progressbar"
        aria-labelledby="fit-rescoring-heading"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done.toLocaleString()} of ${total.toLocaleString()}`}
        className="mt-3 h-2 overflow-hidden rounded-full bg-surface-hover"
      >
        <div className="h-full rounded-full bg-accent" style={{ width: `${share}%` }} />
      </div>
    </section>
  );
}
