import { FIT_BAND_LABELS, FIT_BANDS, type FitBand } from '../../contract/fit';
import type { OverviewFit } from '../../contract/overview';
import type { OverviewStatements } from './overview-statements';
import { perDay, type ResolvedSpan } from './overview-span';

// Issue 40 (docs/decisions/066): the new jobs of each day by their fit band, from the `fit` facet
// that migration 0025's triggers keep by each job's current best score, and the day's new jobs
// (the `kind` facet) for those without a fit.

const isBand = (value: string): value is FitBand => FIT_BANDS.some((band) => band === value);

export function fitBands(statements: OverviewStatements, resolved: ResolvedSpan): OverviewFit {
  const { span, scope } = resolved;
  const bands = new Map(FIT_BANDS.map((band) => [band, perDay(span.days)]));
  const scored = perDay(span.days);
  for (const row of statements.byDayValue('fit', scope)) {
    if (!isBand(row.value)) continue;
    bands.get(row.value)?.add(row.day, row.jobs);
    scored.add(row.day, row.jobs);
  }
  const all = perDay(span.days);
  for (const row of statements.byDayValue('kind', scope)) all.add(row.day, row.jobs);
  return {
    ...span,
    bands: FIT_BANDS.map((band) => ({
      band,
      label: FIT_BAND_LABELS[band],
      jobs: bands.get(band)?.values ?? span.days.map(() => 0),
    })),
    unscored: all.values.map((jobs, i) => Math.max(0, jobs - (scored.values[i] ?? 0))),
  };
}

/** Per query, its new jobs in the range that are Strong and Good fits now. */
export function fitsByQuery(
  statements: OverviewStatements,
  resolved: ResolvedSpan,
): (queryId: number) => { strong: number; good: number } {
  const count = (band: FitBand) =>
    new Map(
      statements.byQuery('fit', [band], resolved.scope).map((row) => [row.query_id, row.jobs]),
    );
  const strong = count('strong');
  const good = count('good');
  return (queryId) => ({ strong: strong.get(queryId) ?? 0, good: good.get(queryId) ?? 0 });
}
