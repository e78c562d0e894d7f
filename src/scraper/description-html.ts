import sanitizeHtml from 'sanitize-html';

// A job description is the site's HTML, and so untrusted: it reaches the Jobs screen only through
// this allow-list. Text structure survives (paragraphs, lists, emphasis, headings, links); anything
// that runs, styles, tracks or loads (scripts, styles, event handlers, images, frames, forms) goes.

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'ul',
    'ol',
    'li',
    'b',
    'strong',
    'em',
    'i',
    'u',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'a',
  ],
  // rel and target are the transform's own (below); whatever the site sent is replaced.
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Their text is code or styling, never part of the description.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'svg'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links leave the dashboard in a new tab that cannot reach back into it, and earn the
    // linked site nothing.
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        rel: 'noopener noreferrer nofollow',
        target: '_blank',
      },
    }),
  },
};

/** The description's HTML made safe to render; null when nothing readable is left. */
export function sanitizeDescriptionHtml(html: string): string | null {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return clean.replace(/<[^>]*>/g, '').trim() === '' ? null : clean;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Plain text (paragraphs split by blank lines) as the same kind of HTML, escaped. */
export function descriptionHtmlFromText(text: string): string | null {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (paragraphs.length === 0) return null;
  return paragraphs
    .map((p) => `<p>${p.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c).replace(/\n/g, '<br />')}</p>`)
    .join('');
}
