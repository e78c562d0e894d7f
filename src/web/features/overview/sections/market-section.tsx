import type { OverviewMarket } from '../../../../contract/overview';
import { useMarket } from '../api/get-overview';
import { formatDecimal, formatNumber, formatShare } from '../charts/format';
import { csvFileName, type OverviewParams } from '../overview-params';
import { CompaniesChart } from './market-companies';
import { MixChart } from './market-mix';
import { SalariesChart } from './market-salaries';
import { WorkplaceChart } from './market-workplace';
import { OverviewSection } from './overview-section';
import { Stat } from './stat';

function MarketStats({ data }: { data: OverviewMarket }) {
  const { easy_apply: easy, applicants } = data;
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <Stat
        label="Easy Apply"
        value={easy.jobs > 0 ? formatShare(easy.easy_apply / easy.jobs) : '–'}
        detail={
          easy.jobs > 0
            ? `${formatNumber(easy.easy_apply)} of ${formatNumber(easy.jobs)} new jobs with details`
            : 'No new job’s details fetched yet'
        }
      />
      <Stat
        label="Median applicants"
        value={applicants.median === null ? '–' : formatDecimal(applicants.median)}
        detail={
          applicants.jobs > 0
            ? `Over the ${formatNumber(applicants.jobs)} new jobs that show a count`
            : 'No new job shows an applicant count yet'
        }
      />
    </dl>
  );
}

function Market({ data, view }: { data: OverviewMarket; view: OverviewParams }) {
  return (
    <div className="flex flex-col gap-6">
      <MarketStats data={data} />
      <div className="grid gap-8 lg:grid-cols-2">
        <CompaniesChart data={data} view={view} />
        <WorkplaceChart data={data} view={view} />
        <SalariesChart data={data} view={view} />
        <div className="flex min-w-0 flex-col gap-8">
          <MixChart
            title="Seniority"
            category="Seniority level"
            counts={data.seniority}
            paintIndex={6}
            fileName={csvFileName('seniority', view)}
          />
          <MixChart
            title="Employment type"
            category="Employment type"
            counts={data.employment_types}
            paintIndex={5}
            fileName={csvFileName('employment-types', view)}
          />
        </div>
      </div>
    </div>
  );
}

/** 3. Market: who is hiring, where, for how much, and how (issue 32). */
export function MarketSection({ view }: { view: OverviewParams }) {
  return (
    <OverviewSection
      title="Market"
      description="Over the jobs first seen in the range."
      result={useMarket(view)}
    >
      {(data) => <Market data={data} view={view} />}
    </OverviewSection>
  );
}
