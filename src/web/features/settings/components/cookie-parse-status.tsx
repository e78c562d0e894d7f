import { cn } from '../../../lib/cn';
import { cookieParseMessages, type CookieParseState } from '../parse-cookie-input';

const TONE: Record<CookieParseState, string> = {
  none: '',
  detected: 'text-fg-muted',
  parsed: 'text-success-fg',
  error: 'text-danger-fg',
};

/**
 * SPEC.md §4's status line for the cookie input. It is always in the page (empty for `none`) so
 * screen readers announce each new message as the state changes.
 */
export function CookieParseStatus({ id, state }: { id: string; state: CookieParseState }) {
  const message = cookieParseMessages[state];
  return (
    <p id={id} aria-live="polite" data-state={state} className={cn('min-h-5 text-sm', TONE[state])}>
      {message}
    </p>
  );
}
