import {
  OVERVIEW_WORKPLACES,
  type OverviewCount,
  type OverviewMarket,
  type OverviewSalary,
} from '../../contract/overview';
import { quantile, type Bin } from './histogram';
import type { FacetValueRow, OverviewStatements } from './overview-statements';
import { perDay, type ResolvedSpan } from './overview-span';

export const TOP_COMPANIES = 10;
const SALARY_FACET = 'salary:';

const mostFirst = (rows: readonly FacetValueRow[]): OverviewCount[] =>
  rows
    .map((r) => ({ value: r.value, jobs: r.jobs }))
    .sort((a, b) => b.jobs - a.jobs || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));

const binsOf = (rows: readonly FacetValueRow[]): Bin[] =>
  rows.map((r) => ({ value: Number(r.value), jobs: r.jobs }));

/** The market of the jobs first seen in the range: who hires, where, for what pay, to whom. */
export function market(statements: OverviewStatements, resolved: ResolvedSpan): OverviewMarket {
  const { scope } = resolved;
  const easyApply = new Map(statements.byValue('easy_apply', scope).map((r) => [r.value, r.jobs]));
  const applicants = binsOf(statements.byValue('applicants', scope));
  return {
    ...resolved.span,
    companies: companies(statements, resolved),
    workplace: workplace(statements, resolved),
    salaries: salaries(statements.byPrefixValue(SALARY_FACET, scope)),
    seniority: mostFirst(statements.byValue('seniority', scope)),
    employment_types: mostFirst(statements.byValue('employment_type', scope)),
    easy_apply: {
      jobs: (easyApply.get('0') ?? 0) + (easyApply.get('1') ?? 0),
      easy_apply: easyApply.get('1') ?? 0,
    },
    applicants: {
      jobs: applicants.reduce((n, b) => n + b.jobs, 0),
      median: quantile(applicants, 0.5),
    },
  };
}

/** The companies with the most new jobs, each named from its page or a job of it. */
function companies(
  statements: OverviewStatements,
  resolved: ResolvedSpan,
): OverviewMarket['companies'] {
  return statements.topValues('company', resolved.scope, TOP_COMPANIES).map((row) => {
    const company = statements.company(row.value);
    return {
      name: company?.name ?? row.value,
      normalized_name: row.value,
      company_id: company?.company_id ?? null,
      jobs: row.jobs,
      blocked: company?.blocked === 1,
    };
  });
}

function workplace(
  statements: OverviewStatements,
  resolved: ResolvedSpan,
): OverviewMarket['workplace'] {
  const days = resolved.span.days;
  const series = new Map(OVERVIEW_WORKPLACES.map((w) => [w, perDay(days)] as const));
  for (const row of statements.byDayValue('workplace', resolved.scope))
    for (const [name, values] of series) if (name === row.value) values.add(row.day, row.jobs);
  const values = (name: (typeof OVERVIEW_WORKPLACES)[number]) => series.get(name)?.values ?? [];
  return {
    remote: values('remote'),
    hybrid: values('hybrid'),
    'on-site': values('on-site'),
    unknown: values('unknown'),
  };
}

/** Per currency, its yearly salaries' quartiles (to the 1,000 of the histogram), most jobs first. */
function salaries(rows: readonly FacetValueRow[]): OverviewSalary[] {
  const byCurrency = new Map<string, FacetValueRow[]>();
  for (const row of rows) {
    const currency = row.facet.slice(SALARY_FACET.length);
    byCurrency.set(currency, [...(byCurrency.get(currency) ?? []), row]);
  }
  return [...byCurrency.entries()]
    .map(([currency, currencyRows]) => {
      const bins = binsOf(currencyRows);
      return {
        currency,
        jobs: bins.reduce((n, b) => n + b.jobs, 0),
        p25: quantile(bins, 0.25) ?? 0,
        median: quantile(bins, 0.5) ?? 0,
        p75: quantile(bins, 0.75) ?? 0,
      };
    })
    .filter((s) => s.jobs > 0)
    .sort((a, b) => b.jobs - a.jobs || (a.currency < b.currency ? -1 : 1));
}
