import type { OverviewMarket } from '../../../../contract/overview';
import { Badge } from '../../../components/ui/badge';
import { BarList } from '../charts/bar-list';
import { ChartFrame } from '../charts/chart-frame';
import type { ChartData } from '../charts/chart-table';
import { formatNumber } from '../charts/format';
import { seriesPaint } from '../charts/paint';
import { csvFileName, type OverviewParams } from '../overview-params';

const TITLE = 'Top companies by new jobs';

type Company = OverviewMarket['companies'][number];

/**
 * The Jobs screen filtered on a company. Its filter folds names as the runner stores them
 * (case, spacing, legal suffixes), so the name as shown finds the same jobs as the folded one
 * and reads better in the Jobs screen's filter field.
 */
export const companyJobsHref = (company: Company): string =>
  `/jobs?${new URLSearchParams({ company: company.name }).toString()}`;

export function companiesTable(companies: readonly Company[]): ChartData {
  return {
    columns: [
      { label: 'Company' },
      { label: 'New jobs' },
      { label: 'Company id' },
      { label: 'Blocked' },
    ],
    rows: companies.map((c) => [
      c.name,
      c.jobs,
      c.company_id === null ? null : String(c.company_id),
      c.blocked ? 'Yes' : 'No',
    ]),
  };
}

export function CompaniesChart({ data, view }: { data: OverviewMarket; view: OverviewParams }) {
  return (
    <ChartFrame
      title={TITLE}
      description="Each opens the company’s jobs, where it can be blocked."
      data={companiesTable(data.companies)}
      fileName={csvFileName('companies', view)}
      empty={data.companies.length === 0 ? 'No company has a new job in this range yet.' : null}
    >
      <BarList
        label={TITLE}
        categoryLabel="Company"
        valueLabel="New jobs"
        items={data.companies.map((c) => ({
          label: c.name,
          value: c.jobs,
          paint: seriesPaint(4),
          href: companyJobsHref(c),
          badge: c.blocked ? <Badge tone="red">Blocked</Badge> : undefined,
          tooltip: [
            { label: 'New jobs', value: formatNumber(c.jobs) },
            { label: 'Blocked', value: c.blocked ? 'Yes' : 'No' },
          ],
        }))}
      />
    </ChartFrame>
  );
}
