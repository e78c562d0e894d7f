import { ShieldCheck } from 'lucide-react';
import type { CookieStatus } from '../../../../contract/operations';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { timeAgo } from '../../../lib/relative-time';
import { useNow } from '../../../lib/use-now';
import { siteName } from '../../../lib/site-name';
import { useCheckCookies, useCookieStatus } from '../api/cookie-status';

interface Line {
  text: string;
  tone: string;
  /** When, and who found out: beside the text, which stays as the issue words it. */
  detail?: string;
}

function describe(status: CookieStatus, now: number): Line {
  const site = siteName();
  if (status.cookies === 'none') return { text: 'No cookies saved yet', tone: 'text-fg-muted' };
  if (status.cookies === 'incomplete') {
    return {
      text: `The saved cookies lack li_at or JSESSIONID: paste new ${site} cookies`,
      tone: 'text-danger-fg',
    };
  }
  const last = status.last_check;
  if (last === null || !last.current) {
    return { text: 'Not checked since these cookies were saved', tone: 'text-fg-muted' };
  }
  const when = timeAgo(last.checked_at, now);
  if (last.state === 'valid') return { text: `Valid — checked ${when}`, tone: 'text-success-fg' };
  return {
    text: `Rejected by ${site}: paste new cookies`,
    tone: 'text-danger-fg',
    detail:
      last.source === 'batch' && last.batch_id !== null
        ? `batch #${last.batch_id}, ${when}`
        : `checked ${when}`,
  };
}

/**
 * Issue 12: whether the site still accepts the saved cookies. Checks the saved cookies, not the
 * text being edited, and shows the last known state, which a batch meeting the sign-in wall
 * also writes.
 */
export function CookieCheck() {
  const status = useCookieStatus();
  const check = useCheckCookies();
  const now = useNow();
  const line = status.data ? describe(status.data, now) : null;

  return (
    <div className="flex flex-wrap items-center gap-3 border-t border-line-soft pt-4">
      <Button
        variant="secondary"
        onClick={() => check.mutate()}
        disabled={check.isPending || status.data?.cookies === 'none'}
      >
        <ShieldCheck aria-hidden="true" />
        {check.isPending ? 'Checking...' : 'Check cookies'}
      </Button>
      <p aria-live="polite" data-testid="cookie-check-status" className="text-sm">
        {check.isError ? (
          <span className="text-danger-fg">{check.error.message}</span>
        ) : status.isError ? (
          <span className="text-danger-fg">
            Could not load the cookie state: {status.error.message}
          </span>
        ) : line ? (
          <>
            <span className={cn(line.tone)}>{line.text}</span>
            {line.detail ? <span className="text-fg-subtle"> · {line.detail}</span> : null}
          </>
        ) : null}
      </p>
    </div>
  );
}
