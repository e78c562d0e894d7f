/**
 * Canonical job link: `{baseUrl}/jobs/view/{id}` with no slug and no tracking parameters.
 * Built from LINKEDIN_BASE_URL rather than a fixed host so that, pointed at the simulated
 * site (tests, demo), links stay inside it; in production the base is
 * https://www.linkedin.com, which gives the site's own canonical form.
 */
export function canonicalJobUrl(baseUrl: string, jobId: string): string {
  return new URL(`/jobs/view/${jobId}`, baseUrl).toString();
}

const URN_ID = /^urn:li:(?:fs_normalized_|fsd_)?jobPosting:(\d+)$/;

export function jobIdFromUrn(urn: string | undefined): string | null {
  return urn ? (URN_ID.exec(urn.trim())?.[1] ?? null) : null;
}

/** The job id of a `/jobs/view/<slug>-<id>?…` link: its trailing digits. */
export function jobIdFromLink(href: string | undefined): string | null {
  if (!href) return null;
  const path = href.split(/[?#]/)[0] ?? '';
  return /\/jobs\/view\/(?:[^/]*?-)?(\d+)\/?$/.exec(path)?.[1] ?? null;
}

/** The `<slug>` of a `/company/<slug>` link, without its tracking parameters. */
export function companySlugFromLink(href: string | undefined): string | null {
  if (!href) return null;
  const path = href.split(/[?#]/)[0] ?? '';
  const slug = /\/company\/([^/]+)\/?/.exec(path)?.[1];
  if (!slug) return null;
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}
