import { Ban } from 'lucide-react';
import { FIT_BAND_LABELS, FIT_BANDS, type FitBand } from '../../../contract/fit';
import type { JobFitSummary } from '../../../contract/fit-api';
import { cn } from '../../lib/cn';

// A job's fit band (issue 40) looks the same on every screen: its word, its score, and bars in
// the band's colour (theme-tokens.css, --fit-*) whose count says the band again, so neither
// colour nor shape alone carries it.

/** The band's fill: one colour per band everywhere (Jobs, the panel, the board, the fit screen). */
export const FIT_BAND_FILL: Readonly<Record<FitBand, string>> = {
  strong: 'fill-fit-strong',
  good: 'fill-fit-good',
  weak: 'fill-fit-weak',
  poor: 'fill-fit-poor',
};

/** Strong fills four bars, Poor one. */
const barsOf = (band: FitBand) => FIT_BANDS.length - FIT_BANDS.indexOf(band);

/** Four rising bars, as many filled in the band's colour as the band is high. */
export function FitBandIcon({ band, className }: { band: FitBand; className?: string }) {
  const filled = barsOf(band);
  return (
    <svg
      viewBox="0 0 16 12"
      aria-hidden="true"
      data-band={band}
      className={cn('h-3 w-4 shrink-0', className)}
    >
      {[0, 1, 2, 3].map((i) => (
        <rect
          key={i}
          x={i * 4}
          y={9 - i * 3}
          width={3}
          height={3 + i * 3}
          rx={0.5}
          className={i < filled ? FIT_BAND_FILL[band] : 'fill-line-strong'}
        />
      ))}
    </svg>
  );
}

/** "Fit: Strong, 86 of 100", as a screen reader reads the badge. */
export function fitLabel(fit: Pick<JobFitSummary, 'band' | 'score' | 'dealbreaker'>): string {
  const dealbreaker = fit.dealbreaker ? ', a dealbreaker found' : '';
  return `Fit: ${FIT_BAND_LABELS[fit.band]}, ${fit.score} of 100${dealbreaker}`;
}

/**
 * The band and score of a job, as a badge. A score from the search card alone (the description
 * not read yet) says so on hover.
 */
export function FitBadge({
  fit,
  className,
}: {
  fit: Pick<JobFitSummary, 'band' | 'score' | 'dealbreaker' | 'source'>;
  className?: string;
}) {
  const label = fitLabel(fit);
  const title =
    fit.source === 'card'
      ? `${label} (from the search card: the description is not read yet)`
      : label;
  return (
    <span
      data-slot="badge"
      data-fit-band={fit.band}
      role="img"
      aria-label={label}
      title={title}
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-surface px-2 py-0.5 text-xs font-medium text-fg-soft ring-1 ring-inset ring-line-strong',
        className,
      )}
    >
      <FitBandIcon band={fit.band} />
      {FIT_BAND_LABELS[fit.band]}
      <span className="tabular-nums text-fg-muted">{fit.score}</span>
      {fit.dealbreaker ? <Ban className="size-3 text-fg-muted" aria-hidden="true" /> : null}
    </span>
  );
}
