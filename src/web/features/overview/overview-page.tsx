import { useCallback, useMemo } from 'react';
import { useUrlParams } from '../../lib/use-url-params';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import './charts/chart-tokens.css';
import { OverviewFilters } from './overview-filters';
import { overviewParamsToUrl, parseOverviewParams, type OverviewParams } from './overview-params';
import { FitSection } from './sections/fit-section';
import { HeadlinesSection } from './sections/headlines-section';
import { MarketSection } from './sections/market-section';
import { NewJobsSection } from './sections/new-jobs-section';
import { SearchesSection } from './sections/searches-section';
import { SiteHealthSection } from './sections/site-health-section';
import { TriageSection } from './sections/triage-section';

/**
 * `/overview` (issue 32): what the searches found over time, what it cost, and whether the site
 * still parses, for a range of days and optionally one saved query. The headline figures, then
 * five sections, each on its own call; the charts (visx, decision 053) load with this screen only.
 */
export function OverviewPage() {
  // `view` is what the sections show; `shownView` what the filters show, a click at once.
  const { committed: params, shown: shownParams, set: setParams } = useUrlParams();
  const view = useMemo(() => parseOverviewParams(params), [params]);
  const shownView = useMemo(() => parseOverviewParams(shownParams), [shownParams]);
  const setView = useCallback(
    (next: OverviewParams) => setParams(overviewParamsToUrl(next)),
    [setParams],
  );
  return (
    <>
      <PageHeader title="Overview" />
      <div className="flex flex-col gap-6">
        <Card className="p-4">
          <OverviewFilters view={shownView} onChange={setView} />
        </Card>
        <HeadlinesSection view={view} />
        <NewJobsSection view={view} />
        <FitSection view={view} />
        <SearchesSection view={view} />
        <MarketSection view={view} />
        <TriageSection view={view} />
        <SiteHealthSection view={view} />
      </div>
    </>
  );
}
