const PLACEHOLDER = '__SITE_NAME__';

/**
 * SPEC.md's {site}. The server writes SITE_NAME into index.html's meta tag; the dev server and
 * tests, which serve the raw file, fall back to the default.
 */
export function siteName(): string {
  const content = document
    .querySelector('meta[name="jobscout-site-name"]')
    ?.getAttribute('content');
  return content && content !== PLACEHOLDER ? content : 'LinkedIn';
}
