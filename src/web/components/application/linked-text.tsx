import { find } from 'linkifyjs';
import type { ReactNode } from 'react';
import { TEXT_LINK_CLASS } from '../ui/text-link';

/** Only web addresses become links: javascript:, data:, mailto: and the rest stay text. */
function webHref(href: string): string | null {
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Plain text with the web addresses linkifyjs finds in it turned into links. React writes every
 * piece as text or as an attribute it escapes, so nothing the operator typed is ever markup.
 */
export function LinkedText({ text }: { text: string }) {
  const pieces: ReactNode[] = [];
  let from = 0;
  for (const link of find(text)) {
    const href = link.type === 'url' ? webHref(link.href) : null;
    if (href === null) continue;
    if (link.start > from) pieces.push(text.slice(from, link.start));
    pieces.push(
      <a
        key={link.start}
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className={`${TEXT_LINK_CLASS} break-all`}
      >
        {link.value}
      </a>,
    );
    from = link.end;
  }
  if (from < text.length) pieces.push(text.slice(from));
  return <>{pieces}</>;
}
