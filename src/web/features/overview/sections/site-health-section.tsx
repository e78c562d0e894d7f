import { useSiteHealth } from '../api/get-overview';
import type { OverviewParams } from '../overview-params';
import { OverviewSection } from './overview-section';
import { FillChart, RequestsChart, TroubleChart } from './site-health-charts';
import { CookieState, DriftList } from './site-health-status';

/** 5. Site health: whether the site still parses completely, and what it cost (issue 32). */
export function SiteHealthSection({ view }: { view: OverviewParams }) {
  return (
    <OverviewSection
      title="Site health"
      description="The site parses the same for every search, so these figures cover them all."
      result={useSiteHealth(view)}
    >
      {(data) => (
        <div className="flex flex-col gap-8">
          <div className="grid gap-6 sm:grid-cols-2">
            <DriftList drift={data.drift} />
            <CookieState cookies={data.cookies} />
          </div>
          <FillChart data={data} view={view} />
          <div className="grid gap-8 lg:grid-cols-2">
            <RequestsChart data={data} view={view} />
            <TroubleChart data={data} view={view} />
          </div>
        </div>
      )}
    </OverviewSection>
  );
}
