import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import {
  OVERVIEW_FIELD_LABELS,
  type OverviewDrift,
  type OverviewSiteHealth,
} from '../../../../contract/overview';
import { TEXT_LINK_CLASS } from '../../../components/ui/text-link';
import { cn } from '../../../lib/cn';
import { timeAgo } from '../../../lib/relative-time';
import { siteName } from '../../../lib/site-name';
import { useNow } from '../../../lib/use-now';

const sinceDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** "Salary not parsed since 4 Mar 2025": the date of the batch it started in. */
export function driftText(drift: OverviewDrift): string {
  const field = OVERVIEW_FIELD_LABELS[drift.field];
  return drift.since === null
    ? `${field} not parsed since`
    : `${field} not parsed since ${sinceDate.format(new Date(drift.since))},`;
}

/** The fields the site stopped giving (decision 054), each with the batch it started in. */
export function DriftList({ drift }: { drift: readonly OverviewDrift[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-fg">
        Markup drift
      </h3>
      {drift.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-success-fg">
          <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
          Every watched field parses as usual.
        </p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {drift.map((d) => (
            <li key={d.field} className="flex items-start gap-2 text-sm text-danger-fg">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                {driftText(d)}{' '}
                <Link to={`/jobs?batch=${d.batch_id}`} className={TEXT_LINK_CLASS}>
                  batch #{d.batch_id}
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function cookieLine(cookies: OverviewSiteHealth['cookies'], now: number) {
  const site = siteName();
  if (cookies.cookies === 'none') return { text: 'No cookies saved', tone: 'text-fg-muted' };
  if (cookies.cookies === 'incomplete') {
    return { text: `The saved cookies lack li_at or JSESSIONID`, tone: 'text-danger-fg' };
  }
  const last = cookies.last_check;
  if (last === null || !last.current) {
    return { text: 'Saved, not checked yet', tone: 'text-fg-muted' };
  }
  const when = timeAgo(last.checked_at, now);
  return last.state === 'valid'
    ? { text: `Valid — checked ${when}`, tone: 'text-success-fg' }
    : { text: `Rejected by ${site} ${when}`, tone: 'text-danger-fg' };
}

/** The saved cookies' state, as Settings shows it (AI searches need them). */
export function CookieState({ cookies }: { cookies: OverviewSiteHealth['cookies'] }) {
  const now = useNow();
  const line = cookieLine(cookies, now);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-fg">
        Cookies
      </h3>
      <p className="text-sm">
        <span className={cn(line.tone)}>{line.text}</span>
        {' · '}
        <Link to="/settings" className={TEXT_LINK_CLASS}>
          Settings
        </Link>
      </p>
    </section>
  );
}
