import { ExternalLink } from 'lucide-react';
import { cn } from '../../lib/cn';
import { buttonVariants } from '../ui/button';

// Issue 41: the employer's own application address, as the job's page gave it (the server keeps
// only http(s) addresses, LinkedIn's redirect removed), opened in a new tab that learns nothing
// of the dashboard (no opener, no referrer).

/** Only an http(s) address becomes a link: a stored value is never trusted further than that. */
export function isWebAddress(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/** "Apply on the company's site"; nothing when the job has no address. */
export function CompanyApplyLink({
  applyUrl,
  className,
}: {
  applyUrl: string | null | undefined;
  className?: string;
}) {
  if (!applyUrl || !isWebAddress(applyUrl)) return null;
  return (
    <a
      href={applyUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }), className)}
    >
      <ExternalLink className="size-4" aria-hidden="true" />
      Apply on the company&apos;s site
    </a>
  );
}
