import type { OverviewTriage } from '../../contract/overview';
import type { OverviewStatements } from './overview-statements';
import type { ResolvedSpan } from './overview-span';

/**
 * How far the jobs first seen in the range went (the `state` facet): found is every one of
 * them, seen those opened (seen, saved or applied), saved those saved or applied; hidden apart.
 */
export function triage(statements: OverviewStatements, resolved: ResolvedSpan): OverviewTriage {
  const by = new Map(statements.byValue('state', resolved.scope).map((r) => [r.value, r.jobs]));
  const count = (...states: string[]) => states.reduce((n, s) => n + (by.get(s) ?? 0), 0);
  return {
    ...resolved.span,
    stages: [
      { stage: 'found', jobs: count(...by.keys()) },
      { stage: 'seen', jobs: count('seen', 'saved', 'applied') },
      { stage: 'saved', jobs: count('saved', 'applied') },
      { stage: 'applied', jobs: count('applied') },
    ],
    hidden: count('hidden'),
  };
}
